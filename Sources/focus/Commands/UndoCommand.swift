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
            let verb = log.source == .manual ? "adding" : log.source == .import ? "importing" : "recording"
            ctx.out.line("Undid \(verb) \(HistoryView.describe(log, readerZone: zone)).")
        case .edit(_, let session):
            ctx.out.line(
                "Undid an edit" + (session.map { ": \(HistoryView.describe($0, readerZone: zone)) again" } ?? "") + ".")
        case .delete(_, let session):
            ctx.out.line(
                "Undid a deletion" + (session.map { ": \(HistoryView.describe($0, readerZone: zone)) is back" } ?? "")
                    + ".")
        case .batch(_, let sessions, let changes):
            let seconds = sessions.reduce(0) { $0 + $1.focused }
            let edits = changes.filter { $0.kind == .edit }.count
            let deletions = changes.count - edits
            ctx.out.line(
                "Undid importing \(sessions.count) session\(sessions.count == 1 ? "" : "s") "
                    + "(\(LocalTime.duration(seconds)) of focus)"
                    + (edits > 0 ? ", \(edits) update\(edits == 1 ? "" : "s")" : "")
                    + (deletions > 0 ? ", \(deletions) deletion\(deletions == 1 ? "" : "s")" : "")
                    + ": the whole import, in one step.")
        }
        return 0
    }
}
