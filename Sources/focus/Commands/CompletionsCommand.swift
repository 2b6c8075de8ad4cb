import FocusCore

/// `focus completions bash|zsh|fish`: a completion script generated from the command declarations.
///
/// `--tags` and `--sounds` print the words the scripts offer from your data, one a line; the scripts
/// treat them as inert text.
enum CompletionsCommand: ParsableCommand {
    /// The shells focus writes a script for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static let shell = Argument<Shell>(
        "SHELL", "bash, zsh or fish",
        parser: ValueParser(
            read: { (text: String, _: String) throws(FocusError) -> Shell in
                guard let shell = Shell(rawValue: text) else {
                    throw FocusError(.usage, "unknown shell '\(text)'; focus completes bash, zsh and fish")
                }
                return shell
            }, completion: .list(Shell.allCases.map(\.rawValue))))
    static let tags = Flag(
        DynamicWords.tags.rawValue, "List the tags in your history, most recent first (the scripts call this)")
    static let sounds = Flag(
        DynamicWords.sounds.rawValue, "List the sounds you have unlocked (the scripts call this)")
    static let devices = Flag(
        DynamicWords.devices.rawValue, "List the devices whose journals are here (the scripts call this)")

    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "Print a shell completion script (bash, zsh or fish)",
        discussion: """
            Load one in your shell's start-up file:

              bash:  source <(focus completions bash)
                     or save it as ~/.local/share/bash-completion/completions/focus
              zsh:   focus completions zsh > "${fpath[1]}/_focus"
                     or source <(focus completions zsh) after compinit
              fish:  focus completions fish > ~/.config/fish/completions/focus.fish

            Tags and sounds are read from your data when you press Tab; the scripts offer
            them as plain words and never expand or run anything in them.
            """,
        arguments: [shell],
        options: [tags, sounds, devices])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let lists = [(tags, DynamicWords.tags), (sounds, DynamicWords.sounds), (devices, DynamicWords.devices)]
            .filter { args[$0.0] }
        if let (_, list) = lists.first {
            guard lists.count == 1, args[shell] == nil else {
                throw FocusError(.usage, "--tags, --sounds and --devices go alone, without SHELL")
            }
            // Words the scripts read, exactly: a tag is completed as it is, and the scripts treat it as inert text.
            for word in try words(list, ctx) where isOneLine(word) { ctx.out.exact(word + "\n") }
            return 0
        }
        guard let shell = args[shell] else {
            throw FocusError(.usage, "'focus completions' needs SHELL: bash, zsh or fish")
        }
        let tree = CompletionTree(root: args.path.root)
        switch shell {
        case .bash: ctx.out.exact(BashCompletion.script(tree))
        case .zsh: ctx.out.exact(ZshCompletion.script(tree))
        case .fish: ctx.out.exact(FishCompletion.script(tree))
        }
        return 0
    }

    /// The words of `list`, read quietly: a warning would land in the middle of the user's command line.
    private static func words(_ list: DynamicWords, _ ctx: Context) throws(FocusError) -> [String] {
        ctx.quiet = true
        switch list {
        case .tags:
            return try ctx.store.recentTags(days: try ctx.localDays())
        case .sounds:
            if try ctx.store.loadDerivedExpedition(days: try ctx.localDays()) == nil {
                try ctx.loadJournal(quiet: true)
                _ = try ctx.store.loadExpedition(days: try ctx.localDays())
            }
            return SoundCatalog(definitions: ctx.store.expeditionDefinitions).unlockedEntries(in: ctx.store.expedition)
                .map(\.name)
        case .devices:
            return try ctx.store.deviceNames()
        }
    }

    /// Whether `word` can travel as one line: a tab or a line break would split it in the scripts.
    private static func isOneLine(_ word: String) -> Bool {
        !word.isEmpty && !word.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
