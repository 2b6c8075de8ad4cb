import FocusCore
import FoundationEssentials

/// `focus log delete ID`: removes a session from the history by appending a deletion record.
enum LogDeleteCommand: ParsableCommand {
    static let id = LogCommand.sessionID

    static let configuration = CommandConfiguration(
        name: "delete",
        abstract: "Remove a session from the history (focus undo brings it back)",
        discussion: "The journal keeps the session's record; the deletion is a new record beside it.",
        aliases: ["rm"],
        arguments: [id])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        // Resolved and deleted under the change lock: a session another command just deleted is not deleted again.
        let (old, short) = try ctx.changingHistory { lookup throws(FocusError) -> (FocusLog, String) in
            let old = try lookup.session(matching: args.required(Self.id))
            let short = try HistoryView.shortID(old.id, in: lookup)
            try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .delete, target: old.id, at: ctx.now()))
            return (old, short)
        }
        ctx.out.line(
            "Deleted \(short): \(HistoryView.describe(old, readerZone: ctx.zone)). 'focus undo' brings it back.")
        return 0
    }
}
