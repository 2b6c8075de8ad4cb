import FocusCore
import Foundation

/// An import planned whole with its new sessions kept, for the tests to look at: `focus import` hands each new
/// session on as it is planned (``ImportPlan/plan(_:format:history:prune:path:now:newID:progress:adding:)``).
struct PlannedImport: Equatable {
    /// New sessions, in input order (the Timewarrior intervals held back as possible moves last).
    let added: [FocusLog]
    let summary: ImportSummary

    var updated: [JournalChange] { summary.updated }
    var pruned: [JournalChange] { summary.pruned }
    var duplicates: Int { summary.duplicates }
    var skipped: [SessionImporter.Skipped] { summary.skipped }

    /// Plans `inputs` (each file's name and bytes, the month files of a data folder when `folder`) against
    /// `history`.
    init(
        inputs: [(name: String, bytes: [UInt8])], format: SessionImporter.Format, history: JournalHistory,
        prune: Bool = false, path: String, now: Date, newID: () -> String, progress: ((WorkProgress) -> Void)? = nil,
        folder: Bool = false
    ) throws(FocusError) {
        var added: [FocusLog] = []
        let files = inputs.map { input in
            folder
                ? ImportInput(name: input.name, ofFolder: true) { ImportInput(name: input.name, bytes: input.bytes) }
                : ImportInput(name: input.name, bytes: input.bytes)
        }
        summary = try ImportPlan.plan(
            files, format: format, history: history,
            prune: prune, path: path, now: now, newID: newID, progress: progress
        ) { added.append($0) }
        self.added = added
    }
}
