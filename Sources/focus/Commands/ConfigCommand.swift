import FocusCore

/// `focus config [list | get KEY | set KEY VALUE | unset KEY]`: reads and edits `config.json`.
enum ConfigCommand {
    static let actions = ["list", "get", "set", "unset"]
    static let keys = FocusConfig.Key.allCases.map(\.rawValue)

    static let command = Command(
        name: "config",
        summary: "List, get, set or unset a setting",
        usage: "focus config [list | get KEY | set KEY VALUE | unset KEY]",
        arguments: [
            ("ACTION", "list (the default), get, set or unset"),
            ("KEY", keys.joined(separator: ", ")),
            ("VALUE", "the new value, checked before anything is written"),
        ],
        positionals: 0...3,
        discussion: FocusConfig.Key.allCases.map { "  \($0.rawValue.padded(to: 20))\($0.accepted)" }.joined(
            separator: "\n") + """

                \nThe settings live in config.json in the config folder; set and unset replace it
                atomically and keep only the values that differ from the defaults.
                """,
        completions: [.words(actions), .words(keys)],
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let words = args.positionals
        let action = words.first ?? "list"
        guard actions.contains(action) else {
            let hint = Suggestion.closest(to: action, among: actions).map { "; did you mean '\($0)'?" } ?? ""
            throw FocusError(.usage, "unknown config action '\(action)'\(hint)")
        }
        let needed = ["list": 1, "get": 2, "set": 3, "unset": 2][action]!
        guard words.count <= needed || action == "list" && words.isEmpty else {
            throw FocusError(.usage, "unexpected argument '\(words[needed])' for 'focus config \(action)'")
        }
        guard words.count == needed || action == "list" else {
            throw FocusError(.usage, "'focus config \(action)' needs " + (needed == 3 ? "KEY VALUE" : "KEY"))
        }
        switch action {
        case "get":
            let config = try ctx.loadConfig()
            ctx.out.line(try key(words[1]).value(in: config) ?? "")
        case "set":
            let key = try key(words[1])
            let config = try ctx.store.updateConfig { (config) throws(FocusError) in try key.set(words[2], in: &config)
            }
            ctx.out.line("\(key.rawValue) = \(key.value(in: config) ?? "")")
        case "unset":
            let key = try key(words[1])
            let config = try ctx.store.updateConfig { (config) throws(FocusError) in key.unset(in: &config) }
            ctx.out.line("\(key.rawValue) = \(key.value(in: config) ?? "(none)") (default)")
        default:
            let config = try ctx.loadConfig()
            for key in FocusConfig.Key.allCases {
                let note = key.isDefault(in: config) ? "  (default)" : ""
                ctx.out.line(key.rawValue.padded(to: 20) + (key.value(in: config) ?? "(none)") + note)
            }
        }
        return 0
    }

    private static func key(_ name: String) throws(FocusError) -> FocusConfig.Key {
        guard let key = FocusConfig.Key(rawValue: name) else {
            let hint = Suggestion.closest(to: name, among: keys).map { "did you mean '\($0)'? " } ?? ""
            throw FocusError(
                .usage, "unknown config key '\(name)'; \(hint)the keys are \(keys.joined(separator: ", "))")
        }
        return key
    }
}
