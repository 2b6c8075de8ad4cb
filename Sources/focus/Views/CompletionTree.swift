/// The declarations as the completion scripts see them: every visible command with its options,
/// arguments and subcommands, and the kinds that depend on the tree (`help`'s) resolved to words.
struct CompletionTree {
    /// One command a line can reach, such as `focus log add`.
    struct Node {
        /// `focus log add`: the words that lead to it, joined by spaces.
        let path: String
        let abstract: String
        /// Its options, `--help` included.
        let options: [OptionSpec]
        /// Its positional arguments, in order, with ``CompletionKind/commands`` and
        /// ``CompletionKind/subcommands`` resolved.
        let arguments: [ArgumentSpec]
        let subcommands: [Subcommand]
    }

    /// A word that leads from one node to another.
    struct Subcommand {
        let name: String
        let aliases: [String]
        let abstract: String
        /// The node it leads to.
        let path: String
    }

    /// Depth first, the root first.
    let nodes: [Node]

    init(root: any ParsableCommand.Type) {
        let rootPath = CommandPath(commands: [root])
        let commands = rootPath.configuration.visibleSubcommands.map { $0.configuration }
        let branches = commands.filter { !$0.visibleSubcommands.isEmpty }.map {
            CompletionKind.Branch(word: $0.name, completion: .list($0.visibleSubcommands.map { $0.configuration.name }))
        }
        nodes = rootPath.descendants().map { path in
            let configuration = path.configuration
            let arguments = configuration.argumentSpecs.map { argument in
                let kind: CompletionKind =
                    switch argument.completion {
                    case .commands: .list(commands.map(\.name))
                    case .subcommands: .byPreviousArgument(branches)
                    default: argument.completion
                    }
                return ArgumentSpec(
                    name: argument.name, help: argument.help, completion: kind, isRequired: argument.isRequired,
                    read: argument.read)
            }
            return Node(
                path: path.words, abstract: configuration.abstract.description,
                options: configuration.optionSpecs + [Flag.help.spec], arguments: arguments,
                subcommands: configuration.visibleSubcommands.map {
                    let sub = $0.configuration
                    return Subcommand(
                        name: sub.name, aliases: sub.aliases, abstract: sub.abstract.description,
                        path: path.words + " " + sub.name)
                })
        }
    }
}
