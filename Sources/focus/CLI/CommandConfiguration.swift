import FocusCore

/// How a command presents itself: its name, what it takes and the commands beneath it.
///
/// Usage lines, `--help`, the overview, the man page and the completion scripts are all
/// generated from these declarations, so none of them can drift from what the parser accepts.
struct CommandConfiguration: Sendable {
    let name: String
    /// One line for lists of commands: at most 65 columns, so the overview fits 80 (in every language).
    let abstract: Message
    /// Paragraphs for `--help` and the man page, separated by blank lines. A paragraph whose lines
    /// all start with two spaces is shown as written (a table); any other is prose and is refilled.
    var discussion: Message? = nil
    /// Other names the parser accepts (`rm` for `delete`); not offered by completion.
    var aliases: [String] = []
    /// Positional arguments, in order.
    var arguments: [any ArgumentDeclaration] = []
    var options: [any OptionDeclaration] = []
    /// Commands that may follow this one's name (`log add`); the first word after the name picks one.
    var subcommands: [any ParsableCommand.Type] = []
    /// Left out of the overview, the completion scripts and the man page (tools for the build).
    var hidden = false

    var argumentSpecs: [ArgumentSpec] { arguments.map(\.spec) }
    var optionSpecs: [OptionSpec] { options.map(\.spec) }
    var visibleSubcommands: [any ParsableCommand.Type] { subcommands.filter { !$0.configuration.hidden } }

    /// The subcommand called `word`, by name or alias.
    func subcommand(named word: String) -> (any ParsableCommand.Type)? {
        subcommands.first { $0.configuration.name == word || $0.configuration.aliases.contains(word) }
    }
}
