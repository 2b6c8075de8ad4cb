import FocusCore
import FoundationEssentials

/// `focus log add`: records a session by hand, as completed, with source `manual`.
enum LogAddCommand: ParsableCommand {
    static let start = Option<String>(
        "start", "TIME", "Local start time, \"YYYY-MM-DD HH:MM\"", parser: .string, required: true)
    static let duration = Option<Int>(
        "duration", "D", "Focused time, like 25m or 1h30m", parser: .duration, required: true)
    static let tag = Option<String>("tag", "T", "The session's tag", parser: .text, completion: .dynamic(.tags))
    static let note = Option<String>("note", "N", "The session's note", parser: .text)

    static let configuration = CommandConfiguration(
        name: "add",
        abstract: "Record a session by hand",
        discussion: """
            The start is a local time in your zone; the session is recorded as completed,
            with source manual, and cannot end in the future.
            """,
        options: [start, duration, tag, note])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let log = try SessionEditor.manualSession(
            id: UUID().uuidString, start: try LocalDateTime.parse(args.required(start), in: ctx.timeZone),
            seconds: args.required(duration), tz: ctx.timeZoneIdentifier, tag: args[tag], note: args[note],
            now: ctx.now(), zone: ctx.timeZone)
        try ctx.loadJournal()
        let logs = ctx.store.focusLogs
        if let note = HistoryView.overlapNote(log, among: logs, readerZone: ctx.timeZone) { ctx.err.line(note) }
        try ctx.store.record(log)
        ctx.out.line(
            "Added \(HistoryView.describe(log, readerZone: ctx.timeZone)) "
                + "(\(HistoryView.shortID(log.id, among: ctx.store.focusLogs))).")
        return 0
    }
}
