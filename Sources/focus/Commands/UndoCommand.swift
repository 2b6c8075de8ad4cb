import FocusCore
import FoundationEssentials

/// `focus undo`: takes back the last add, edit, delete or recorded session, by appending an undo record.
enum UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "undo",
        abstract: "Undo the last added, edited, deleted or recorded session",
        discussion: """
            Undo appends a record that cancels the last change this machine made; run it
            again to undo the one before.
            """)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        // Chosen and taken back under the change lock: two racing undos take back two records, never one twice.
        let target = try ctx.changingHistory { lookup throws(FocusError) -> UndoTarget in
            guard let target = try lookup.lastUndoable() else { throw FocusError(.failure, "nothing to undo") }
            try ctx.store.undo(target, at: ctx.now()) { UUID().uuidString }
            return target
        }
        ctx.out.line(done(target, readerZone: ctx.zone))
        return 0
    }

    /// `Undid adding 2026-11-29 09:00–09:25 (25m) #writing.`: what undoing `target` did.
    static func done(_ target: UndoTarget, readerZone zone: Zone) -> Message {
        switch target {
        case .session(let log):
            let what = HistoryView.describe(log, readerZone: zone)
            switch log.source {
            case .manual: return "Undid adding \(what)."
            case .import: return "Undid importing \(what)."
            default: return "Undid recording \(what)."
            }
        case .edit(_, let session?): return "Undid an edit: \(HistoryView.describe(session, readerZone: zone)) again."
        case .edit: return "Undid an edit."
        case .delete(_, let session?):
            return "Undid a deletion: \(HistoryView.describe(session, readerZone: zone)) is back."
        case .delete: return "Undid a deletion."
        case .batch(_, let sessions, let changes):
            let seconds = sessions.reduce(0) { $0 + $1.focused }
            let imported: Message =
                sessions.count == 1
                ? "Undid importing 1 session (\(duration: seconds) of focus)"
                : "Undid importing \(sessions.count) sessions (\(duration: seconds) of focus)"
            let (updates, deleted) = changesText(changes)
            return "\(imported)\(updates)\(deleted): the whole import, in one step."
        }
    }

    /// `Undo adding 2026-11-29 09:00–09:25 (25m) #writing?`: the dashboard's question before it undoes `target`.
    static func question(_ target: UndoTarget, readerZone zone: Zone) -> Message {
        switch target {
        case .session(let log):
            let what = HistoryView.describe(log, readerZone: zone)
            switch log.source {
            case .manual: return "Undo adding \(what)?"
            case .import: return "Undo importing \(what)?"
            default: return "Undo recording \(what)?"
            }
        case .edit(_, let session?):
            return "Undo an edit, back to \(HistoryView.describe(session, readerZone: zone))?"
        case .edit: return "Undo an edit?"
        case .delete(_, let session?):
            return "Undo a deletion, bringing back \(HistoryView.describe(session, readerZone: zone))?"
        case .delete: return "Undo a deletion?"
        case .batch(_, let sessions, let changes):
            let seconds = sessions.reduce(0) { $0 + $1.focused }
            let (updates, deleted) = changesText(changes)
            return sessions.count == 1
                ? "Undo importing 1 session (\(duration: seconds) of focus)\(updates)\(deleted)?"
                : "Undo importing \(sessions.count) sessions (\(duration: seconds) of focus)\(updates)\(deleted)?"
        }
    }

    /// `, 2 updates` and `, 1 deletion`: the changes a batch import made besides its sessions, or nothing.
    private static func changesText(_ changes: [JournalChange]) -> (updates: Message, deletions: Message) {
        let edits = changes.filter { $0.kind == .edit }.count
        let deletions = changes.count - edits
        let updates: Message = edits == 0 ? "" : edits == 1 ? ", 1 update" : ", \(edits) updates"
        let deleted: Message = deletions == 0 ? "" : deletions == 1 ? ", 1 deletion" : ", \(deletions) deletions"
        return (updates, deleted)
    }
}
