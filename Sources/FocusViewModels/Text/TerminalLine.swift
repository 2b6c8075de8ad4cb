import FocusModels

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
        var width: Int

        init(text: String, style: TextStyle, isEscape: Bool) {
            self.init(text: text, style: style, isEscape: isEscape, width: text.displayWidth)
        }

        init(text: String, style: TextStyle, isEscape: Bool, width: Int) {
            self.text = text
            self.style = style
            self.isEscape = isEscape
            self.width = width
        }

        init(_ cell: LayoutCell) { self.init(text: String(cell.character), style: cell.style, isEscape: cell.isEscape) }

        /// `count` plain spaces, written as bytes and not measured: what pads a cell.
        static func spaces(_ count: Int) -> Run {
            let text = String(unsafeUninitializedCapacity: count) {
                $0.initialize(repeating: UInt8(ascii: " "))
                return count
            }
            return Run(text: text, style: .plain, isEscape: false, width: count)
        }
    }

    /// The runs in order; neighbours always differ in look.
    private(set) var runs: [Run] = []

    /// Columns the line takes on a terminal, escapes included: the sum of its runs, since no run's
    /// first character combines with the one before it (``append(_:)-(Run)``).
    public private(set) var width = 0

    /// An empty line.
    public init() {}

    /// A line of `text` (anything, data included) in `style`, shown as it is in every language.
    ///
    /// Labelled, so that an unlabelled string literal makes a ``Message`` (translated) and only data, or text
    /// already rendered, is written here.
    public init(verbatim text: String, _ style: TextStyle = .plain) { append(verbatim: text, style) }

    /// A line of `spans`, in order.
    public init(_ spans: [TextSpan]) {
        for span in spans { append(verbatim: span.text, span.style) }
    }

    /// One line per row of `text`, split at its newlines, each escaped as usual: for focus's own multi-line
    /// text (help, notices). A value from data belongs in one line, where a newline shows as `\n`.
    public static func lines(_ text: String, _ style: TextStyle = .plain) -> [TerminalLine] {
        rows(of: text).map { TerminalLine(verbatim: String($0), style) }
    }

    /// `text` split at its newlines as `split(separator: "\n")` splits its characters (empty rows kept). Without a
    /// carriage return, a newline is always a character of its own, so the bytes tell where without grapheme
    /// breaking (help's 40 KB); "\r\n" is one character, so text holding a CR is split by characters.
    static func rows(of text: String) -> [Substring] {
        guard !text.utf8.contains(13) else { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        return text.utf8.split(separator: 10, omittingEmptySubsequences: false).map {
            text[$0.startIndex..<$0.endIndex]
        }
    }

    init(cells: [LayoutCell]) {
        for cell in cells { merge(Run(cell)) }
    }

    /// Adds `text` (anything, data included) in `style` at the end, as it is in every language.
    public mutating func append(verbatim text: String, _ style: TextStyle = .plain) {
        // Printable ASCII (most of a report), bars, dots, arrows and Latin letters: scalars that are safe, never join
        // the text before them and are measured on the bytes, without the width table
        // (``DisplayWidth/standsAlone(_:)``).
        if let width = DisplayWidth.widthStandingAlone(text) {
            return merge(Run(text: text, style: style, isEscape: false, width: width))
        }
        // Text with nothing to escape (nearly all of it) is one run, without the list of pieces.
        if !text.unicodeScalars.contains(where: TerminalEscaping.isUnsafe) {
            return append(Run(text: text, style: style, isEscape: false))
        }
        for piece in TerminalEscaping.pieces(text) {
            append(Run(text: piece.text, style: style, isEscape: piece.isEscape))
        }
    }

    /// Adds `line` at the end.
    public mutating func append(_ line: TerminalLine) {
        for run in line.runs { append(run) }
    }

    /// `left` followed by `right`.
    public static func + (left: consuming TerminalLine, right: TerminalLine) -> TerminalLine {
        // `left` consumed: a line built by a chain of `+` grows one runs array in place, not a copy at each step.
        var line = left
        line.append(right)
        return line
    }

    /// Adds `run`, first escaping a head that would combine with the text before it (or, at the start,
    /// with a space put before the line), so that no span changes what is drawn before it.
    private mutating func append(_ run: Run) {
        // Only a first scalar from U+0300 (a UTF-8 lead byte from 0xCC) may join what is before it: any other run goes
        // in without a copy of the text before it.
        guard !run.isEscape, (run.text.utf8.first ?? 0) >= 0xCC,
            let head = TerminalEscaping.attachingHead(of: run.text, after: runs.last?.text ?? " ")
        else { return merge(run) }
        let notation = head.unicodeScalars.map(TerminalEscaping.notation).joined()
        merge(Run(text: notation, style: run.style, isEscape: true))
        merge(Run(text: String(run.text.dropFirst()), style: run.style, isEscape: false))
    }

    /// Adds `run` as it is, into the last run when they look the same.
    private mutating func merge(_ run: Run) {
        guard !run.text.isEmpty else { return }
        width += run.width
        // Most lines have a few runs: room for four at once, not an array grown at the second and the third.
        if runs.isEmpty { runs.reserveCapacity(4) }
        if let last = runs.last, last.style == run.style, last.isEscape == run.isEscape {
            runs[runs.count - 1].text += run.text
            runs[runs.count - 1].width += run.width
        } else {
            runs.append(run)
        }
    }

    /// Whether the line shows nothing.
    public var isEmpty: Bool { runs.isEmpty }

    /// The line as it shows with colour off: its text with the escapes, without styles.
    public var text: String { runs.map(\.text).joined() }

    /// The line cut to at most `width` columns, ending in `…` (in the style of the text before it) when
    /// something is cut; then exactly `width` wide. Never splits a grapheme cluster.
    public consuming func truncated(toWidth width: Int) -> TerminalLine {
        guard self.width > width else { return self }
        var line = TerminalLine()
        guard width > 0 else { return line }
        // Whole runs while they fit before the `…`; only the run it falls in is cut, between clusters.
        for run in runs {
            if line.width + run.width <= width - 1 {
                line.merge(run)
                continue
            }
            let (end, used) = TextLayout.prefix(Substring(run.text), fitting: width - 1 - line.width)
            var kept = run
            kept.text = String(run.text[..<end])
            kept.width = used
            line.merge(kept)
            let style = used > 0 ? run.style : line.runs.last?.style ?? run.style
            line.merge(Run(text: String(TextLayout.ellipsis), style: style, isEscape: false))
            line.merge(.spaces(width - line.width))
            break
        }
        return line
    }

    /// The line with plain spaces added to be at least `width` columns wide (``TextAlignment``).
    public consuming func padded(toWidth width: Int, alignment: TextAlignment = .left) -> TerminalLine {
        let (before, after) = TextLayout.padding(self.width, toWidth: width, alignment: alignment)
        // Spaces are merged as they are (nothing to escape, nothing joins them); the line's runs keep what they were,
        // as the text before them still ends in a space or the start of the line.
        var line = TerminalLine()
        if before > 0 {
            line.merge(.spaces(before))
            line.append(self)
        } else {
            line = self
        }
        if after > 0 { line.merge(.spaces(after)) }
        return line
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

    /// The line with the attributes of `style` added to every span (``TextStyle/with(_:)``): a whole row dimmed.
    public func styled(_ style: TextStyle) -> TerminalLine {
        var line = TerminalLine()
        for run in runs {
            var styled = run
            styled.style = run.style.with(style)
            line.merge(styled)
        }
        return line
    }

    /// The line without the spaces it ends with (a padded table row's last column).
    public consuming func trimmingTrailingSpaces() -> TerminalLine {
        var line = self
        // Spaces after a scalar that stands alone (printable ASCII, a bar's blocks: ``DisplayWidth/standsAlone(_:)``)
        // are clusters of their own: cut at once (a space can join the cluster of some characters before it, which the
        // loop below checks one character at a time).
        while let last = line.runs.last, !last.isEscape, last.text.utf8.last == 0x20 {
            let utf8 = last.text.utf8
            var spaces = 0
            var index = utf8.endIndex
            while index > utf8.startIndex {
                index = utf8.index(before: index)
                guard utf8[index] == 0x20 else { break }
                spaces += 1
            }
            if spaces < utf8.count {
                let scalars = last.text.unicodeScalars
                let cut = utf8.index(utf8.endIndex, offsetBy: -spaces)
                guard DisplayWidth.standsAlone(scalars[scalars.index(before: cut)]) else { break }
            }
            line.runs[line.runs.count - 1].text = String(decoding: utf8.dropLast(spaces), as: UTF8.self)
            line.runs[line.runs.count - 1].width -= spaces
            line.width -= spaces
            if line.runs[line.runs.count - 1].text.isEmpty { line.runs.removeLast() }
        }
        while let last = line.runs.last, !last.isEscape, last.text.last == " " {
            line.runs[line.runs.count - 1].text.removeLast()
            line.runs[line.runs.count - 1].width -= 1
            line.width -= 1
            if line.runs[line.runs.count - 1].text.isEmpty { line.runs.removeLast() }
        }
        return line
    }

    private var cells: [LayoutCell] {
        runs.flatMap { LayoutCell.cells($0.text, style: $0.style, isEscape: $0.isEscape) }
    }
}

extension TerminalLine {
    /// A line of `message` in the current language (``Language/current``), in `style`.
    public init(_ message: Message, _ style: TextStyle = .plain) { self.init(verbatim: message.localized, style) }

    /// Adds `message`, in the current language, in `style` at the end.
    public mutating func append(_ message: Message, _ style: TextStyle = .plain) {
        append(verbatim: message.localized, style)
    }
}
