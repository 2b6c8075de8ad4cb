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
        var out = ""
        for run in line.runs {
            let codes = run.style.parameters + (run.isEscape ? [7] : [])
            if !color || codes.isEmpty {
                out += run.text
            } else {
                out += "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m" + run.text + "\u{1B}[0m"
            }
        }
        return out
    }

    /// `lines`, each ended by a newline.
    public func render(_ lines: [TerminalLine]) -> String {
        lines.map { render($0) + "\n" }.joined()
    }

    /// The escape sequence for `control`.
    public func render(_ control: TerminalControl) -> String {
        switch control {
        case .bell: "\u{07}"
        case .hideCursor: "\u{1B}[?25l"
        case .showCursor: "\u{1B}[?25h"
        case .clearLine: "\r\u{1B}[2K"
        }
    }

    /// A live frame: `lines` drawn over the previous frame of `previousCount` rows, the cursor left at the
    /// end of the last line. Each line must fit the terminal's width (``TerminalLine/truncated(toWidth:)``),
    /// or the terminal wraps it and the next frame no longer covers this one.
    public func frame(_ lines: [TerminalLine], replacing previousCount: Int) -> String {
        var out = "\r"
        if previousCount > 1 { out += "\u{1B}[\(previousCount - 1)A" }
        return out + "\u{1B}[J" + lines.map(render).joined(separator: "\n")
    }
}
