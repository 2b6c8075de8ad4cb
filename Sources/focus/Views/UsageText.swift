import FocusCore

/// Usage lines generated from a command's declarations: arguments first, then options, the optional in brackets.
///
/// The command words, placeholders and options are what the user types, so they read the same in every
/// language; only the `Usage:` label and the root's hint are translated.
enum UsageText {
    /// Columns every line of help fits in, at most: help is laid out for narrower terminals too.
    static let width = 80

    /// `[DURATION]`, `--start TIME`, `[--tag T]`: what follows the command's name.
    static func tokens(_ configuration: CommandConfiguration) -> [String] {
        configuration.argumentSpecs.map(\.synopsis)
            + configuration.optionSpecs.map { $0.isRequired ? $0.synopsis : "[" + $0.synopsis + "]" }
    }

    /// The `Usage:` block of `--help`: the command's own line, then one per subcommand, wrapped to `width`.
    static func block(_ path: CommandPath, width: Int = width) -> String {
        let label = Message("Usage:").localized + " "
        if path.isRoot { return label + "focus COMMAND [OPTIONS]\n" }
        let paths = [path] + path.configuration.visibleSubcommands.map(path.appending)
        return paths.enumerated().map { index, path in
            let head = index == 0 ? label : String(repeating: " ", count: label.displayWidth)
            return wrap(head: head + path.words, tokens(path.configuration), width: width)
        }.joined()
    }

    /// The one line printed after a usage error: everything when it fits, else the options as `[OPTIONS]`.
    static func errorLine(_ path: CommandPath) -> Message {
        if path.isRoot { return "focus COMMAND [OPTIONS]  (focus --help lists the commands)" }
        return Message(verbatim: synopsis(path))
    }

    /// The command and what it takes, on one line after `Usage: ` within ``width``.
    private static func synopsis(_ path: CommandPath) -> String {
        let configuration = path.configuration
        let subcommands = configuration.visibleSubcommands.map { $0.configuration.name }
        let choice = subcommands.isEmpty ? [] : ["[" + subcommands.joined(separator: "|") + "]"]
        let full = ([path.words] + choice + tokens(configuration)).joined(separator: " ")
        if "Usage: ".displayWidth + full.displayWidth <= width { return full }
        let required = configuration.optionSpecs.filter(\.isRequired).map(\.synopsis)
        return ([path.words] + choice + configuration.argumentSpecs.map(\.synopsis) + required + ["[OPTIONS]"])
            .joined(separator: " ")
    }

    /// `head` and the tokens, breaking between tokens; later lines line up under the first token (or further
    /// left, so that every token fits).
    private static func wrap(head: String, _ tokens: [String], width: Int) -> String {
        let widest = tokens.map(\.displayWidth).max() ?? 0
        let indent = String(repeating: " ", count: max(0, min(head.displayWidth + 1, 32, width - widest)))
        var lines: [String] = []
        var line = head
        for token in tokens {
            if line.displayWidth + 1 + token.displayWidth > width {
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
