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
        let target = try ctx.changingJournal { () throws(FocusError) -> UndoTarget in
            guard let target = ctx.store.lastUndoable() else { throw FocusError(.failure, "nothing to undo") }
            try ctx.store.undo(target, at: ctx.now()) { UUID().uuidString }
            return target
        }
        let zone = ctx.zone
        switch target {
        case .session(let log):
            let what = HistoryView.describe(log, readerZone: zone)
            switch log.source {
            case .manual: ctx.out.line("Undid adding \(what).")
            case .import: ctx.out.line("Undid importing \(what).")
            default: ctx.out.line("Undid recording \(what).")
            }
        case .edit(_, let session):
            if let session {
                ctx.out.line("Undid an edit: \(HistoryView.describe(session, readerZone: zone)) again.")
            } else {
                ctx.out.line("Undid an edit.")
            }
        case .delete(_, let session):
            if let session {
                ctx.out.line("Undid a deletion: \(HistoryView.describe(session, readerZone: zone)) is back.")
            } else {
                ctx.out.line("Undid a deletion.")
            }
        case .batch(_, let sessions, let changes):
            let seconds = sessions.reduce(0) { $0 + $1.focused }
            let edits = changes.filter { $0.kind == .edit }.count
            let deletions = changes.count - edits
            let imported: Message =
                sessions.count == 1
                ? "Undid importing 1 session (\(duration: seconds) of focus)"
                : "Undid importing \(sessions.count) sessions (\(duration: seconds) of focus)"
            let updates: Message = edits == 0 ? "" : edits == 1 ? ", 1 update" : ", \(edits) updates"
            let deleted: Message = deletions == 0 ? "" : deletions == 1 ? ", 1 deletion" : ", \(deletions) deletions"
            ctx.out.line("\(imported)\(updates)\(deleted): the whole import, in one step.")
        }
        return 0
    }
}
