import FocusCore
import FoundationEssentials

/// `focus log edit ID`: changes a session by appending an edit record.
enum LogEditCommand: ParsableCommand {
    static let id = Argument<String>(
        "ID", "The session, or any unique prefix of its id", parser: .string, required: true)
    static let start = Option<String>(
        "start", "TIME", "New local start time, \"YYYY-MM-DD HH:MM\" (same length)", parser: .string)
    static let duration = Option<Int>("duration", "D", "New focused time, like 25m or 1h30m", parser: .duration)
    static let tag = Option<Clearable>(
        "tag", "T", "New tag; \"\" clears it", parser: .clearable, completion: .dynamic(.tags))
    static let note = Option<Clearable>("note", "N", "New note; \"\" clears it", parser: .clearable)

    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Change a session's start, length, tag or note",
        discussion: "A new start is read in the session's own zone, the one `focus log` shows it in.",
        arguments: [id],
        options: [start, duration, tag, note])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard args.given(start, duration, tag, note) else {
            throw FocusError(.usage, "nothing to change: give --start, --duration, --tag or --note")
        }
        return try ctx.changingJournal { () throws(FocusError) -> Int32 in try edit(args, ctx) }
    }

    /// Decides and records the edit; run under the change lock, after the journal is loaded.
    private static func edit(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let logs = ctx.store.focusLogs
        let id = try ShortID.resolve(args.required(Self.id), among: logs.map(\.id))
        let old = ctx.store.session(id: id)!
        // The session is shown in its own zone, so a new start is read in that zone too.
        let zone = try ctx.localDays().zone(old.tz)
        let patch = try SessionEditor.patch(
            old,
            start: try args[start].map { text throws(FocusError) in try LocalDateTime.parse(text, in: zone) },
            seconds: args[duration], tag: args[tag].map(\.value), note: args[note].map(\.value),
            now: ctx.now(), zone: zone)
        let new = patch.applied(to: old)
        let short = HistoryView.shortID(id, among: logs)
        guard new != old else {
            ctx.out.line(
                "Nothing changed: \(HistoryView.describe(old, readerZone: ctx.timeZone)) already reads that way.")
            return 0
        }
        if patch.start != nil || patch.end != nil,
            let note = HistoryView.overlapNote(new, among: logs, readerZone: ctx.timeZone)
        {
            ctx.err.line(note)
        }
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .edit, target: id, at: ctx.now(), patch: patch))
        ctx.out.line("Edited \(short): \(HistoryView.describe(new, readerZone: ctx.timeZone)).")
        return 0
    }
}
