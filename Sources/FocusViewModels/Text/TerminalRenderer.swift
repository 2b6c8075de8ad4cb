/// Turns ``TerminalLine``s and ``TerminalControl``s into the bytes written to a terminal: the one place
/// where text meets the terminal, and the only producer of escape sequences.
///
/// Styles become SGR codes only with colour on; with it off the output has no escape sequence at all,
/// and data's unsafe characters show as their visible escapes either way. With colour on, the escapes
/// are drawn in reverse video so they cannot be mistaken for text.
public struct TerminalRenderer: Sendable {
    /// Whether styles are drawn (a terminal, no `NO_COLOR`, the `color` setting).
    public let color: Bool

    public init(color: Bool) { self.color = color }

    /// `line` as text for the terminal, without a newline.
    public func render(_ line: TerminalLine) -> String {
        var out: [UInt8] = []
        append(line, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `lines`, each ended by a newline.
    public func render(_ lines: [TerminalLine]) -> String { String(decoding: bytes(lines), as: UTF8.self) }

    /// `lines`, each ended by a newline, as the UTF-8 bytes written to the terminal: a report built as bytes, with no
    /// string for each line.
    public func bytes(_ lines: [TerminalLine]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(lines.count * 96)
        for line in lines {
            append(line, to: &out)
            out.append(0x0A)
        }
        return out
    }

    /// Adds the bytes of `line` to `out`: each run's text, in its SGR codes when colour is on and it has a look.
    private func append(_ line: TerminalLine, to out: inout [UInt8]) {
        for run in line.runs {
            // No codes for a run drawn as it is (every run with colour off).
            guard color, run.isEscape || run.style != .plain else {
                out.append(contentsOf: run.text.utf8)
                continue
            }
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            var first = true
            for code in run.style.parameters + (run.isEscape ? [7] : []) {
                if !first { out.append(UInt8(ascii: ";")) }
                first = false
                // The codes are 1, 2, 7 and 31-36.
                if code >= 10 { out.append(UInt8(ascii: "0") + UInt8(code / 10)) }
                out.append(UInt8(ascii: "0") + UInt8(code % 10))
            }
            out.append(UInt8(ascii: "m"))
            out.append(contentsOf: run.text.utf8)
            out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")])
        }
    }

    /// The escape sequence for `control`.
    public func render(_ control: TerminalControl) -> String {
        switch control {
        case .bell: "\u{07}"
        case .hideCursor: "\u{1B}[?25l"
        case .showCursor: "\u{1B}[?25h"
        case .enterAlternateScreen: "\u{1B}[?1049h"
        case .leaveAlternateScreen: "\u{1B}[?1049l"
        }
    }

    /// A full-screen frame, row by row from the top of a screen `columns` wide: each row of `lines` that differs
    /// from the same row of `previous` is written at its place (the cursor moved to the row's start, the row, the
    /// rest of it erased), and rows that did not change are not written at all, so a frame that changed one
    /// number costs one short write. Without `previous` the screen is cleared and every row written. Rows that
    /// `previous` had beyond the end of `lines` are erased.
    ///
    /// Each line must fit in `columns` (``TerminalLine/truncated(toWidth:)``); a line that fills its row is not
    /// followed by an erase, which at the last column would erase its last character.
    public func screen(_ lines: [TerminalLine], replacing previous: [TerminalLine]?, columns: Int) -> String {
        var out = previous == nil ? "\u{1B}[H\u{1B}[2J" : ""
        for (row, line) in lines.enumerated() {
            if let previous, row < previous.count, previous[row] == line { continue }
            out += "\u{1B}[\(row + 1);1H" + render(line) + (line.width < columns ? "\u{1B}[K" : "")
        }
        for row in lines.count..<max(lines.count, previous?.count ?? 0) { out += "\u{1B}[\(row + 1);1H\u{1B}[K" }
        return out
    }

    /// A live frame: `lines` drawn in place of the previous frame, from the start of the cursor's row down,
    /// with the cursor put back at the start of the first line.
    ///
    /// Leaving the cursor on the frame's first row, not after its last, is what keeps a resize harmless: a
    /// terminal that reflows its lines when it narrows (tmux, kitty, VTE, iTerm2, Windows Terminal) moves the
    /// cursor with the text it is on, or to the top of the screen when that text went into its history, so the
    /// next frame starts where this one did however many rows this one has become; one that clips lines keeps
    /// the cursor there too. Nothing above that row (the user's command line) is touched. Each line must still
    /// fit the terminal's width (``TerminalLine/truncated(toWidth:)``) for the frame to be as many rows as it
    /// has lines. An empty `lines` erases the previous frame.
    ///
    /// The old frame is erased from the second column (a space, then erase below, then erase the row) rather
    /// than with an erase-below at the first column: at the top left of the screen that is a clear screen,
    /// which tmux (`scroll-on-clear`) and other terminals answer by moving the whole screen into the
    /// scrollback, a copy of the frame each time.
    public func frame(_ lines: [TerminalLine]) -> String {
        let erase = "\r \u{1B}[J\r\u{1B}[K"
        guard !lines.isEmpty else { return erase }
        let up = lines.count > 1 ? "\u{1B}[\(lines.count - 1)A" : ""
        return erase + lines.map(render).joined(separator: "\n") + "\r" + up
    }
}
