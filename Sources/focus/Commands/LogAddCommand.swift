import FocusCore
import FoundationEssentials

/// `focus log add`: records a session by hand, as completed, with source `manual`.
enum LogAddCommand: ParsableCommand {
    static let start = Option<String>(
        "start", "TIME", "When it began: 9:30, \"yesterday 14:00\", -45m, \"2026-11-29 09:00\"", parser: .string,
        required: true)
    static let end = Option<String>("end", "TIME", "When it ended (instead of --duration): 10:15, -5m", parser: .string)
    static let duration = Option<Int>("duration", "D", "Focused time, like 25m or 1h30m", parser: .duration)
    static let tag = Option<String>(
        "tag", "T", "A tag of the session; again for more tags", parser: .text, completion: .dynamic(.tags),
        repeatable: true)
    static let note = Option<String>("note", "N", "The session's note", parser: .text)

    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Record a session by hand",
        discussion: """
            Times are local, in your zone; a time of day alone is the latest one that has
            passed (for --end, the first after the start). Give --end or --duration. The
            session is recorded as completed, with source manual, and cannot end in the
            future.
            """,
        options: [start, end, duration, tag, note])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let now = ctx.now()
        let times = try SessionTimes.resolve(
            start: args[start], end: args[end], duration: args[duration], now: now, zone: ctx.zone,
            dayStartSeconds: try ctx.loadConfig().dayStartSeconds)
        let log = try SessionEditor.manualSession(
            id: UUID().uuidString, start: times.start, seconds: times.seconds, tz: ctx.timeZoneIdentifier,
            tags: FocusLog.tagSet(args.all(tag)), note: args[note], now: now, zone: ctx.zone)
        let (note, short) = try ctx.deciding { lookup throws(FocusError) in
            (
                try HistoryView.overlapNote(log, in: lookup, readerZone: ctx.zone),
                try HistoryView.shortID(log.id, in: lookup, adding: [log.id])
            )
        }
        if let note { ctx.err.line(note) }
        try ctx.store.record(log)
        ctx.out.line("Added \(HistoryView.describe(log, readerZone: ctx.zone)) (\(short)).")
        return 0
    }
}
