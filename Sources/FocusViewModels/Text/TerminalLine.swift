/// One row of terminal output: styled text that is safe whatever it holds.
///
/// Every view builds its output from these, and only ``TerminalRenderer`` turns them into bytes. The text
/// of each span is escaped as the line is built (``TerminalEscaping``): control characters, escape
/// sequences and bidi controls in tags, notes, ids or imported names are shown, never obeyed, and a newline
/// in data shows as `\n` instead of starting a row. Width, truncation, padding and wrapping measure the
/// escaped text, so a line fitted to a width never exceeds it, whatever the data.
public struct TerminalLine: Equatable, Sendable {
    /// Text of one look, already safe: either the line's own characters or a visible escape.
    struct Run: Equatable, Sendable {
        var text: String
        var style: TextStyle
        var isEscape: Bool
    }

    /// The runs in order; neighbours always differ in look.
    private(set) var runs: [Run] = []

    /// An empty line.
    public init() {}

    /// A line of `text` (anything, data included) in `style`.
    public init(_ text: String, _ style: TextStyle = .plain) { append(text, style) }

    /// A line of `spans`, in order.
    public init(_ spans: [TextSpan]) {
        for span in spans { append(span.text, span.style) }
    }

    init(cells: [LayoutCell]) {
        for cell in cells { merge(Run(text: String(cell.character), style: cell.style, isEscape: cell.isEscape)) }
    }

    /// Adds `text` (anything, data included) in `style` at the end.
    public mutating func append(_ text: String, _ style: TextStyle = .plain) {
        for piece in TerminalEscaping.pieces(text) {
            append(Run(text: piece.text, style: style, isEscape: piece.isEscape))
        }
    }

    /// Adds `line` at the end.
    public mutating func append(_ line: TerminalLine) {
        for run in line.runs { append(run) }
    }

    /// `left` followed by `right`.
    public static func + (left: TerminalLine, right: TerminalLine) -> TerminalLine {
        var line = left
        line.append(right)
        return line
    }

    /// Adds `run`, first escaping a head that would combine with the text before it (or, at the start,
    /// with a space put before the line), so that no span changes what is drawn before it.
    private mutating func append(_ run: Run) {
        guard !run.isEscape, let head = TerminalEscaping.attachingHead(of: run.text, after: runs.last?.text ?? " ")
        else { return merge(run) }
        let notation = head.unicodeScalars.map(TerminalEscaping.notation).joined()
        merge(Run(text: notation, style: run.style, isEscape: true))
        merge(Run(text: String(run.text.dropFirst()), style: run.style, isEscape: false))
    }

    /// Adds `run` as it is, into the last run when they look the same.
    private mutating func merge(_ run: Run) {
        guard !run.text.isEmpty else { return }
        if let last = runs.last, last.style == run.style, last.isEscape == run.isEscape {
            runs[runs.count - 1].text += run.text
        } else {
            runs.append(run)
        }
    }

    /// Whether the line shows nothing.
    public var isEmpty: Bool { runs.isEmpty }

    /// Columns the line takes on a terminal, escapes included.
    public var width: Int { runs.reduce(0) { $0 + $1.text.displayWidth } }

    /// The line as it shows with colour off: its text with the escapes, without styles.
    public var text: String { runs.map(\.text).joined() }

    /// The line cut to at most `width` columns, ending in `…` (in the style of the text before it) when
    /// something is cut; then exactly `width` wide. Never splits a grapheme cluster.
    public func truncated(toWidth width: Int) -> TerminalLine {
        self.width > width ? TerminalLine(cells: TextLayout.truncate(cells, toWidth: width)) : self
    }

    /// The line with plain spaces added to be at least `width` columns wide (``TextAlignment``).
    public func padded(toWidth width: Int, alignment: TextAlignment = .left) -> TerminalLine {
        let (before, after) = TextLayout.padding(self.width, toWidth: width, alignment: alignment)
        return TerminalLine(String(repeating: " ", count: before)) + self
            + TerminalLine(String(repeating: " ", count: after))
    }

    /// The line exactly `width` columns wide, as a table cell: truncated with `…`, then padded.
    public func fitted(toWidth width: Int, alignment: TextAlignment = .left) -> TerminalLine {
        truncated(toWidth: width).padded(toWidth: width, alignment: alignment)
    }

    /// The line broken into lines of at most `width` columns, keeping each character's style: at spaces,
    /// and between wide characters (`TextLayout.wrap` has the rules). Empty for a blank line.
    public func wrapped(toWidth width: Int) -> [TerminalLine] {
        TextLayout.wrap(cells, toWidth: width).map(TerminalLine.init(cells:))
    }

    private var cells: [LayoutCell] {
        runs.flatMap { LayoutCell.cells($0.text, style: $0.style, isEscape: $0.isEscape) }
    }
}
