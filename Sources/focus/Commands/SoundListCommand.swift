import FocusCore

/// `focus sound list` (or `focus sound --list`): every sound, and the city whose stamp unlocks each locked one.
enum SoundListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "list", abstract: "List the sounds, and the city whose stamp unlocks each locked one")

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpeditionOnly()
        ctx.out.lines(SoundListView.lines(SoundListViewModel(store: ctx.store)))
        return 0
    }
}
