/// Which characters of text may not reach a terminal as they are, and the visible escape shown instead.
///
/// One convention, in ASCII, each character of an escape one column wide:
/// - `\e` for ESC, `\n` LF, `\r` CR, `\t` TAB;
/// - `\xHH` for any other C0 control, DEL and the C1 controls: `\x07` (BEL), `\x00`, `\x7F`, `\x9B` (CSI);
/// - `\u{HHHH}` (at least four hex digits) for every other unsafe character: `\u{202E}`, `\u{E0041}`.
///
/// A backslash in the text itself is shown unchanged (paths and notes stay readable); with colour on,
/// ``TerminalRenderer`` draws escapes in reverse video, so a tag that reads `\e` is told apart from an ESC.
/// `--json` output is exact and needs none of this.
///
/// Unsafe, and so escaped:
/// - every control character: C0 (newline and tab included: a line is one row of the terminal and a tab
///   has no fixed width), DEL and C1 (U+0080–U+009F; U+009B starts a control sequence on some terminals);
///   they are how OSC 52 clipboard writes, window titles and hidden (`\e[8m`) text get in;
/// - every format character (general category Cf): the bidi controls that reorder what follows them
///   (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), zero-width and soft-hyphen characters that
///   hide text or make two tags look the same (U+200B, U+2060, U+FEFF, U+00AD), interlinear annotation
///   (U+FFF9–U+FFFB), tag characters (U+E0001–U+E007F) that carry invisible ASCII. Except: the zero-width
///   joiner and non-joiner (U+200D, U+200C), which emoji sequences and many scripts need; the Arabic and
///   Kaithi number signs, drawn as glyphs; and the tags of an emoji tag sequence (🏴 and a subdivision);
/// - the line and paragraph separators U+2028 and U+2029;
/// - the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which draw as blank space;
/// - code points reserved as default-ignorable, where Unicode may put more invisible characters.
///
/// And a span cannot change the character before it: combining marks, variation selectors, skin tones
/// or a regional indicator at the start of a span, which would join the last character of the text
/// before it (or a space, at the start of a line) into one cluster, are escaped too. Otherwise a tag
/// starting with U+FE0F or U+20E3 would turn the `❤` or `#` before it into an emoji wider than measured.
public enum TerminalEscaping {
    /// The visible escape for `scalar`, or `nil` when it is safe to print.
    public static func escape(_ scalar: Unicode.Scalar) -> String? {
        isUnsafe(scalar) ? notation(scalar) : nil
    }

    /// The escape that stands for `scalar` (the convention above), whether or not it is safe.
    static func notation(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case let value where value < 0xA0: return "\\x" + hex(value, digits: 2)
        case let value: return "\\u{" + hex(value, digits: 4) + "}"
        }
    }

    /// `text` with every unsafe character replaced by its escape: what a line shows with colour off.
    public static func escaped(_ text: String) -> String { TerminalLine(verbatim: text).text }

    /// `text` as safe pieces: runs of its own characters, and the escapes that replace the unsafe ones.
    static func pieces(_ text: String) -> [(text: String, isEscape: Bool)] {
        if !text.unicodeScalars.contains(where: isUnsafe) { return [(text, false)] }
        var pieces: [(text: String, isEscape: Bool)] = []
        var safe = String.UnicodeScalarView()
        for character in text {
            let scalars = character.unicodeScalars
            if !scalars.contains(where: isUnsafe) || isEmojiTagSequence(scalars) {
                safe += scalars
                continue
            }
            // Escape scalar by scalar: a tag character extends the cluster of the letter before it.
            for scalar in scalars {
                guard let escape = escape(scalar) else {
                    safe.append(scalar)
                    continue
                }
                if !safe.isEmpty { pieces.append((String(safe), false)) }
                pieces.append((escape, true))
                safe = String.UnicodeScalarView()
            }
        }
        if !safe.isEmpty { pieces.append((String(safe), false)) }
        return pieces
    }

    /// The first character of `text` when it would join the last character of `previous` into one grapheme
    /// cluster because it starts with a combining scalar: a mark, a variation selector, a joiner, a
    /// skin tone, a regional indicator or a Hangul vowel or final consonant.
    static func attachingHead(of text: String, after previous: String) -> Character? {
        guard let scalar = text.unicodeScalars.first, scalar.value >= 0x300 else { return nil }
        let value = scalar.value
        let combining =
            DisplayWidth.lookup(value) == .zero || (0x1F1E6...0x1F1FF).contains(value)
            || (0x1F3FB...0x1F3FF).contains(value)
        // The clusters only for a head that may join (a bar's block or a Chinese character cannot): finding them costs
        // more than the rest of appending a span.
        guard combining, let head = text.first, let last = previous.last else { return nil }
        return (String(last) + String(head)).count == 1 ? head : nil
    }

    /// Whether `scalar` may not reach a terminal as it is (see the list above).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0xA0 { return value < 0x20 || value >= 0x7F }
        // Latin and general punctuation up to the ellipsis: no format character but the soft hyphen.
        if value < 0x300 { return value == 0xAD }
        if (0x2010...0x2027).contains(value) { return false }
        // From the superscripts to the Hangul syllables (arrows, box drawing, the block elements of every bar, CJK,
        // kana) there is no format character and no default-ignorable one but the Hangul filler: no property lookup.
        if (0x2070...0xD7FF).contains(value) { return value == 0x3164 }
        switch value {
        case 0x200C, 0x200D, 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
            return false
        case 0x2028, 0x2029, 0x115F, 0x1160, 0x3164, 0xFFA0:
            return true
        default:
            let properties = scalar.properties
            switch properties.generalCategory {
            case .format: return true
            case .unassigned: return properties.isDefaultIgnorableCodePoint
            default: return false
            }
        }
    }

    /// A black flag followed by tag characters and CANCEL TAG: the flag of a subdivision, such as 🏴󠁧󠁢󠁳󠁣󠁴󠁿.
    private static func isEmojiTagSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        guard scalars.first?.value == 0x1F3F4, scalars.last?.value == 0xE007F, scalars.count > 2 else { return false }
        return scalars.dropFirst().dropLast().allSatisfy { (0xE0020...0xE007E).contains($0.value) }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
