import FocusCore

/// `focus config list`: every key, its value, and whether it is the default.
enum ConfigListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "list", abstract: "Every key and its value; (default) marks the defaults")

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let config = try ctx.loadConfig()
        for key in FocusConfig.Key.allCases {
            let note = key.isDefault(in: config) ? "  (default)" : ""
            ctx.out.line(
                key.rawValue.padded(toWidth: ConfigCommand.keyColumn) + (key.value(in: config) ?? "(none)") + note)
        }
        return 0
    }
}
