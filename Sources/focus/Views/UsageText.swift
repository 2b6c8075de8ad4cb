/// Usage lines generated from a command's declarations: arguments first, then options, the optional in brackets.
enum UsageText {
    /// Columns every line of help fits in.
    static let width = 80

    /// `[DURATION]`, `--start TIME`, `[--tag T]`: what follows the command's name.
    static func tokens(_ configuration: CommandConfiguration) -> [String] {
        configuration.argumentSpecs.map(\.synopsis)
            + configuration.optionSpecs.map { $0.isRequired ? $0.synopsis : "[" + $0.synopsis + "]" }
    }

    /// The `Usage:` block of `--help`: the command's own line, then one per subcommand, wrapped to ``width``.
    static func block(_ path: CommandPath) -> String {
        if path.isRoot { return "Usage: focus COMMAND [OPTIONS]\n" }
        let paths = [path] + path.configuration.visibleSubcommands.map(path.appending)
        return paths.enumerated().map { index, path in
            wrap(head: (index == 0 ? "Usage: " : "       ") + path.words, tokens(path.configuration))
        }.joined()
    }

    /// The one line printed after a usage error: everything when it fits, else the options as `[OPTIONS]`.
    static func errorLine(_ path: CommandPath) -> String {
        if path.isRoot { return "focus COMMAND [OPTIONS]  (focus --help lists the commands)" }
        let configuration = path.configuration
        let subcommands = configuration.visibleSubcommands.map { $0.configuration.name }
        let choice = subcommands.isEmpty ? [] : ["[" + subcommands.joined(separator: "|") + "]"]
        let full = ([path.words] + choice + tokens(configuration)).joined(separator: " ")
        if "Usage: ".count + full.cellWidth <= width { return full }
        let required = configuration.optionSpecs.filter(\.isRequired).map(\.synopsis)
        return ([path.words] + choice + configuration.argumentSpecs.map(\.synopsis) + required + ["[OPTIONS]"])
            .joined(separator: " ")
    }

    /// `head` and the tokens, breaking between tokens; later lines line up under the first token.
    private static func wrap(head: String, _ tokens: [String]) -> String {
        let indent = String(repeating: " ", count: min(head.cellWidth + 1, 32))
        var lines: [String] = []
        var line = head
        for token in tokens {
            if line.cellWidth + 1 + token.cellWidth > width, line != head {
                lines.append(line)
                line = indent + token
            } else {
                line += " " + token
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
