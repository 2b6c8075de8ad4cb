import FocusCore

/// A command of the `focus` executable: a declaration and what to run.
///
/// Conformers are caseless enums: `configuration` names the command and lists its arguments,
/// options and subcommands, each declared once as a `static let` and read back typed.
protocol ParsableCommand: SendableMetatype {
    static var configuration: CommandConfiguration { get }
    /// Runs the command; the return value is the exit status.
    static func run(_ arguments: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32
    /// Runs a ``ContextFreeCommand`` without a context; `nil` for any other command, which needs one.
    ///
    /// A requirement rather than a cast to `any ContextFreeCommand.Type`: a cast that fails makes the runtime
    /// search every conformance in the binary, which costs more than the rest of `focus status`.
    static func runWithoutContext(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int)
        throws(FocusError) -> Int32?
}

extension ParsableCommand {
    static func runWithoutContext(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int)
        throws(FocusError) -> Int32?
    { nil }
}

/// A command that needs no data folder, clock or settings (help, the man page): it runs even when the
/// environment is unusable, and never records a crashed session.
protocol ContextFreeCommand: ParsableCommand {
    /// Runs the command, writing to `out`, whose terminal is `columns` wide.
    static func run(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32
}

extension ContextFreeCommand {
    static func run(_ arguments: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try run(arguments, ctx.out, columns: ctx.columns)
    }

    static func runWithoutContext(_ arguments: ParsedArguments, _ out: TerminalWriter, columns: Int)
        throws(FocusError) -> Int32?
    { try run(arguments, out, columns: columns) }
}

/// The commands from the root to the one being run: `focus`, `log`, `add`.
struct CommandPath: Sendable {
    let commands: [any ParsableCommand.Type]

    var root: any ParsableCommand.Type { commands[0] }
    var command: any ParsableCommand.Type { commands[commands.count - 1] }
    var configuration: CommandConfiguration { command.configuration }
    var isRoot: Bool { commands.count == 1 }
    /// `focus log add`.
    var words: String { commands.map { $0.configuration.name }.joined(separator: " ") }

    func appending(_ command: any ParsableCommand.Type) -> CommandPath { CommandPath(commands: commands + [command]) }

    /// Every command path under this one, depth first, this one included; hidden ones only if asked.
    func descendants(includingHidden: Bool = false) -> [CommandPath] {
        let children = includingHidden ? configuration.subcommands : configuration.visibleSubcommands
        return [self] + children.flatMap { appending($0).descendants(includingHidden: includingHidden) }
    }
}
