import FocusCore

/// `focus help [COMMAND [SUBCOMMAND]]`: the overview, or one command's help.
enum HelpCommand: ContextFreeCommand {
    static let command = Argument<String>(
        "COMMAND", "The command to explain; without it, the list of commands", parser: .string,
        completion: .commands)
    static let subcommand = Argument<String>(
        "SUBCOMMAND", "One of its subcommands (focus help log add)", parser: .string, completion: .subcommands)

    static let configuration = CommandConfiguration(
        name: "help", abstract: "Show help for a command", arguments: [command, subcommand])

    static func run(_ args: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 {
        var path = CommandPath(commands: [args.path.root])
        for word in [args[command], args[subcommand]].compactMap({ $0 }) {
            guard let next = path.configuration.subcommand(named: word), !next.configuration.hidden else {
                throw FocusError(.usage, CommandParser.unknownSubcommand(word, of: path))
            }
            path = path.appending(next)
        }
        out.lines(HelpText.lines(path, width: columns))
        return 0
    }
}
