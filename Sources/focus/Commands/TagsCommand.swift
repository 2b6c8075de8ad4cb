import FocusCore

/// `focus tags`: the tags in your history, with counts and last use.
enum TagsCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON array instead of text")

    static let configuration = CommandConfiguration(
        name: "tags",
        abstract: "List your tags with their sessions and when each was last used",
        discussion: """
            The most recently used first. A session with several tags counts under each,
            as in the per-tag table of focus stats.
            """,
        options: [json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadJournal()
        let model = TagsViewModel(store: ctx.store, days: try ctx.localDays())
        if args[json] {
            ctx.out.json(TagsView.json(model))
        } else {
            ctx.out.lines(TagsView.lines(model, width: ctx.lineWidth))
        }
        return 0
    }
}
