import FocusCore

/// `focus config get KEY`: just the value, for scripts.
enum ConfigGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "get", abstract: "Print one value (empty when unset), for scripts", arguments: [ConfigCommand.key])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        ctx.out.line(verbatim: args.required(ConfigCommand.key).value(in: try ctx.loadConfig()) ?? "")
        return 0
    }
}
