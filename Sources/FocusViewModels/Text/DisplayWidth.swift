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

    /// Whether `scalar` is a grapheme cluster of its own whatever is next to it, in text made only of such scalars:
    /// its Grapheme_Cluster_Break is Other (no mark, joiner, selector, control, Hangul jamo, regional indicator or
    /// prepended letter), so a cluster never extends past it. Printable ASCII, Latin-1 but the soft hyphen, general
    /// punctuation from the hyphen to the ellipsis, arrows, box drawing, blocks and geometric shapes, the note and
    /// the check mark (`♪`, `✓`, neither an emoji): what focus draws its reports with.
    @inlinable public static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0...0xAC, 0xAE...0xFF, 0x2010...0x2027, 0x2190...0x21FF, 0x2500...0x25FF, 0x266A, 0x2713:
            true
        default: false
        }
    }

    /// Columns of a scalar that ``standsAlone(_:)``, without the table: 1, but the two wide geometric squares (◽◾).
    @inlinable public static func columnsStandingAlone(_ scalar: Unicode.Scalar) -> Int {
        scalar.value == 0x25FD || scalar.value == 0x25FE ? 2 : 1
    }

    /// Columns of text made only of scalars that ``standsAlone(_:)`` (bars, dots, dashes), or `nil` when it has
    /// another: measured scalar by scalar, without the table.
    @inlinable public static func widthStandingAlone(_ scalars: some Sequence<Unicode.Scalar>) -> Int? {
        var width = 0
        for scalar in scalars {
            guard standsAlone(scalar) else { return nil }
            width += columnsStandingAlone(scalar)
        }
        return width
    }

    /// Columns of `text` when it is made only of scalars that ``standsAlone(_:)``, or `nil` when it has another:
    /// measured on its bytes in place when it has them (a native string), else scalar by scalar. Inlinable, so that
    /// each caller gets a copy for its own string type.
    @inlinable public static func widthStandingAlone(_ text: some StringProtocol) -> Int? {
        text.utf8.withContiguousStorageIfAvailable(widthStandingAlone(utf8:)) ?? widthStandingAlone(text.unicodeScalars)
    }

    /// Columns of UTF-8 text made only of scalars that ``standsAlone(_:)`` (printable ASCII, bars, dots, dashes), or
    /// `nil` when it has another: decoded from the bytes in place, in one pass. All such scalars take at most three
    /// bytes; `bytes` must be valid UTF-8 (a string's own).
    @usableFromInline static func widthStandingAlone(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var width = 0
        var index = 0
        while index < bytes.count {
            let lead = UInt32(bytes[index])
            // Printable ASCII, most of a report, without the scalar's checks.
            if lead &- 0x20 < 0x5F {
                width += 1
                index += 1
                continue
            }
            let value: UInt32
            if lead < 0x80 {
                value = lead
                index += 1
            } else if lead & 0xE0 == 0xC0 {
                value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead & 0xF0 == 0xE0 {
                value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                return nil
            }
            guard let scalar = Unicode.Scalar(value), standsAlone(scalar) else { return nil }
            width += columnsStandingAlone(scalar)
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
    ///
    /// Inlinable, so that each caller gets a copy for its own string type: a generic copy looks the types of
    /// `utf8` up at run time on its first call, which costs more than measuring every line of a report.
    @inlinable public var displayWidth: Int {
        // Text of scalars that each make a cluster of their own (printable ASCII, bars, dots, dashes) is measured on
        // its bytes, without the search for cluster boundaries that costs most of a report's measuring.
        if let width = DisplayWidth.widthStandingAlone(self) { return width }
        return reduce(0) { $0 + DisplayWidth.of($1) }
    }
}
