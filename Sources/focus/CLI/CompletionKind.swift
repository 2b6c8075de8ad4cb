/// What a shell offers when completing an option's value or an argument, declared with it.
///
/// Every kind is explicit: nothing is guessed from an option's name. The scripts that
/// `focus completions` prints are generated from these.
enum CompletionKind: Sendable, Equatable {
    /// Nothing to offer: free text, a number, a time.
    case none
    /// One of these fixed words.
    case list([String])
    /// Words read from your data when Tab is pressed (`focus completions --tags`): inert text that
    /// no script expands or evaluates.
    case dynamic(DynamicWords)
    /// A file or folder name.
    case files
    /// A command name (`focus help COMMAND`).
    case commands
    /// A subcommand of the command named by the argument before (`focus help log add`).
    case subcommands
    /// Depends on the argument before this one: each branch is a value it may have and what follows it
    /// (`focus config set color …` offers `auto always never`).
    case byPreviousArgument([Branch])

    /// One value of the previous argument and the completion it leads to.
    struct Branch: Sendable, Equatable {
        let word: String
        let completion: CompletionKind
    }
}

/// The lists `focus completions` prints for the scripts, one word a line.
enum DynamicWords: String, Sendable {
    /// The tags in your history, most recent first.
    case tags
    /// The sounds you have unlocked.
    case sounds
    /// The devices that wrote journal files here.
    case devices
}
