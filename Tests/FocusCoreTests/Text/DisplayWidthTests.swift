import FocusCore
import Testing

@testable import FocusViewModels

/// Display width of text on a terminal, per grapheme cluster, from the Unicode data.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        // ASCII, and nothing
        ("abc", 3), ("", 0), ("focus start 25", 14),
        // Chinese, Japanese, full-width and half-width forms
        ("专注", 4), ("声境护照", 8), ("東京", 4), ("ひらがな", 8), ("ＡＢＣ", 6), ("１２", 4), ("，。", 4),
        ("ｶﾀｶﾅ", 4),
        // Hangul: syllables, and a syllable spelled in jamo (the medial and final jamo join the first)
        ("한국어", 6), ("\u{1100}\u{1161}\u{11A8}", 2),
        // combining accents, precomposed or not
        ("é", 1), ("e\u{301}", 1), ("e\u{301}\u{302}", 1), ("Ame\u{301}lie", 6), ("专\u{301}", 2),
        // zero-width characters on their own
        ("\u{200D}", 0), ("\u{200C}", 0), ("\u{FE0F}", 0), ("\u{301}", 0),
        // emoji: presentation, ZWJ sequences, flags, keycaps, skin tones, tag sequences
        ("😀", 2), ("🍅", 2), ("👨‍👩‍👧‍👦", 2), ("👩‍💻", 2), ("🏳️‍🌈", 2), ("❤️‍🔥", 2),
        ("🇨🇳", 2), ("🇺🇸", 2), ("🇺", 2), ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),
        ("1️⃣", 2), ("#️⃣", 2), ("*️⃣", 2),
        ("👍🏽", 2), ("👋🏿", 2), ("☝🏽", 2), ("🏽", 2),
        // VS16 widens a text-default emoji; VS15 leaves a wide one wide (the wider answer wins)
        ("❤", 1), ("❤️", 2), ("☺", 1), ("☺️", 2), ("☺︎", 1), ("⌚", 2), ("⌚︎", 2), ("⌚️", 2),
        // East Asian Ambiguous is narrow
        ("…", 1), ("·", 1), ("°", 1), ("─", 1), ("α", 1),
        // mixed
        ("focus 专注 🍅", 13), ("#写作 · 25m", 11),
    ])
    func widthOf(_ text: String, _ columns: Int) {
        #expect(text.displayWidth == columns)
        #expect(text.reduce(0) { $0 + $1.displayWidth } == columns)
    }

    @Test(arguments: ["👨‍👩‍👧‍👦", "🇨🇳", "1️⃣", "👍🏽", "e\u{301}", "\u{1100}\u{1161}\u{11A8}", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"])
    func aSequenceIsOneCluster(_ text: String) {
        #expect(text.count == 1)
    }

    @Test(arguments: [
        (0x41, 1), (0x4E13, 2), (0x1F600, 2), (0x0301, 0), (0x200D, 0), (0xFE0F, 0), (0x00AD, 1), (0x0600, 1),
        (0x1160, 0), (0x11A8, 0), (0x115F, 2), (0x3000, 2), (0xFF21, 2), (0xFF76, 1), (0x2026, 1), (0x1B, 0),
        // unassigned code points in the CJK blocks and planes 2 and 3 default to wide (UAX #11)
        (0x2FFFD, 2), (0x3FFFD, 2),
    ])
    func widthOfAScalar(_ value: UInt32, _ columns: Int) {
        #expect(DisplayWidth.of(scalar: Unicode.Scalar(value)!) == columns)
    }

    /// Every scalar measured scalar by scalar (``DisplayWidth/standsAlone(_:)``) is a cluster of its own next to
    /// any other such scalar, so the short way and the cluster walk agree on any text made of them.
    @Test(arguments: [0x20..<0x7F, 0xA0..<0x100, 0x2010..<0x2028, 0x2190..<0x2200, 0x2500..<0x2600, 0x2660..<0x2720])
    func scalarsThatStandAloneMeasureAsClusters(_ values: Range<UInt32>) {
        let scalars = values.compactMap(Unicode.Scalar.init).filter(DisplayWidth.standsAlone)
        let everyOther = ["", "a", "·", "█", "→", "\u{A0}"]
        for scalar in scalars {
            for other in everyOther {
                let text = String(Character(scalar)) + other + String(Character(scalar))
                #expect(text.count == 2 + other.count, "\(scalar.value) \(other) joins a cluster")
                #expect(text.displayWidth == text.reduce(0) { $0 + $1.displayWidth }, "\(scalar.value)")
            }
        }
        #expect(!DisplayWidth.standsAlone("\u{AD}") && !DisplayWidth.standsAlone("\u{301}"))
    }

    /// The short way's widths are the table's, and its scalars need no escape and join nothing before them, so a
    /// ``TerminalLine`` takes such text as one run without looking further.
    @Test(arguments: [0x20..<0x7F, 0xA0..<0x100, 0x2010..<0x2028, 0x2190..<0x2200, 0x2500..<0x2600, 0x2660..<0x2720])
    func scalarsThatStandAloneAreSafeAndMeasuredAsTheTableSays(_ values: Range<UInt32>) {
        for scalar in values.compactMap(Unicode.Scalar.init).filter(DisplayWidth.standsAlone) {
            #expect(DisplayWidth.columnsStandingAlone(scalar) == DisplayWidth.of(scalar: scalar), "\(scalar.value)")
            #expect(!TerminalEscaping.isUnsafe(scalar), "\(scalar.value)")
            for before in ["a", " ", "\u{600}", "e\u{301}", "❤"] {
                let text = String(Character(scalar))
                #expect(TerminalEscaping.attachingHead(of: text, after: before) == nil, "\(scalar.value)")
                var line = TerminalLine(verbatim: before)
                line.append(verbatim: text + text, .cyan)
                #expect(line.text == before + text + text, "\(scalar.value)")
                #expect(line.width == before.displayWidth + 2 * DisplayWidth.of(scalar: scalar), "\(scalar.value)")
            }
        }
        #expect(DisplayWidth.widthStandingAlone("░▒▓ ◽".unicodeScalars) == 6)
        #expect(DisplayWidth.widthStandingAlone("a\u{301}".unicodeScalars) == nil)
    }

    /// The bytes' short way (what a line and `displayWidth` use) decodes every scalar as the scalars' way reads it,
    /// one, two, three and four bytes long, alone and between printable ASCII and a bar.
    @Test(arguments: [0..<0x800, 0x800..<0x3000, 0xF000..<0x10000, 0x1F000..<0x1F700, 0xE0000..<0xE0080])
    func theBytesShortWayReadsEveryScalarAsTheScalarsWay(_ values: Range<UInt32>) {
        for scalar in values.compactMap(Unicode.Scalar.init) {
            for text in [String(scalar), "a" + String(scalar) + "█", String(scalar) + "\u{301}"] {
                let bytes = text.utf8.withContiguousStorageIfAvailable(DisplayWidth.widthStandingAlone(utf8:))
                #expect(bytes == DisplayWidth.widthStandingAlone(text.unicodeScalars), "\(scalar.value)")
            }
        }
    }
}
