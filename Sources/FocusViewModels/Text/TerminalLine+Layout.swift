extension TerminalLine {
    /// The line as it is when it fits in `width` columns, else wrapped (``wrapped(toWidth:)``): a sentence
    /// that keeps its spacing whenever it can. No width (output to a pipe or a file) keeps it whole.
    public func folded(toWidth width: Int?) -> [TerminalLine] {
        guard let width, self.width > width else { return [self] }
        return wrapped(toWidth: width)
    }

    /// `parts` in order, joined by `separator` as many to a line as fit in `width` columns; a part too wide
    /// for a line of its own is wrapped (``wrapped(toWidth:)``). For a line of facts (`Miles: 180 · Stamps:
    /// 1 of 11`) that must not be cut in the middle of one.
    public static func flowed(_ parts: [TerminalLine], separator: TerminalLine, toWidth width: Int) -> [TerminalLine] {
        var lines: [TerminalLine] = []
        var line = TerminalLine()
        for part in parts where !part.isEmpty {
            if line.isEmpty {
                line = part
            } else if line.width + separator.width + part.width <= width {
                line = line + separator + part
            } else {
                lines.append(line)
                line = part
            }
            if line.width > width {
                lines += line.wrapped(toWidth: width)
                line = TerminalLine()
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `head` with `body` wrapped beside it, each later line indented to start under the body: a term and its
    /// description, a bullet and its item. All lines fit in `width`; when `head` leaves no room, the body goes
    /// under it, wrapped to the whole width. No width keeps it one line.
    public static func hanging(_ head: TerminalLine, _ body: TerminalLine, toWidth width: Int?) -> [TerminalLine] {
        guard let width else { return [head + body] }
        guard head.width < width else { return [head.truncated(toWidth: width)] + body.wrapped(toWidth: width) }
        let rows = body.folded(toWidth: width - head.width)
        guard let first = rows.first else { return [head.trimmingTrailingSpaces()] }
        // The indent only for a body of several lines: most (a sound's title, a chapter's place) take one.
        guard rows.count > 1 else { return [head + first] }
        let indent = TerminalLine(verbatim: String(repeating: " ", count: head.width))
        return [head + first] + rows.dropFirst().map { indent + $0 }
    }
}
