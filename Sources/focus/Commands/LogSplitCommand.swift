import FocusCore
import FoundationEssentials

/// `focus log split ID TIME`: cuts a session in two at a moment inside it.
enum LogSplitCommand: ParsableCommand {
    static let id = LogCommand.sessionID
    static let time = Argument<String>(
        "TIME", "Where to cut: 10:30 (on the session's day), \"2026-11-29 10:30\"", parser: .string, required: true)

    static let configuration = CommandConfiguration(
        name: "split",
        abstract: "Cut a session in two at a moment inside it",
        discussion: """
            The session ends at TIME and a new one, with its tag, note and source, begins
            there; the focused time is shared in proportion to each part's length. Two
            journal records: focus undo takes back the new session, then the cut.
            """,
        arguments: [id, time])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        // Decided and recorded under the change lock, like every edit.
        try ctx.changingHistory { lookup throws(FocusError) -> Int32 in try split(args, lookup, ctx) }
    }

    /// Decides and records the cut, every question asked of `lookup` before it writes.
    private static func split(_ args: ParsedArguments, _ lookup: SessionLookup, _ ctx: Context) throws(FocusError)
        -> Int32
    {
        let old = try lookup.session(matching: args.required(Self.id))
        let target = old.id
        let zone = try ctx.localDays().zone(old.tz)
        let day = try ctx.localDays().date(of: old)
        let cut = try SessionTimes.moment(
            args.required(time), option: "TIME", on: day, now: ctx.now(), zone: zone,
            dayStartSeconds: try ctx.loadConfig().dayStartSeconds)
        let parts = try SessionEditor.split(old, at: cut, newID: UUID().uuidString, zone: zone)
        let length = try lookup.shortIDLength(adding: [parts.second.id])
        // One append of both records: a kill lands before or after it (`focus undo` takes back the new session,
        // then the cut, so the cut goes first).
        try ctx.store.record(
            JournalChange(id: UUID().uuidString, kind: .edit, target: target, at: ctx.now(), patch: parts.patch),
            then: parts.second)
        let first = parts.patch.applied(to: old)
        let short = String(target.prefix(length))
        let shortSecond = String(parts.second.id.prefix(length))
        let second = HistoryView.describe(parts.second, readerZone: ctx.zone)
        ctx.out.line(
            "Split \(short): \(HistoryView.describe(first, readerZone: ctx.zone)) and \(second) (\(shortSecond)).")
        return 0
    }
}
