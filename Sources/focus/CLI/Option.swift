import FocusCore

/// What help, usage, the man page, completion and the parser know about one `--name`.
struct OptionSpec: Sendable {
    /// The long name without dashes: `tag` for `--tag`.
    let name: String
    /// One-letter spellings (`-v`); the first is the one help shows first.
    var shortNames: [Character] = []
    /// The value's placeholder (`T`, `DURATION`); `nil` for a flag.
    let placeholder: String?
    let help: Message
    let completion: CompletionKind
    /// The command cannot run without it.
    var isRequired = false
    /// It may be given more than once, each value kept in order (`--tag a --tag b`); else the last one counts.
    var isRepeatable = false
    /// Turns the value's text into the typed value; `nil` for a flag.
    let read: (@Sendable (String) throws(FocusError) -> any Sendable)?

    /// `--tag`.
    var flagName: String { "--" + name }
    var takesValue: Bool { placeholder != nil }
    /// `--tag T`, or `--auto` for a flag.
    var synopsis: String { flagName + (placeholder.map { " " + $0 } ?? "") }
}

/// Anything a command lists among its options.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// An option that takes a value, read as `Value` when the command line is parsed.
///
/// A command declares it once as a `static let` and reads it with `arguments[Self.tag]`: the name is
/// written in one place, and a typo in the reference does not compile.
struct Option<Value: Sendable>: OptionDeclaration {
    let spec: OptionSpec

    /// `--name PLACEHOLDER`; completion offers `completion`, else what `parser` suggests.
    init(
        _ name: String, _ placeholder: String, _ help: Message, parser: ValueParser<Value>,
        completion: CompletionKind? = nil, required: Bool = false, repeatable: Bool = false
    ) {
        let label = "--" + name
        spec = OptionSpec(
            name: name, placeholder: placeholder, help: help, completion: completion ?? parser.completion,
            isRequired: required, isRepeatable: repeatable,
            read: { (text: String) throws(FocusError) -> any Sendable in try parser.read(text, label) })
    }
}

/// An option without a value: given or not.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, short: [Character] = [], _ help: Message) {
        spec = OptionSpec(
            name: name, shortNames: short, placeholder: nil, help: help, completion: .none, read: nil)
    }
}

extension Flag {
    /// `-h, --help`, which every command takes; the parser reads it before any declaration.
    static let help = Flag("help", short: ["h"], "Show this help")
}
