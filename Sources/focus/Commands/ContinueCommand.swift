import FocusCore
import FoundationEssentials

/// `focus continue [DURATION]`: a new session with the tag of the last one.
enum ContinueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "continue",
        abstract: "Start a new session with the last session's tag",
        discussion: """
            The same as focus start with the tag of the session that ended last (with --open,
            counting up as a tracker does). Everything but --tag works as it does there.
            """,
        arguments: [SessionLaunch.duration],
        options: SessionLaunch.options)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadJournal()
        guard let last = ctx.store.lastEndedSession else {
            throw FocusError(.failure, "nothing to continue: no session is recorded yet; `focus start` begins one")
        }
        return try SessionLaunch.run(args, tag: last.tag, ctx)
    }
}
