import FocusCore
import FoundationEssentials

/// `focus undo`: takes back the last add, edit, delete or recorded session, by appending an undo record.
enum UndoCommand {
    static let command = Command(
        name: "undo",
        summary: "Undo the last added, edited, deleted or recorded session",
        usage: "focus undo",
        discussion:
            "Undo appends a record that cancels the last change this machine made; run it again to undo the one before.",
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadJournal()
        guard let target = ctx.store.lastUndoable() else { throw FocusError(.failure, "nothing to undo") }
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .undo, target: target.recordID, at: ctx.now()))
        switch target {
        case .session(let log):
            ctx.out.line(
                "Undid \(log.source == .manual ? "adding" : log.source == .import ? "importing" : "recording") \(HistoryView.describe(log, ctx))."
            )
        case .edit(_, let session):
            ctx.out.line("Undid an edit" + (session.map { ": \(HistoryView.describe($0, ctx)) again" } ?? "") + ".")
        case .delete(_, let session):
            ctx.out.line(
                "Undid a deletion" + (session.map { ": \(HistoryView.describe($0, ctx)) is back" } ?? "") + ".")
        }
        return 0
    }
}
