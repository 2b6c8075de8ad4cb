import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `focus status`: idle, or the running phase. Reads only the state file, never the journal.
enum StatusCommand {
    static let command = Command(
        name: "status",
        summary: "Show whether a session is running and how long it has left",
        usage: "focus status [--json | --format F [--idle F]]",
        options: [
            .flag("json", "Print a JSON object instead of text"),
            .value("format", "F", "Print F with {placeholders} filled in, for prompts and tmux"),
            .value("idle", "F", "With --format: what to print when idle (default an empty line)"),
        ],
        discussion: "Placeholders for --format and --idle ({{ and }} print braces):\n"
            + StatusFormat.Placeholder.allCases.map { "  " + "{\($0.rawValue)}".padded(to: 14) + $0.help }.joined(
                separator: "\n"),
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        if args.has("json"), args.has("format") { throw FocusError(.usage, "give either --json or --format, not both") }
        if args.has("idle"), !args.has("format") { throw FocusError(.usage, "--idle goes with --format") }
        let format = try args.value("format").map { (text) throws(FocusError) in try StatusFormat(text) }
        let idle = try StatusFormat(args.value("idle") ?? "", option: "--idle")
        // For a prompt or tmux: never a warning, a recovery or a hook, whatever the state file says.
        ctx.quiet = format != nil
        ctx.recoverCrashedSession()
        let state = try ctx.store.liveSession()
        let now = state?.now(at: ctx.reading()) ?? ctx.now()
        if let format {
            ctx.out.line((state == nil ? idle : format).render(state, now: now, timeZone: ctx.timeZone))
        } else if args.has("json") {
            ctx.out.line(StatusView.json(state, now: now))
        } else {
            ctx.out.line(StatusView.text(state, now: now, timeZone: ctx.timeZone))
        }
        return 0
    }
}
