import FocusCore
import Foundation
import Testing

@testable import focus

/// What a person sees when focus's text layer writes to a real terminal (tmux): data cannot drive the
/// terminal, lines fitted to the window do not wrap, and focus counts columns as the terminal draws them.
@Suite(.serialized) struct TerminalSafetyTests {
    func requireTmux() -> Bool {
        if Tmux.path == nil { Issue.record("tmux is needed for the terminal tests (.ci/run installs it)") }
        return Tmux.path != nil
    }

    /// `lines` written through ``TerminalWriter`` (colour on) into a file a shell in tmux will `cat`.
    static func written(_ home: TempHome, _ name: String, _ write: (TerminalWriter) -> Void) throws -> String {
        let path = home.path + "/" + name
        FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingAtPath: path).unwrap()
        write(TerminalWriter(output: Output(fd: file.fileDescriptor), renderer: TerminalRenderer(color: true)))
        try file.close()
        return path
    }

    /// A tmux window that shows `file` once the test says go (after setting options), then `END`.
    static func showing(_ file: String, in home: TempHome, width: Int = 80) throws -> Tmux {
        let script = """
            while [ ! -f "\(home.path)/go" ]; do sleep 0.05; done
            cat "\(file)"; echo END; exec sleep 120
            """
        try script.write(toFile: home.path + "/show.sh", atomically: true, encoding: .utf8)
        return try Tmux(command: "sh " + home.path + "/show.sh", width: width)
    }

    static func go(_ home: TempHome) { FileManager.default.createFile(atPath: home.path + "/go", contents: nil) }

    static let hostile =
        "work\u{1B}]52;c;cm0gLXJmIH4=\u{07}\u{1B}]2;pwned\u{07}\u{1B}[8msecret\u{1B}[0m\u{202E}gnp.exe\r\n"
        + "2026-11-29 09:00  25m  #forged"

    @Test func dataCannotSetTheTitleWriteTheClipboardHideTextOrForgeARow() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let safe = try Self.written(home, "safe.txt") {
            $0.line(TerminalLine([TextSpan("#", .dim), TextSpan(Self.hostile, .cyan)]))
        }
        let tmux = try Self.showing(safe, in: home, width: 120)
        try tmux.setOption("set-clipboard", "on")
        let title = try tmux.display("#{pane_title}")
        Self.go(home)
        #expect(try eventually { try tmux.screen().contains("END") })
        let screen = try tmux.screen()
        #expect(screen[0] == "#" + TerminalEscaping.escaped(Self.hostile))
        #expect(screen[0].contains("\\e[8msecret\\e[0m\\u{202E}gnp.exe\\r\\n2026-11-29"))
        #expect(screen[1] == "END")
        #expect(try tmux.display("#{pane_title}") == title)
        #expect(try tmux.buffers().isEmpty)
    }

    @Test func writtenRawTheSameDataRetitlesTheWindowFillsTheClipboardAndAddsARow() throws {
        // The control for the test above: it would see these if the data reached the terminal raw.
        guard requireTmux() else { return }
        let home = try TempHome()
        let raw = home.path + "/raw.txt"
        try (Self.hostile + "\n").write(toFile: raw, atomically: true, encoding: .utf8)
        let tmux = try Self.showing(raw, in: home)
        try tmux.setOption("set-clipboard", "on")
        Self.go(home)
        #expect(try eventually { try tmux.screen().contains("END") })
        #expect(try tmux.display("#{pane_title}") == "pwned")
        #expect(try !tmux.buffers().isEmpty)
        #expect(try tmux.screen()[1] == "2026-11-29 09:00  25m  #forged")
    }

    /// Clusters whose width tmux 3.3 agrees on. It differs from current terminals (kitty, WezTerm,
    /// iTerm2, Windows Terminal) for VS16 and keycaps (it draws 1, focus counts 2: harmless) and for
    /// skin tones (it draws each scalar, 4 columns, where those terminals and focus count 2); and it keeps
    /// at most 21 bytes in a cell, so it splits a family of four (25 bytes) that they draw as one emoji.
    static let clusters = [
        "abc", "专注", "声境护照", "ＡＢＣ", "ｶﾀｶﾅ", "한국어", "\u{1100}\u{1161}\u{11A8}", "e\u{301}", "Ame\u{301}lie",
        "👨‍👩‍👧", "👩‍💻", "🇨🇳", "🇺🇸", "😀🍅", "⌚︎", "☺︎", "…·°", "#写作 · 25m", "\u{4DC0}",
    ]

    @Test func focusCountsColumnsAsTheTerminalDrawsThem() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        // Each row: the text, then the cursor moved to the column after it by focus's count, then `|`.
        // Where the terminal drew the text wider or narrower, the `|` overwrites it or leaves a gap.
        let rows = Self.clusters.map { "\($0)\u{1B}[\($0.displayWidth + 1)G|" }
        let file = home.path + "/widths.txt"
        try (rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let tmux = try Tmux(command: "sh -c 'cat \"\(file)\"; echo END; exec sleep 120'", height: 30)
        #expect(try eventually { try tmux.screen().contains("END") })
        let screen = try tmux.screen()
        for (index, text) in Self.clusters.enumerated() {
            #expect(screen[index] == text + "|", "\(text): focus counts \(text.displayWidth)")
        }
    }

    @Test func aLiveFrameWithAChineseTagRedrawsInPlace() throws {
        // Issue 17: a header counted one column per character wrapped, and each redraw left a line behind.
        guard requireTmux() else { return }
        let home = try TempHome()
        let columns = 40
        func frame(_ seconds: Int) -> [TerminalLine] {
            let header = TerminalLine(" Focus · 1/4 · #专注写作声境护照的第一章 · ends 09:25", .red)
            let bar = TerminalLine(verbatim: " " + String(repeating: "█", count: seconds) + " 12:3\(seconds)")
            return [header.truncated(toWidth: columns - 1), bar, TerminalLine(" space pause · q stop", .dim)]
        }
        let file = try Self.written(home, "frames.txt") { writer in
            writer.send(.hideCursor)
            for second in 0..<6 { writer.redraw(frame(second)) }
            // The cursor rests at the start of the frame's first row: three line feeds go below it.
            writer.lines([TerminalLine(), TerminalLine(), TerminalLine()])
        }
        let tmux = try Self.showing(file, in: home, width: columns)
        Self.go(home)
        #expect(try eventually { try tmux.screen().contains("END") })
        let screen = try tmux.screen()
        #expect(screen.filter { $0.contains("Focus") }.count == 1)
        #expect(screen[0] == " Focus · 1/4 · #专注写作声境护照的第一…")
        #expect(screen[1] == " █████ 12:35")
        #expect(screen[2] == " space pause · q stop")
        #expect(try tmux.display("#{cursor_flag}") == "0")
    }
}

extension Optional {
    fileprivate func unwrap() throws -> Wrapped {
        guard let self else { throw CocoaError(.fileNoSuchFile) }
        return self
    }
}
