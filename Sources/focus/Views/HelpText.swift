/// `--help` and the overview, generated from the declarations and fitted to 80 columns.
enum HelpText {
    static func render(_ path: CommandPath) -> String {
        let configuration = path.configuration
        var out = "\(path.words): \(configuration.abstract)".wrapped(to: UsageText.width).joined(separator: "\n")
        out += "\n\n" + UsageText.block(path)
        let subcommands = configuration.visibleSubcommands.map { $0.configuration }
        if !subcommands.isEmpty {
            out += "\nCommands:\n" + table(subcommands.map { ($0.name, $0.abstract) })
        }
        if !configuration.argumentSpecs.isEmpty {
            out += "\nArguments:\n" + table(configuration.argumentSpecs.map { ($0.name, $0.help) })
        }
        out += "\nOptions:\n" + table((configuration.optionSpecs + [Flag.help.spec]).map { (names($0), $0.help) })
        if let discussion = configuration.discussion { out += "\n" + text(discussion, width: UsageText.width) }
        return out
    }

    /// `-v, -V, --version` or `--tag T`.
    static func names(_ option: OptionSpec) -> String {
        option.shortNames.map { "-\($0), " }.joined() + option.synopsis
    }

    /// A discussion laid out for a terminal: prose refilled to `width`, tables as written.
    static func text(_ discussion: String, width: Int) -> String {
        Paragraph.split(discussion).map { paragraph in
            switch paragraph {
            case .prose(let text): text.wrapped(to: width).joined(separator: "\n") + "\n"
            case .table(let lines): lines.joined(separator: "\n") + "\n"
            }
        }.joined(separator: "\n")
    }

    /// Two columns: names padded to the widest, then the text wrapped beside them.
    private static func table(_ rows: [(String, String)]) -> String {
        let column = (rows.map(\.0.cellWidth).max() ?? 0) + 4
        let indent = String(repeating: " ", count: column)
        return rows.map { name, text in
            let lines = text.wrapped(to: UsageText.width - column)
            return ("  " + name).padded(to: column) + lines.joined(separator: "\n" + indent) + "\n"
        }.joined()
    }
}
