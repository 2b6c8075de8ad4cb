import FocusCore

/// `focus config set KEY VALUE`: checks the value, then replaces `config.json` atomically.
enum ConfigSetCommand: ParsableCommand {
    static let value = Argument<String>(
        "VALUE", "The new value, checked before anything is written", parser: .string,
        completion: .byPreviousArgument(
            FocusConfig.Key.allCases.map { CompletionKind.Branch(word: $0.rawValue, completion: completion(of: $0)) }),
        required: true)

    static let configuration = CommandConfiguration(
        name: "set", abstract: "Change a setting", arguments: [ConfigCommand.key, value])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let key = args.required(ConfigCommand.key)
        let text = args.required(value)
        if key == .sound { try ctx.loadExpedition() }
        let change = try ctx.store.setConfig(key, to: text)
        ConfigCommand.report(change, ctx)
        ctx.out.line("\(key.rawValue) = \(key.value(in: change.config) ?? "")")
        return 0
    }

    /// What a shell offers as the value of `key`.
    private static func completion(of key: FocusConfig.Key) -> CompletionKind {
        switch key {
        case .notify, .bell: .list(FocusConfig.Key.booleanWords.map(\.0))
        case .color: .list(FocusConfig.Key.colorModes)
        case .weekStart: .list(Weekday.allCases.map(\.name))
        case .sound: .dynamic(.sounds)
        case .language: .list(Language.settings)
        case .defaultMinutes, .breakMinutes, .longBreakMinutes, .cycles, .dailyGoalMinutes, .dayStart: .none
        }
    }
}
