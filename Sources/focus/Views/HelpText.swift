import FocusCore

/// `--help` and the overview, generated from the declarations and fitted to the terminal, at most 80 columns, in
/// the user's language (command words, placeholders and options stay as they are typed).
enum HelpText {
    /// The help of `path` laid out in `width` columns (at most ``UsageText/width``).
    static func render(_ path: CommandPath, width: Int = UsageText.width) -> String {
        let width = min(width, UsageText.width)
        let configuration = path.configuration
        let title = Message("\(path.words): \(configuration.abstract)").localized
        var out = title.wrapped(toWidth: width).joined(separator: "\n")
        out += "\n\n" + UsageText.block(path, width: width)
        let subcommands = configuration.visibleSubcommands.map { $0.configuration }
        if !subcommands.isEmpty {
            out += "\n" + Message("Commands:").localized + "\n"
            out += table(subcommands.map { ($0.name, $0.abstract.localized) }, width: width)
        }
        if !configuration.argumentSpecs.isEmpty {
            out += "\n" + Message("Arguments:").localized + "\n"
            out += table(configuration.argumentSpecs.map { ($0.name, $0.help.localized) }, width: width)
        }
        let options = (configuration.optionSpecs + [Flag.help.spec]).map { (names($0), $0.help.localized) }
        out += "\n" + Message("Options:").localized + "\n" + table(options, width: width)
        if let discussion = configuration.discussion { out += "\n" + text(discussion.localized, width: width) }
        return out
    }

    /// The help of `path` as lines for the terminal.
    static func lines(_ path: CommandPath, width: Int) -> [TerminalLine] {
        Array(TerminalLine.lines(render(path, width: width)).dropLast())
    }

    /// `-v, -V, --version` or `--tag T`.
    static func names(_ option: OptionSpec) -> String {
        option.shortNames.map { "-\($0), " }.joined() + option.synopsis
    }

    /// A discussion laid out for a terminal: prose refilled to `width`, tables as written while they fit
    /// (a row that does not goes on under its own indent).
    static func text(_ discussion: String, width: Int) -> String {
        Paragraph.split(discussion).map { paragraph in
            switch paragraph {
            case .prose(let text): text.wrapped(toWidth: width).joined(separator: "\n") + "\n"
            case .table(let lines): lines.map { fitted($0, width: width) }.joined(separator: "\n") + "\n"
            }
        }.joined(separator: "\n")
    }

    /// A table row as written when it fits in `width`, else wrapped under its own indent.
    private static func fitted(_ row: String, width: Int) -> String {
        guard row.displayWidth > width else { return row }
        let indent = String(row.prefix { $0 == " " })
        return hanging(indent, String(row.dropFirst(indent.count)), column: indent.displayWidth, width: width)
    }

    /// Two columns: names padded to the widest, then the text wrapped beside them.
    private static func table(_ rows: [(String, String)], width: Int) -> String {
        let column = (rows.map(\.0.displayWidth).max() ?? 0) + 4
        return rows.map { name, text in hanging("  " + name, text, column: column, width: width) + "\n" }.joined()
    }

    /// `head` padded to `column`, then `text` wrapped beside it; when the column leaves too little room (a
    /// narrow terminal), the text goes under the head, indented by two more spaces than it.
    private static func hanging(_ head: String, _ text: String, column: Int, width: Int) -> String {
        let narrow = width - column < 20 && head.displayWidth + 2 < width
        let indent = narrow ? String(head.prefix { $0 == " " }) + "  " : String(repeating: " ", count: column)
        let lines = text.wrapped(toWidth: width - indent.displayWidth)
        if narrow { return ([head] + lines.map { indent + $0 }).joined(separator: "\n") }
        return head.padded(toWidth: column) + lines.joined(separator: "\n" + indent)
    }
}
