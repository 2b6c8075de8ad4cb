import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// Writes ``TerminalLine``s and ``TerminalControl``s to stdout or stderr through ``TerminalRenderer``: the
/// chokepoint every view's output goes through, so data never reaches the terminal raw.
///
/// Machine formats have their own doors, named for what they write: ``json(_:)`` (exact values, unsafe
/// characters as `\u` escapes), ``document(_:)`` (CSV and iCalendar: exact bytes on a pipe or in a file,
/// escaped line by line on a terminal) and ``exact(_:)`` (text that must reach its reader byte for byte: the
/// man page, completion scripts and words, and a `status --format` template, whose values come escaped).
///
/// Each call is one write, so a whole screen or frame appears at once.
struct TerminalWriter: Sendable {
    let output: Output
    let renderer: TerminalRenderer

    /// Stdout without colour: help and version, which need no settings.
    static let standardOutput = TerminalWriter(output: .standard, renderer: TerminalRenderer(color: false))
    /// Stderr, never in colour: errors, warnings and reports.
    static let standardError = TerminalWriter(output: .error, renderer: TerminalRenderer(color: false))

    /// The file descriptor written to.
    var fd: Int32 { output.fd }

    /// Whether it is a terminal.
    var isTerminal: Bool { output.isTerminal }

    /// Its columns: the terminal's own width, else `COLUMNS` from `environment`, else 80.
    func columns(environment: Environment) -> Int {
        var size = winsize()
        if isTerminal, ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// Writes `line` and a newline.
    func line(_ line: TerminalLine = TerminalLine()) { output.write(renderer.render(line) + "\n") }

    /// Writes `text` (anything, data included) in `style` as one line, as it is in every language. Labelled, so
    /// that an unlabelled literal makes a translated ``Message``.
    func line(verbatim text: String, _ style: TextStyle = .plain) { line(TerminalLine(verbatim: text, style)) }

    /// Writes `message` in the command's language (``Language/current``) and `style` as one line.
    func line(_ message: Message, _ style: TextStyle = .plain) { line(verbatim: message.localized, style) }

    /// Writes `lines`, each with a newline.
    func lines(_ lines: [TerminalLine]) { output.write(bytes: renderer.bytes(lines)) }

    /// Sends `control` (the bell, the cursor).
    func send(_ control: TerminalControl) { output.write(renderer.render(control)) }

    /// Draws the live frame `lines` in place of the previous one (``TerminalRenderer/frame(_:)``); no lines
    /// erase it.
    func redraw(_ lines: [TerminalLine]) { output.write(renderer.frame(lines)) }

    /// Draws the full-screen frame `lines` over `previous` (``TerminalRenderer/screen(_:replacing:columns:)``): only
    /// the rows that changed, or every row when there is no previous frame.
    func screen(_ lines: [TerminalLine], replacing previous: [TerminalLine]?, columns: Int) {
        output.write(renderer.screen(lines, replacing: previous, columns: columns))
    }

    /// Writes a JSON text and a newline: the values exact, and every character a terminal must not receive
    /// raw written as a `\u` escape (JSON already escapes the C0 controls and DEL).
    func json(_ text: String) { output.write(JSONText.terminalSafe(text) + "\n") }

    /// Writes an exported document (CSV, iCalendar) as it is, or line by line as ``TerminalLine``s when it
    /// goes to a terminal, so a note or a name in it cannot drive the terminal.
    func document(_ text: String) {
        guard isTerminal else { return output.write(text) }
        // A CRLF is one `Character`: split on either line ending, and keep neither.
        var rows = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if rows.last?.isEmpty == true { rows.removeLast() }
        lines(rows.map { TerminalLine(verbatim: String($0)) })
    }

    /// ``document(_:)`` of UTF-8 bytes: on a pipe or in a file they go out as they are, with no `String` made.
    func document(bytes: [UInt8]) {
        guard isTerminal else { return output.write(bytes: bytes) }
        document(String(decoding: bytes, as: UTF8.self))
    }

    /// Writes `text` byte for byte: only for the formats named above, never for a view.
    func exact(_ text: String) { output.write(text) }
}
