import FocusCore

/// `focus config`: lists the settings; `config get | set | unset` read and change `config.json`.
enum ConfigCommand: ParsableCommand {
    static let keys = FocusConfig.Key.allCases.map(\.rawValue)
    /// The column values start in, beside the keys: the longest key and two spaces.
    static let keyColumn = keys.map(\.displayWidth).max()! + 2

    /// The `KEY` that `get`, `set` and `unset` take.
    static let key = Argument<FocusConfig.Key>(
        "KEY", "A setting: \(Message.list(keys))",
        parser: ValueParser(
            read: { (name: String, _: String) throws(FocusError) -> FocusConfig.Key in
                guard let key = FocusConfig.Key(rawValue: name) else {
                    guard let closest = Suggestion.closest(to: name, among: keys) else {
                        throw FocusError(.usage, "unknown config key '\(name)'; the keys are \(Message.list(keys))")
                    }
                    throw FocusError(
                        .usage,
                        "unknown config key '\(name)'; did you mean '\(closest)'? the keys are \(Message.list(keys))")
                }
                return key
            }, completion: .list(keys)),
        required: true)

    static let configuration = CommandConfiguration(
        name: "config",
        abstract: "List, get, set or unset a setting",
        discussion: """
            Each KEY and the values it takes:

            \(Message.joined(keyTable, separator: "\n"))

            The settings live in config.json in the config folder; set and unset replace it
            atomically and keep only the values that differ from the defaults.
            """,
        subcommands: [ConfigListCommand.self, ConfigGetCommand.self, ConfigSetCommand.self, ConfigUnsetCommand.self])

    /// `  cycles              a whole number from 1 to 99`, one line per key, for the help.
    private static var keyTable: [Message] {
        FocusConfig.Key.allCases.map { "  \($0.rawValue.padded(toWidth: keyColumn))\($0.accepted)" }
    }

    /// Names, on stderr, each other key whose value of the wrong type went back to its default when the file was
    /// written, so no value disappears unseen.
    static func report(_ change: AppStore.ConfigChange, _ ctx: Context) {
        for problem in change.reset {
            let value = problem.key.value(in: FocusConfig()) ?? "unset"
            ctx.err.line("focus: \(ctx.store.paths.configFile): \(problem.message); it is now the default (\(value))")
        }
    }

    /// Without an action, `focus config` lists the settings.
    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ConfigListCommand.run(args, ctx)
    }
}
