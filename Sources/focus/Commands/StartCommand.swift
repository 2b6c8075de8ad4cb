import FocusCore
import FoundationEssentials

/// `focus start [DURATION]`: a focus session (or cycles of them) with a live countdown.
enum StartCommand: ParsableCommand {
    static let tag = Option<String>(
        "tag", "T", "Tag the session (a project, a subject); again for more tags", parser: .text,
        completion: .dynamic(.tags), repeatable: true)

    static let configuration = CommandConfiguration(
        name: "start",
        abstract: "Run a focus session with a live countdown",
        discussion: """
            Keys while it runs: space or p pauses and resumes (paused time is not focus),
            the + key adds 5 minutes, q or Ctrl-C stops early, Ctrl-Z suspends. A session
            stopped with at least a minute of focus is recorded as interrupted; a shorter
            one is discarded. --open counts up instead, and is recorded as completed when
            you stop it. Only one session runs at a time; `focus stop` ends it from another
            terminal and `focus cancel` drops it.
            """,
        arguments: [SessionLaunch.duration],
        options: [tag] + SessionLaunch.options)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try SessionLaunch.run(args, tags: FocusLog.tagSet(args.all(tag)), ctx)
    }
}
