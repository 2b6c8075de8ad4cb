import FocusCore

/// Writes ``TerminalLine``s and ``TerminalControl``s to stdout or stderr through ``TerminalRenderer``: the
/// chokepoint every view's output goes through, so data never reaches the terminal raw.
///
/// Each call is one write, so a whole screen or frame appears at once.
struct TerminalWriter: Sendable {
    let output: Output
    let renderer: TerminalRenderer

    /// Writes `line` and a newline.
    func line(_ line: TerminalLine = TerminalLine()) { output.write(renderer.render(line) + "\n") }

    /// Writes `lines`, each with a newline.
    func lines(_ lines: [TerminalLine]) { output.write(renderer.render(lines)) }

    /// Sends `control` (the bell, the cursor).
    func send(_ control: TerminalControl) { output.write(renderer.render(control)) }

    /// Draws the live frame `lines` over the previous one of `previousCount` rows.
    func redraw(_ lines: [TerminalLine], replacing previousCount: Int) {
        output.write(renderer.frame(lines, replacing: previousCount))
    }
}
