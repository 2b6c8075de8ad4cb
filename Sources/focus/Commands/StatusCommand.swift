import FocusCore
import FoundationEssentials

/// `focus status`: idle, or the running phase. Reads only the state file, never the journal.
enum StatusCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON object instead of text")
    static let format = Option<StatusFormat>(
        "format", "F", "Print F with {placeholders} filled in, for prompts and tmux", parser: template)
    static let idle = Option<StatusFormat>(
        "idle", "F", "With --format: what to print when idle (default an empty line)", parser: template)

    static let configuration = CommandConfiguration(
        name: "status",
        abstract: "Show whether a session is running and how long it has left",
        discussion: """
            Placeholders for --format and --idle ({{ and }} print braces):

            \(Message.joined(placeholders, separator: "\n"))
            """,
        options: [json, format, idle])

    /// The table of placeholders for the help: `  {state}     idle, running…`.
    private static var placeholders: [Message] {
        StatusFormat.Placeholder.allCases.map { "  \("{\($0.rawValue)}".padded(toWidth: column))\($0.help)" }
    }

    /// The placeholders' column in the help: the widest and three spaces.
    private static let column = StatusFormat.Placeholder.allCases.map { "{\($0.rawValue)}".displayWidth }.max()! + 3

    private static let template = ValueParser { (text: String, label: String) throws(FocusError) -> StatusFormat in
        try StatusFormat(text, option: label)
    }

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        if args[json], args.given(format) { throw FocusError(.usage, "give either --json or --format, not both") }
        if args.given(idle), !args.given(format) { throw FocusError(.usage, "--idle goes with --format") }
        // For a prompt or tmux: never a warning, a recovery or a hook, whatever the state file says.
        ctx.quiet = args.given(format)
        ctx.recoverCrashedSession()
        let state = try ctx.store.liveSession()
        let now = state?.now(at: ctx.reading()) ?? ctx.now()
        if let format = args[Self.format] {
            let template = state == nil ? args[idle] : format
            // The template is the user's own, exact (it may colour a prompt); its values come escaped.
            ctx.out.exact((template?.render(state, now: now, timeZone: ctx.zone) ?? "") + "\n")
        } else if args[json] {
            ctx.out.json(StatusView.json(state, now: now, elsewhere: try ctx.store.sessionsOnOtherDevices(at: now)))
        } else {
            ctx.out.lines(
                StatusView.lines(
                    state, elsewhere: try ctx.store.sessionsOnOtherDevices(at: now), now: now, timeZone: ctx.zone,
                    width: ctx.lineWidth))
        }
        return 0
    }
}
