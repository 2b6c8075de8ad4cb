/// How many terminal columns text takes, from the Unicode Character Database (``unicodeVersion``).
///
/// Each scalar has a width from the generated ``table`` (scripts/generate-display-width-table.py says how
/// it is derived): 2 for East Asian Wide and Fullwidth characters and emoji presentation, 0 for combining
/// marks, format controls (ZWJ, ZWNJ, variation selectors…) and Hangul medial and final jamo, 1 for the rest.
/// East Asian Ambiguous characters (`…`, `·`, `°`, box drawing) count 1, as terminals draw them outside a
/// legacy CJK locale. Control characters count 0: text meant for a terminal goes through ``TerminalLine``,
/// which shows them as visible escapes first.
///
/// A grapheme cluster (`Character`) is measured as modern terminals draw it:
/// - a cluster that starts with a wide scalar is 2, whatever follows: an ideograph with marks, a Hangul
///   syllable from jamo, and every emoji sequence that starts with an emoji-presentation scalar (ZWJ
///   families, flags, skin tones, tag sequences);
/// - a cluster that starts with an emoji that defaults to text (`❤`, `☝`, `1`) is 2 when U+FE0F (VS16),
///   a skin tone or a ZWJ follows it, so `❤️`, `☝🏽` and the keycap `1️⃣` are 2;
/// - any other cluster is the sum of its scalars (`é` written e + U+0301 is 1).
///
/// U+FE0E (VS15) never narrows a wide emoji (`⌚︎` stays 2): terminals disagree there, and where they do
/// the wider count is taken, because a line one column short is harmless and one column too long wraps.
public enum DisplayWidth {
    /// What the table says about a scalar that is not simply one column wide.
    enum Class: UInt8, Sendable {
        /// Draws nothing on its own: combining marks, format controls, medial and final jamo.
        case zero
        /// Two columns: East Asian Wide and Fullwidth, emoji presentation.
        case wide
        /// One column, but the base of an emoji presentation sequence: two columns with U+FE0F after it.
        case emojiBase
    }

    /// The class of the scalar `value`, or `nil` for an ordinary one-column scalar.
    static func lookup(_ value: UInt32) -> Class? {
        var low = 0
        var high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table[mid].last < value {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < table.count, table[low].first <= value else { return nil }
        return table[low].class
    }

    /// Columns of one scalar drawn on its own.
    public static func of(scalar: Unicode.Scalar) -> Int {
        switch lookup(scalar.value) {
        case .zero: 0
        case .wide: 2
        case .emojiBase, nil: 1
        }
    }

    /// Columns of one grapheme cluster (see the rules above).
    public static func of(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        let base = lookup(first.value)
        if base == .wide { return 2 }
        var width = base == .zero ? 0 : 1
        while let scalar = scalars.next() {
            if base == .emojiBase && isEmojiSequenceMark(scalar.value) { return 2 }
            width += of(scalar: scalar)
        }
        return width
    }

    /// U+FE0F (emoji presentation), a skin-tone modifier, or the zero-width joiner.
    private static func isEmojiSequenceMark(_ value: UInt32) -> Bool {
        value == 0xFE0F || value == 0x200D || (0x1F3FB...0x1F3FF).contains(value)
    }
}

extension Character {
    /// Columns this grapheme cluster takes on a terminal (``DisplayWidth``).
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension StringProtocol {
    /// Columns this text takes on a terminal: the sum of its grapheme clusters (``DisplayWidth``).
    public var displayWidth: Int {
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
        return reduce(0) { $0 + DisplayWidth.of($1) }
    }
}
