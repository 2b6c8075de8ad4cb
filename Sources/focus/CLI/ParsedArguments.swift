/// A command line after parsing: the typed values of the options and arguments that were given.
///
/// Values are read by their declarations (`arguments[StartCommand.tag]`), never by a string.
struct ParsedArguments: Sendable {
    /// The command being run and the ones above it.
    let path: CommandPath
    /// `-h` or `--help` was given: the command is not run, its help is shown.
    var helpRequested = false
    private var values: [String: any Sendable] = [:]
    private var flags: Set<String> = []

    init(path: CommandPath) { self.path = path }

    /// The value of `option`, or `nil` when it was not given.
    subscript<Value>(_ option: Option<Value>) -> Value? { values[option.spec.flagName] as? Value }

    /// Every value of a repeatable `option`, in the order given; empty when it was not given.
    func all<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.spec.flagName] as? [any Sendable])?.compactMap { $0 as? Value } ?? []
    }

    /// Whether `flag` was given.
    subscript(_ flag: Flag) -> Bool { flags.contains(flag.spec.flagName) }

    /// Whether the command was asked for JSON (every command's flag is called `--json`): nothing is drawn beside it.
    var asksForJSON: Bool { flags.contains("--json") }

    /// The value of `argument`, or `nil` when it was left out.
    subscript<Value>(_ argument: Argument<Value>) -> Value? { values[argument.spec.name] as? Value }

    /// The value of an option the parser requires, so it is always there.
    func required<Value>(_ option: Option<Value>) -> Value {
        guard let value = self[option] else { preconditionFailure("\(option.spec.flagName) is not declared required") }
        return value
    }

    /// The value of an argument the parser requires, so it is always there.
    func required<Value>(_ argument: Argument<Value>) -> Value {
        guard let value = self[argument] else { preconditionFailure("\(argument.spec.name) is not declared required") }
        return value
    }

    /// Whether any of these options or flags was given.
    func given(_ declarations: any OptionDeclaration...) -> Bool {
        declarations.contains { values[$0.spec.flagName] != nil || flags.contains($0.spec.flagName) }
    }

    mutating func set(_ value: any Sendable, for option: OptionSpec) {
        if option.isRepeatable {
            values[option.flagName] = ((values[option.flagName] as? [any Sendable]) ?? []) + [value]
        } else {
            values[option.flagName] = value
        }
    }
    mutating func set(_ value: any Sendable, for argument: ArgumentSpec) { values[argument.name] = value }
    mutating func setFlag(_ option: OptionSpec) { flags.insert(option.flagName) }
}
