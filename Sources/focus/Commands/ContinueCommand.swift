import FocusCore
import FoundationEssentials

/// `focus continue [DURATION]`: a new session with the tags of the last one.
enum ContinueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "continue",
        abstract: "Start a new session with the last session's tags",
        discussion: """
            The same as focus start with the tags of the session that ended last (with --open,
            counting up as a tracker does). Everything but --tag works as it does there.
            """,
        arguments: [SessionLaunch.duration],
        options: SessionLaunch.options)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadJournal()
        guard let last = ctx.store.lastEndedSession else {
            throw FocusError(.failure, "nothing to continue: no session is recorded yet; `focus start` begins one")
        }
        return try SessionLaunch.run(args, tags: last.tags, ctx)
    }
}
