import FocusCore

/// `focus completions bash|zsh|fish`: a completion script generated from the command table.
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let command = Command(
        name: "completions",
        summary: "Print a shell completion script (bash, zsh or fish)",
        usage: "focus completions bash|zsh|fish | focus completions --tags",
        arguments: [("SHELL", "bash, zsh or fish")],
        options: [.flag("tags", "List the tags in your history, most recent first (the scripts call this)")],
        positionals: 0...1,
        discussion: """
            bash:  source <(focus completions bash)    (or save it in ~/.local/share/bash-completion/completions/focus)
            zsh:   focus completions zsh > "${fpath[1]}/_focus"    (or source <(focus completions zsh))
            fish:  focus completions fish > ~/.config/fish/completions/focus.fish
            """,
        completions: [.words(shells)],
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        if args.has("tags") {
            guard args.positionals.isEmpty else { throw FocusError(.usage, "--tags takes no SHELL") }
            try ctx.loadJournal(quiet: true)
            for tag in ctx.store.tags { ctx.out.line(tag) }
            return 0
        }
        guard let shell = args.positionals.first else {
            throw FocusError(.usage, "'focus completions' needs SHELL: bash, zsh or fish")
        }
        switch shell {
        case "bash": ctx.out.write(CompletionScript.bash(ctx.commands))
        case "zsh": ctx.out.write(CompletionScript.zsh(ctx.commands))
        case "fish": ctx.out.write(CompletionScript.fish(ctx.commands))
        default: throw FocusError(.usage, "unknown shell '\(shell)'; focus completes bash, zsh and fish")
        }
        return 0
    }
}
