import FocusCore
import Testing

/// Text from data never reaches the terminal raw: what each kind of dangerous input shows as.
@Suite struct TerminalEscapingTests {
    @Test(arguments: [
        // OSC 52 clipboard write, window title, hidden text, a colour and a cursor move
        ("\u{1B}]52;c;cm0gLXJmIH4=\u{07}", "\\e]52;c;cm0gLXJmIH4=\\x07"),
        ("\u{1B}]0;pwned\u{07}", "\\e]0;pwned\\x07"), ("\u{1B}]2;title\u{1B}\\", "\\e]2;title\\e\\"),
        ("\u{1B}[8mhidden\u{1B}[0m", "\\e[8mhidden\\e[0m"), ("\u{1B}[2J\u{1B}[H", "\\e[2J\\e[H"),
        // CR and LF that would forge a row, and the other C0 controls
        ("id\r\n2026-11-29 09:00  25m  forged", "id\\r\\n2026-11-29 09:00  25m  forged"), ("a\nb", "a\\nb"),
        ("a\rb", "a\\rb"), ("a\tb", "a\\tb"), ("\u{0}", "\\x00"), ("\u{07}", "\\x07"), ("\u{08}x", "\\x08x"),
        ("\u{7F}", "\\x7F"),
        // C1 controls: CSI, NEL, OSC and ST
        ("\u{9B}31m", "\\x9B31m"), ("\u{85}", "\\x85"), ("\u{9D}0;x\u{9C}", "\\x9D0;x\\x9C"),
        // bidi overrides, embeddings, isolates and marks
        ("invoice\u{202E}fdp.exe", "invoice\\u{202E}fdp.exe"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
        ("\u{2066}x\u{2067}\u{2068}\u{2069}", "\\u{2066}x\\u{2067}\\u{2068}\\u{2069}"),
        ("\u{200E}\u{200F}\u{061C}", "\\u{200E}\\u{200F}\\u{061C}"),
        // invisible characters that hide text or make two tags look the same
        ("wo\u{200B}rk", "wo\\u{200B}rk"), ("wo\u{AD}rk", "wo\\u{00AD}rk"), ("\u{FEFF}bom", "\\u{FEFF}bom"),
        ("a\u{2060}b", "a\\u{2060}b"), ("\u{2028}\u{2029}", "\\u{2028}\\u{2029}"), ("\u{3164}", "\\u{3164}"),
        ("\u{FFF9}ruby\u{FFFB}", "\\u{FFF9}ruby\\u{FFFB}"),
        // tag characters carrying invisible ASCII after a visible letter
        ("ok\u{E0069}\u{E0067}", "ok\\u{E0069}\\u{E0067}"),
    ])
    func dangerousInputIsShownAsAVisibleEscape(_ input: String, _ shown: String) {
        #expect(TerminalEscaping.escaped(input) == shown)
        let line = TerminalLine(verbatim: input, .cyan)
        #expect(line.text == shown)
        #expect(line.width == shown.count)
        for color in [false, true] {
            let bytes = TerminalRenderer(color: color).render(line)
            #expect(!bytes.contains("\n") && !bytes.contains("\r"))
            // Colour on adds SGR codes and nothing else; colour off adds nothing at all.
            let text = color ? Self.removingSGR(bytes) : bytes
            #expect(text == shown)
            #expect(text.unicodeScalars.allSatisfy { TerminalEscaping.escape($0) == nil })
        }
    }

    /// The ranges decided without looking up the scalar's properties decide as the properties would.
    @Test(arguments: [0xA0...0x2FF, 0x2010...0x2027, 0x2070...0xD7FF] as [ClosedRange<UInt32>])
    func theShortcutRangesAgreeWithTheProperties(_ values: ClosedRange<UInt32>) {
        let differing = values.compactMap(Unicode.Scalar.init).filter { scalar in
            let properties = scalar.properties
            let unsafe =
                properties.generalCategory == .format
                || (properties.generalCategory == .unassigned && properties.isDefaultIgnorableCodePoint)
                || scalar.value == 0x3164
            return TerminalEscaping.isUnsafe(scalar) != unsafe
        }
        #expect(differing.isEmpty, "\(differing.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [
        "专注", "声境护照", "👨‍👩‍👧‍👦", "👩‍💻", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "1️⃣", "❤️", "e\u{301}", "می\u{200C}خواهم", "C:\\notes\\e",
        "\u{0600}\u{0661}\u{0662}", "שלום", "한국어", "tab-less · ok …",
    ])
    func ordinaryTextInAnyScriptIsUnchanged(_ text: String) {
        #expect(TerminalEscaping.escaped(text) == text)
        #expect(TerminalRenderer(color: false).render(TerminalLine(verbatim: text)) == text)
    }

    @Test(arguments: [
        ("#", "\u{20E3}work", "#\\u{20E3}work"), ("❤", "\u{FE0F} x", "❤\\u{FE0F} x"),
        ("👍", "\u{1F3FD}", "👍\\u{1F3FD}"), ("🇨", "🇳", "🇨\\u{1F1F3}"),
        ("a", "\u{301}\u{302}b", "a\\u{0301}\\u{0302}b"),
        ("가", "\u{11A8}", "가\\u{11A8}"), ("#", "专注", "#专注"), ("e", " \u{301}", "e \u{301}"),
    ])
    func aSpanCannotChangeTheCharacterBeforeIt(_ before: String, _ span: String, _ shown: String) {
        let line = TerminalLine([TextSpan(before, .dim), TextSpan(span)])
        #expect(line.text == shown)
        #expect(line.width == shown.displayWidth)
        #expect(TerminalLine(verbatim: before, .dim) + TerminalLine(verbatim: span) == line)
        var appended = TerminalLine(verbatim: before)
        appended.append(verbatim: span, .bold)
        #expect(appended.text == shown)
    }

    @Test(arguments: [
        ("\u{301}x", "\\u{0301}x"), ("\u{FE0F}", "\\u{FE0F}"), ("\u{1F3FD}", "\\u{1F3FD}"),
        ("\u{1B}\u{301}", "\\e\\u{0301}"),
        ("🇨🇳 China", "🇨🇳 China"), ("\u{1100}\u{1161}", "\u{1100}\u{1161}"),
    ])
    func aLineCannotStartWithACharacterThatCombinesWithWhatIsBeforeIt(_ text: String, _ shown: String) {
        let line = TerminalLine(verbatim: text)
        #expect(line.text == shown)
        #expect(line.padded(toWidth: 12, alignment: .right).width == 12)
        #expect((TerminalLine("ok ") + line).text == "ok " + shown)
    }

    @Test func colourOnDrawsStylesAndEscapesWithSGRCodesOnly() {
        let line = TerminalLine([TextSpan("Focus", .red), TextSpan(" · #"), TextSpan("a\u{1B}b", .cyan)])
        #expect(
            TerminalRenderer(color: true).render(line)
                == "\u{1B}[31mFocus\u{1B}[0m · #\u{1B}[36ma\u{1B}[0m\u{1B}[36;7m\\e\u{1B}[0m\u{1B}[36mb\u{1B}[0m")
        #expect(TerminalRenderer(color: false).render(line) == "Focus · #a\\eb")
        #expect(
            TerminalRenderer(color: true).render(TerminalLine("x", .bold.with(.dim).with(.green)))
                == "\u{1B}[1;2;32mx\u{1B}[0m")
    }

    /// Every look's SGR codes, written as bytes, with and without a visible escape after the text, on a line and in
    /// the report's bytes.
    @Test(arguments: [nil, TextStyle.Color.red, .green, .yellow, .cyan])
    func everyLookHasItsCodes(_ color: TextStyle.Color?) {
        for bold in [false, true] {
            for dim in [false, true] {
                let style = TextStyle(bold: bold, dim: dim, color: color)
                let codes = (bold ? ["1"] : []) + (dim ? ["2"] : []) + (color.map { ["\($0.rawValue)"] } ?? [])
                let plain = codes.isEmpty ? "ab" : "\u{1B}[" + codes.joined(separator: ";") + "mab\u{1B}[0m"
                let escape = "\u{1B}[" + (codes + ["7"]).joined(separator: ";") + "m\\t\u{1B}[0m"
                let line = TerminalLine(verbatim: "ab\t", style)
                #expect(TerminalRenderer(color: true).render(line) == plain + escape)
                #expect(
                    TerminalRenderer(color: true).bytes([line, line]) == Array((plain + escape + "\n").utf8)
                        + Array((plain + escape + "\n").utf8))
                #expect(TerminalRenderer(color: false).bytes([line]) == Array("ab\\t\n".utf8))
            }
        }
    }

    @Test func linesAreSeparateRowsAndDataCannotAddOne() {
        let rows = [TerminalLine("09:00  25m  #writing"), TerminalLine("x\n09:30  25m  #forged")]
        let text = TerminalRenderer(color: false).render(rows)
        #expect(text == "09:00  25m  #writing\nx\\n09:30  25m  #forged\n")
        #expect(text.split(separator: "\n").count == 2)
    }

    /// A frame erases from the cursor's row down (never with an erase-below at the first column, which at the top
    /// of the screen is a clear screen that tmux copies into its history), and leaves the cursor at the start of
    /// its first line, where the next frame begins.
    @Test func aFrameDrawsFromItsFirstRowAndReturnsThere() {
        let renderer = TerminalRenderer(color: false)
        let frame = renderer.frame([TerminalLine(" Focus · #专注\u{1B}[8m"), TerminalLine(" ███░░ 12:34")])
        let erase = "\r \u{1B}[J\r\u{1B}[K"
        #expect(frame == erase + " Focus · #专注\\e[8m\n ███░░ 12:34\r\u{1B}[1A")
        #expect(renderer.frame([TerminalLine("Next: Break 05:00")]) == erase + "Next: Break 05:00\r")
        #expect(renderer.frame([]) == erase)
    }

    @Test(arguments: [
        (TerminalControl.bell, "\u{07}"), (.hideCursor, "\u{1B}[?25l"), (.showCursor, "\u{1B}[?25h"),
    ])
    func controlsAreTheOnlyOtherEscapeSequences(_ control: TerminalControl, _ bytes: String) {
        #expect(TerminalRenderer(color: false).render(control) == bytes)
    }

    /// `text` without its SGR sequences (`ESC [ digits ; … m`).
    static func removingSGR(_ text: String) -> String {
        text.replacing(/\x{1B}\[[0-9;]*m/, with: "")
    }
}
