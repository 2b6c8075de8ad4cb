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
        try ctx.loadJournal()
        guard let target = ctx.store.lastUndoable() else { throw FocusError(.failure, "nothing to undo") }
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .undo, target: target.recordID, at: ctx.now()))
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
        }
        return 0
    }
}
