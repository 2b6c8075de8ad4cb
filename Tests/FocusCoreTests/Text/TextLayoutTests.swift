import FocusCore
import Testing

@testable import FocusViewModels

/// Truncation, padding and wrapping by display width, for plain strings and for terminal lines.
@Suite struct TextLayoutTests {
    /// Mixed text: ASCII, Chinese, accents, emoji sequences, full-width forms.
    static let samples = [
        "focus", "专注", "声境护照 · 第一章", "#写作 deep work 🍅", "Ame\u{301}lie 的笔记", "👨‍👩‍👧‍👦🇨🇳1️⃣👍🏽",
        "ＦＵＬＬ width", "한국어 텍스트", "a专b注c", "", "❤️‍🔥 on fire", "supercalifragilisticexpialidocious",
    ]

    @Test(arguments: samples)
    func truncationNeverExceedsTheWidthAndEndsInAnEllipsisWhenItCuts(_ text: String) {
        for width in 0...20 {
            let cut = text.truncated(toWidth: width)
            if text.displayWidth <= width {
                #expect(cut == text)
            } else {
                #expect(cut.displayWidth == width, "\(text) at \(width): \(cut)")
                if width > 0 { #expect(cut.trimmingCharacters(in: [" "]).hasSuffix("…")) }
                // What is kept is whole clusters from the start of the text.
                let kept = cut.trimmingCharacters(in: [" "]).dropLast()
                #expect(text.hasPrefix(kept) && kept.count <= text.count)
            }
        }
    }

    @Test(arguments: samples)
    func paddingAndFittingReachTheWidth(_ text: String) {
        for width in 0...20 {
            for alignment in [TextAlignment.left, .right, .center] {
                #expect(text.padded(toWidth: width, alignment: alignment).displayWidth == max(width, text.displayWidth))
                #expect(text.fitted(toWidth: width, alignment: alignment).displayWidth == width)
            }
        }
    }

    @Test(arguments: [
        ("专注专注", 6, "专注… "), ("专注专注", 5, "专注…"), ("专注专注", 8, "专注专注"), ("专注专注", 2, "… "),
        ("专注专注", 1, "…"), ("专注专注", 0, ""), ("abcdef", 4, "abc…"), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        ("👨‍👩‍👧abc", 2, "… "), ("👨‍👩‍👧abc", 3, "👨‍👩‍👧…"), ("🇨🇳🇺🇸🇫🇷", 5, "🇨🇳🇺🇸…"),
    ])
    func truncation(_ text: String, _ width: Int, _ expected: String) {
        #expect(text.truncated(toWidth: width) == expected)
    }

    @Test(arguments: [
        ("专注", TextAlignment.left, "专注  "), ("专注", .right, "  专注"), ("专注", .center, " 专注 "),
        ("专", .center, " 专  "), ("专注专注", .left, "专注专注"),
    ])
    func padding(_ text: String, _ alignment: TextAlignment, _ expected: String) {
        #expect(text.padded(toWidth: text == "专" ? 5 : 6, alignment: alignment) == expected)
    }

    @Test(arguments: [
        (10, ["专注是一种", "习惯，也是", "一种能力。"]),
        (7, ["专注是", "一种习", "惯，也", "是一种", "能力。"]),
    ])
    func chineseBreaksBetweenCharactersButNeverBeforeClosingPunctuation(_ width: Int, _ lines: [String]) {
        #expect("专注是一种习惯，也是一种能力。".wrapped(toWidth: width) == lines)
    }

    @Test(arguments: [
        ("the quick brown fox", 10, ["the quick", "brown fox"]),
        ("  spaces   collapse  ", 20, ["spaces collapse"]),
        ("supercalifragilistic", 8, ["supercal", "ifragili", "stic"]),
        ("今天写作 deep work 两小时", 12, ["今天写作", "deep work 两", "小时"]),
        ("「专注」模式", 6, ["「专", "注」模", "式"]),
        ("专a", 1, ["…", "a"]),
        ("anything", 0, []),
        ("", 10, []),
    ])
    func wrapping(_ text: String, _ width: Int, _ lines: [String]) {
        #expect(text.wrapped(toWidth: width) == lines)
    }

    @Test(arguments: samples)
    func wrappedLinesFitAndKeepEveryCharacter(_ text: String) {
        for width in 2...20 {
            let lines = text.wrapped(toWidth: width)
            #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(text) at \(width): \(lines)")
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        }
    }

    @Test func aLineFromDataIsMeasuredCutAndWrappedAsItShows() {
        let hostile = "专注\u{1B}]0;pwned\u{07}\r\nforged row \u{202E}txt.exe"
        for width in 0...20 {
            for line in [
                TerminalLine(verbatim: hostile, .cyan), TerminalLine([TextSpan("#", .dim), TextSpan(hostile)]),
            ] {
                #expect(line.truncated(toWidth: width).width <= width)
                #expect(line.fitted(toWidth: width, alignment: .right).width == width)
                #expect(line.wrapped(toWidth: width).allSatisfy { $0.width <= width })
                let shown = TerminalRenderer(color: false).render(line.truncated(toWidth: width))
                #expect(shown.unicodeScalars.allSatisfy { TerminalEscaping.escape($0) == nil })
                #expect(shown.displayWidth <= width)
            }
        }
    }

    @Test func anyMixtureOfScriptsEmojiAndControlsFitsEveryWidth() {
        // 300 lines drawn from a fixed pool with a fixed seed: the same cases on every run.
        let pool = [
            "a", " ", "专", "注", "，", "。", "「", "」", "é", "e\u{301}", "👨‍👩‍👧", "🇨🇳", "1️⃣", "👍🏽", "❤️", "⌚︎",
            "ｶ", "Ａ", "한", "\u{1B}", "\n", "\r\n", "\u{7}", "\u{9B}", "\u{202E}", "\u{200B}", "\u{E0041}", "…", "\t",
            "\u{301}", "\u{FE0F}", "\u{1F3FD}", "🇳", "\u{11A8}",
        ]
        var seed: UInt64 = 17
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let text = (0..<next(24)).map { _ in pool[next(pool.count)] }.joined()
            let line = TerminalLine([TextSpan(text, .cyan), TextSpan(text)])
            for width in 0...20 {
                #expect(line.fitted(toWidth: width).width == width, "\(line.text) at \(width)")
                #expect(line.wrapped(toWidth: width).allSatisfy { $0.width <= width && !$0.isEmpty })
                #expect(TerminalRenderer(color: false).render(line.truncated(toWidth: width)).displayWidth <= width)
            }
        }
    }

    /// Printable ASCII is wrapped on its bytes (`help`'s 40 KB); the lines are those of the cells' way, whatever
    /// the runs of spaces and words longer than a line.
    @Test func printableASCIIWrapsOnBytesAsOnCells() throws {
        var seed: UInt64 = 29
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pool = [" ", "  ", "a", "word", "supercalifragilistic", "--range", "x=1,", "`focus`", "~", "!"]
        for _ in 0..<400 {
            let text = (0..<next(16)).map { _ in pool[next(pool.count)] }.joined()
            for width in 0...24 {
                let bytes = try #require(wrappedOnBytes(text, toWidth: width))
                #expect(
                    bytes == TextLayout.wrap(LayoutCell.cells(text), toWidth: width).map(\.text),
                    "'\(text)' at \(width)")
            }
        }
        for text in ["tab\there", "专注 work", "caf\u{E9}", "bell\u{7}", "del\u{7F}", "line\nbreak"] {
            #expect(wrappedOnBytes(text, toWidth: 10) == nil, "\(text)")
        }
    }

    private func wrappedOnBytes(_ text: String, toWidth width: Int) -> [String]? {
        Array(text.utf8).withUnsafeBufferPointer { TextLayout.wrapPrintableASCII($0, toWidth: width) }
    }

    /// Multi-line text is split at its newlines on bytes where that is the characters' way: every row the same as
    /// `split(separator: "\n")` gives, CR LF pairs and marks after a newline included.
    @Test func rowsAreSplitAsTheCharactersSplit() {
        var seed: UInt64 = 31
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pool = ["\n", "\n\n", "\r", "\r\n", "a", "专", "e\u{301}", "\u{301}", "👨‍👩‍👧", " ", "\u{1B}"]
        for _ in 0..<2000 {
            let text = (0..<next(12)).map { _ in pool[next(pool.count)] }.joined()
            #expect(TerminalLine.rows(of: text) == text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    @Test func wrappingALineKeepsEachCharactersStyle() {
        let line = TerminalLine([TextSpan("Focus", .bold), TextSpan(" on "), TextSpan("专注写作", .cyan)])
        let lines = line.wrapped(toWidth: 8)
        #expect(lines.map(\.text) == ["Focus on", "专注写作"])
        #expect(lines[1] == TerminalLine("专注写作", .cyan))
        #expect(lines[0] == TerminalLine([TextSpan("Focus", .bold), TextSpan(" on")]))
    }

    @Test func aPaddedRowLosesOnlyItsTrailingSpaces() {
        let row = TerminalLine([TextSpan("a1b2", .dim), TextSpan("  "), TextSpan("专注 ", .cyan)])
            .padded(toWidth: 20)
        #expect(
            row.trimmingTrailingSpaces()
                == TerminalLine([TextSpan("a1b2", .dim), TextSpan("  "), TextSpan("专注", .cyan)]))
        #expect(TerminalLine("   ").trimmingTrailingSpaces().isEmpty)
        #expect(TerminalLine("tab\t ").trimmingTrailingSpaces().text == "tab\\t")
    }

    /// Trailing spaces cut at once after a scalar that stands alone (printable ASCII, a bar's blocks), and one
    /// character at a time after anything else: a space a prepended mark (U+0600) holds in its cluster, or one a
    /// combining mark follows, stays.
    @Test(arguments: [
        (["abc   "], "abc"), (["   "], ""), (["\u{600} "], "\u{600} "), (["\u{600}  "], "\u{600} "), (["中 "], "中"),
        (["a \u{301}"], "a \u{301}"), (["x ", "  ", "   "], "x"), (["é  "], "é"), (["~ "], "~"), (["a\t "], "a\\t"),
        (["███▌   "], "███▌"), (["·  ", " "], "·"), (["→ ◽  "], "→ ◽"), (["█", "\u{600}  "], "█\u{600} "),
        (["e\u{301}  "], "e\u{301}"), (["▓ \u{301} "], "▓ \u{301}"),
    ])
    func trailingSpacesAreCutAsCharacters(_ spans: [String], _ trimmed: String) {
        let styles: [TextStyle] = [.bold, .plain, .dim]
        let line = TerminalLine(spans.enumerated().map { TextSpan($1, styles[$0 % 3]) }).trimmingTrailingSpaces()
        #expect(line.text == trimmed)
        #expect(line.width == trimmed.displayWidth)
    }

    /// A line of printable ASCII, made at once, is what the general path makes of it: measured and checked character
    /// by character after a character that is not ASCII.
    @Test(arguments: [
        "a", "Focus stats · 7 days".filter(\.isASCII), String((0x21..<0x7F).map { Character(Unicode.Scalar($0)!) }),
        "Mon 11-23  1h 40m  ####", "x y",
    ])
    func anASCIILineIsWhatTheGeneralPathMakesOfIt(_ text: String) {
        for style in [TextStyle.plain, .bold, .cyan] {
            let line = TerminalLine(verbatim: text, style)
            #expect(TerminalLine(verbatim: "é", style) + line == TerminalLine(verbatim: "é" + text, style))
            #expect(line.width == text.count)
        }
    }

    @Test func multiLineProgramTextIsOneLinePerRow() {
        let lines = TerminalLine.lines("Usage: focus start\n\n  --tag T\u{1B}", .dim)
        #expect(
            lines == [TerminalLine("Usage: focus start", .dim), TerminalLine(), TerminalLine("  --tag T\u{1B}", .dim)])
        #expect(lines[2].text == "  --tag T\\e")
    }

    @Test func truncatingALineEndsInTheStyleOfTheTextCut() {
        let line = TerminalLine([TextSpan("tag ", .dim), TextSpan("专注写作", .cyan)])
        #expect(line.truncated(toWidth: 9) == TerminalLine([TextSpan("tag ", .dim), TextSpan("专注…", .cyan)]))
        #expect(
            line.truncated(toWidth: 8) == TerminalLine([TextSpan("tag ", .dim), TextSpan("专…", .cyan), TextSpan(" ")]))
    }

    /// `+`, `padded`, `truncated` and `trimmingTrailingSpaces` take their line by value (consumed, so a chain grows one
    /// array in place): a line still used after them is what it was, and a chain of them is the text joined.
    @Test(arguments: [
        ["abc "], ["a", " · ", "专注 "], ["tag\t", "  "], ["███▌", " ", "6h07m "], ["é", "\u{301}x  "],
    ])
    func aLineUsedAgainAfterAnOperationIsUnchanged(_ parts: [String]) {
        let styles: [TextStyle] = [.plain, .cyan, .bold]
        let lines = parts.enumerated().map { TerminalLine(verbatim: $1, styles[$0 % 3]) }
        let kept = lines.map { ($0, $0.text, $0.width) }
        var chain = TerminalLine()
        for line in lines { chain = chain + line }
        let padded = lines[0].padded(toWidth: 12, alignment: .right)
        let truncated = chain.truncated(toWidth: 3)
        let trimmed = chain.trimmingTrailingSpaces()
        for (line, text, width) in kept { #expect(line.text == text && line.width == width) }
        #expect(lines.map(\.text) == kept.map(\.1))
        #expect(chain == TerminalLine(parts.enumerated().map { TextSpan($1, styles[$0 % 3]) }))
        #expect(padded.width == max(12, lines[0].width) && padded.text.hasSuffix(lines[0].text))
        #expect(truncated.width == min(3, chain.width))
        #expect(trimmed.text == String(chain.text.reversed().drop { $0 == " " }.reversed()))
        #expect(chain.width == kept.map(\.2).reduce(0, +) || parts.contains { $0.hasPrefix("\u{301}") })
    }

    /// A cell fitted to its column: cut between clusters with `…`, then padded with spaces, whatever the script.
    @Test(arguments: [
        ("专注写作", 6, TextAlignment.left, "专注… "), ("专注写作", 9, .left, "专注写作 "),
        ("专注", 6, .right, "  专注"), ("e\u{301}e\u{301}e\u{301}", 2, .left, "e\u{301}…"),
        ("e\u{301}x", 5, .center, " e\u{301}x  "), ("👨‍👩‍👧x", 2, .left, "… "), ("👨‍👩‍👧", 4, .left, "👨‍👩‍👧  "),
        ("\u{301}ab", 5, .left, "\\u{0…"), ("", 3, .left, "   "),
    ])
    func aCellIsFittedByClusters(_ text: String, _ width: Int, _ alignment: TextAlignment, _ shown: String) {
        let cell = TerminalLine(verbatim: text, .cyan).fitted(toWidth: width, alignment: alignment)
        #expect(cell.text == shown)
        #expect(cell.width == width)
    }

    /// A head with its body wrapped beside it: later rows indented under the body, one row when it fits.
    @Test(arguments: [
        ("  ♪ ", "专注写作 深度", 10, ["  ♪ 专注写", "    作 深", "    度"]), ("  01 ", "Lisbon", 20, ["  01 Lisbon"]),
        ("  ♪ ", "e\u{301}tude 👨‍👩‍👧", 9, ["  ♪ e\u{301}tude", "    👨‍👩‍👧"]), ("  ✓ ", "", 10, ["  ✓ "]),
    ])
    func aHangingBodyIsIndentedUnderItself(_ head: String, _ body: String, _ width: Int, _ rows: [String]) {
        let lines = TerminalLine.hanging(TerminalLine(verbatim: head), TerminalLine(verbatim: body), toWidth: width)
        #expect(lines.map(\.text) == rows)
        #expect(lines.allSatisfy { $0.width <= width })
        #expect(
            TerminalLine.hanging(TerminalLine(verbatim: head), TerminalLine(verbatim: body), toWidth: nil).map(\.text)
                == [head + body])
    }
}
