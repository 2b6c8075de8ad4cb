import FocusCore
import FoundationEssentials

/// `focus log move ID --start TIME`: moves a session, keeping its length.
enum LogMoveCommand: ParsableCommand {
    static let id = LogCommand.sessionID
    static let start = Option<String>(
        "start", "TIME", "Its new start: 10:15 (on its day), \"yesterday 14:00\"", parser: .string, required: true)

    static let configuration = CommandConfiguration(
        name: "move",
        abstract: "Move a session to a new start, keeping its length",
        discussion: "The same as focus log edit ID --start TIME.",
        arguments: [id],
        options: [start])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        // Decided and recorded under the change lock, like every edit.
        try ctx.changingHistory { lookup throws(FocusError) -> Int32 in try move(args, lookup, ctx) }
    }

    /// Decides and records the move, every question asked of `lookup` before it writes.
    private static func move(_ args: ParsedArguments, _ lookup: SessionLookup, _ ctx: Context) throws(FocusError)
        -> Int32
    {
        let old = try lookup.session(matching: args.required(Self.id))
        let target = old.id
        let zone = try ctx.localDays().zone(old.tz)
        let now = ctx.now()
        let change = try SessionTimes.edit(
            old, start: args[start], end: nil, duration: nil, now: now, zone: zone,
            dayStartSeconds: try ctx.loadConfig().dayStartSeconds)
        let patch = try SessionEditor.patch(
            old, start: change.start, seconds: nil, tags: nil, note: nil, now: now, zone: zone)
        let new = patch.applied(to: old)
        let note = try HistoryView.overlapNote(new, in: lookup, readerZone: ctx.zone)
        let short = try HistoryView.shortID(target, in: lookup)
        if let note { ctx.err.line(note) }
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .edit, target: target, at: now, patch: patch))
        ctx.out.line("Moved \(short): \(HistoryView.describe(new, readerZone: ctx.zone)).")
        return 0
    }
}
