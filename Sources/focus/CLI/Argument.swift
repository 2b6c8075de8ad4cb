import FocusCore

/// What help, usage, completion and the parser know about one positional argument.
struct ArgumentSpec: Sendable {
    /// The placeholder: `DURATION`, `KEY`.
    let name: String
    let help: Message
    let completion: CompletionKind
    let isRequired: Bool
    let read: @Sendable (String) throws(FocusError) -> any Sendable

    /// `DURATION`, or `[DURATION]` when it may be left out.
    var synopsis: String { isRequired ? name : "[" + name + "]" }
}

/// Anything a command lists among its positional arguments, in order.
protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

/// A positional argument, read as `Value` when the command line is parsed (`arguments[Self.duration]`).
struct Argument<Value: Sendable>: ArgumentDeclaration {
    let spec: ArgumentSpec

    init(
        _ name: String, _ help: Message, parser: ValueParser<Value>, completion: CompletionKind? = nil,
        required: Bool = false
    ) {
        spec = ArgumentSpec(
            name: name, help: help, completion: completion ?? parser.completion, isRequired: required,
            read: { (text: String) throws(FocusError) -> any Sendable in try parser.read(text, name) })
    }
}
