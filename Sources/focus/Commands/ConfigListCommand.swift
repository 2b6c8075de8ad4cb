import FocusCore

/// `focus config list`: every key, its value, and whether it is the default.
enum ConfigListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "list", abstract: "Every key and its value; (default) marks the defaults")

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let config = try ctx.loadConfig()
        for key in FocusConfig.Key.allCases {
            let value = key.value(in: config) ?? Message("(none)").localized
            let note = key.isDefault(in: config) ? "  " + Message("(default)").localized : ""
            ctx.out.line(verbatim: key.rawValue.padded(toWidth: ConfigCommand.keyColumn) + value + note)
        }
        return 0
    }
}
