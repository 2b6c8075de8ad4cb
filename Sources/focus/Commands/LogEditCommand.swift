import FocusCore
import FoundationEssentials

/// `focus log edit ID`: changes a session by appending an edit record.
enum LogEditCommand: ParsableCommand {
    static let id = LogCommand.sessionID
    static let start = Option<String>(
        "start", "TIME", "New start: 10:15 (on the session's day), \"2026-11-29 10:15\" (same length)",
        parser: .string)
    static let end = Option<String>("end", "TIME", "New end (the start stays): 11:05", parser: .string)
    static let duration = Option<Int>("duration", "D", "New focused time, like 25m or 1h30m", parser: .duration)
    static let shorten = Option<Int>("shorten", "D", "End D earlier, with D less focus: 15m", parser: .duration)
    static let lengthen = Option<Int>("lengthen", "D", "End D later, with D more focus: 10m", parser: .duration)
    static let tag = Option<Clearable>(
        "tag", "T", "The tags instead of the old ones (again for more); \"\" clears them", parser: .clearable,
        completion: .dynamic(.tags), repeatable: true)
    static let addTag = Option<String>(
        "add-tag", "T", "Add a tag, after the others (again for more)", parser: .text, completion: .dynamic(.tags),
        repeatable: true)
    static let removeTag = Option<String>(
        "remove-tag", "T", "Remove a tag (again for more)", parser: .text, completion: .dynamic(.tags),
        repeatable: true)
    static let note = Option<Clearable>("note", "N", "New note; \"\" clears it", parser: .clearable)

    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Change a session's start, length, tags or note",
        discussion: "A new start is read in the session's own zone, the one `focus log` shows it in.",
        arguments: [id],
        options: [start, end, duration, shorten, lengthen, tag, addTag, removeTag, note])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard args.given(start, end, duration, shorten, lengthen, tag, addTag, removeTag, note) else {
            throw FocusError(
                .usage,
                """
                nothing to change: give --start, --end, --duration, --shorten, --lengthen, --tag, --add-tag, \
                --remove-tag or --note
                """)
        }
        let resize = (args[lengthen] ?? 0) - (args[shorten] ?? 0)
        if args.given(shorten), args.given(lengthen) {
            throw FocusError(.usage, "give either --shorten or --lengthen, not both")
        }
        if args.given(shorten, lengthen), args.given(start, end, duration) {
            throw FocusError(.usage, "--shorten and --lengthen go without --start, --end or --duration")
        }
        return try ctx.changingHistory { lookup throws(FocusError) -> Int32 in
            try edit(args, resize: resize, lookup, ctx)
        }
    }

    /// Decides and records the edit; run under the change lock, every question asked of `lookup` before it writes.
    private static func edit(
        _ args: ParsedArguments, resize: Int, _ lookup: SessionLookup, _ ctx: Context
    ) throws(FocusError) -> Int32 {
        let old = try lookup.session(matching: args.required(Self.id))
        let id = old.id
        var patch =
            args.given(shorten, lengthen)
            ? try SessionEditor.resize(old, by: resize, now: ctx.now(), zone: try ctx.localDays().zone(old.tz))
            : try Self.patch(old, start: args[start], end: args[end], duration: args[duration], ctx)
        patch.tags = SessionEditor.tags(
            old.tags, set: args.given(tag) ? args.all(tag).compactMap(\.value) : nil, adding: args.all(addTag),
            removing: args.all(removeTag))
        patch.note = args[note].map(\.value)
        let new = patch.applied(to: old)
        guard new != old else {
            ctx.out.line(
                "Nothing changed: \(HistoryView.describe(old, readerZone: ctx.zone)) already reads that way.")
            return 0
        }
        let short = try HistoryView.shortID(id, in: lookup)
        if patch.start != nil || patch.end != nil,
            let note = try HistoryView.overlapNote(new, in: lookup, readerZone: ctx.zone)
        {
            ctx.err.line(note)
        }
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .edit, target: id, at: ctx.now(), patch: patch))
        ctx.out.line("Edited \(short): \(HistoryView.describe(new, readerZone: ctx.zone)).")
        return 0
    }

    /// What `--start`, `--end` and `--duration` make of `old` (the dashboard's editor asks the same): a new start
    /// read in the session's own zone, the one `focus log` shows it in, a new end or focused time; tags and note
    /// left as they are.
    static func patch(
        _ old: FocusLog, start: String?, end: String?, duration: Int?, _ ctx: Context
    ) throws(FocusError) -> SessionPatch {
        let zone = try ctx.localDays().zone(old.tz)
        let now = ctx.now()
        let change = try SessionTimes.edit(
            old, start: start, end: end, duration: duration, now: now, zone: zone,
            dayStartSeconds: try ctx.loadConfig().dayStartSeconds)
        return try SessionEditor.patch(
            old, start: change.start, seconds: change.seconds, tags: nil, note: nil, now: now, zone: zone)
    }
}
