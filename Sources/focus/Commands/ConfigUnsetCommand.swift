import FocusCore

/// `focus config unset KEY`: back to the default.
enum ConfigUnsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "unset", abstract: "Put a setting back to its default", arguments: [ConfigCommand.key])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let key = args.required(ConfigCommand.key)
        let change = try ctx.store.unsetConfig(key)
        ConfigCommand.report(change, ctx)
        if let value = key.value(in: change.config) {
            ctx.out.line("\(key.rawValue) = \(value) (default)")
        } else {
            ctx.out.line("\(key.rawValue) = (none) (default)")
        }
        return 0
    }
}
