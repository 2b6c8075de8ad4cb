import FocusCore

/// How a command presents itself: its name, what it takes and the commands beneath it.
///
/// Usage lines, `--help`, the overview, the man page and the completion scripts are all
/// generated from these declarations, so none of them can drift from what the parser accepts.
struct CommandConfiguration: Sendable {
    let name: String
    /// One line for lists of commands: at most 65 columns, so the overview fits 80 (in every language).
    let abstract: Message
    /// Other names the parser accepts (`rm` for `delete`); not offered by completion.
    let aliases: [String]
    /// Commands that may follow this one's name (`log add`); the first word after the name picks one.
    let subcommands: [any ParsableCommand.Type]
    /// Left out of the overview, the completion scripts and the man page (tools for the build).
    let hidden: Bool
    // The parser reads every configuration on the way to the command it runs (to match its name), but only that
    // command's arguments and options, and help alone its discussion: those are built when asked for, so that
    // `focus status` does not build the help of `start` and `config`.
    private let makeDiscussion: @Sendable () -> Message?
    private let makeArguments: @Sendable () -> [any ArgumentDeclaration]
    private let makeOptions: @Sendable () -> [any OptionDeclaration]

    init(
        name: String, abstract: Message, discussion: @autoclosure @escaping @Sendable () -> Message? = nil,
        aliases: [String] = [], arguments: @autoclosure @escaping @Sendable () -> [any ArgumentDeclaration] = [],
        options: @autoclosure @escaping @Sendable () -> [any OptionDeclaration] = [],
        subcommands: [any ParsableCommand.Type] = [], hidden: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.aliases = aliases
        self.subcommands = subcommands
        self.hidden = hidden
        makeDiscussion = discussion
        makeArguments = arguments
        makeOptions = options
    }

    /// Paragraphs for `--help` and the man page, separated by blank lines. A paragraph whose lines
    /// all start with two spaces is shown as written (a table); any other is prose and is refilled.
    var discussion: Message? { makeDiscussion() }
    /// Positional arguments, in order.
    var arguments: [any ArgumentDeclaration] { makeArguments() }
    var options: [any OptionDeclaration] { makeOptions() }

    // Closures, not key paths: a key path through an existential is read by the runtime, every time.
    var argumentSpecs: [ArgumentSpec] { arguments.map { $0.spec } }
    var optionSpecs: [OptionSpec] { options.map { $0.spec } }
    var visibleSubcommands: [any ParsableCommand.Type] { subcommands.filter { !$0.configuration.hidden } }

    /// The subcommand called `word`, by name or alias.
    func subcommand(named word: String) -> (any ParsableCommand.Type)? {
        subcommands.first { $0.configuration.name == word || $0.configuration.aliases.contains(word) }
    }
}
