import FocusInterchange
import FocusJournal
import FocusModels
import FoundationEssentials

extension AppStore {
    /// `focus import`: plans `inputs` against the loaded history
    /// (``ImportPlan/plan(_:format:history:prune:path:now:newID:progress:adding:)``) and, unless `dryRun`, records
    /// what it adds, updates and prunes as one batch of this device, as ``record(sessions:changes:)`` does. The
    /// history read before is then forgotten rather than brought up to date (an import of a million sessions would
    /// build it again for nothing): the store is as it was before ``load()``, and what asks it anything next reads
    /// the journal or its derived files again.
    ///
    /// Each new session's line goes to the batch's temp file as soon as it is planned, a piece of about a MiB at a
    /// time: the sessions read are never all in memory. A plan that fails, or that writes nothing, leaves no batch.
    public func importSessions(
        _ inputs: [ImportInput], format: SessionImporter.Format, prune: Bool, path: String, now: Date,
        newID: () -> String, dryRun: Bool, progress: ((WorkProgress) -> Void)? = nil
    ) throws(FocusError) -> ImportSummary {
        func plan(adding: (FocusLog) -> Void) throws(FocusError) -> ImportSummary {
            try ImportPlan.plan(
                inputs, format: format, history: history, prune: prune, path: path, now: now, newID: newID,
                progress: progress, adding: adding)
        }
        if dryRun { return try plan { _ in } }
        let device = try device()
        var summary: ImportSummary?
        let batch = try commitBatch(of: device) { (write) throws(FocusError) -> Bool in
            let piece = 1 << 20
            var bytes: [UInt8] = []
            bytes.reserveCapacity(piece + 4096)
            // The first failure (a session the journal cannot hold, a write that fails) ends the batch; the reader
            // cannot be stopped, so it is thrown once the plan is made.
            var failure: FocusError?
            let planned = try plan { log in
                guard failure == nil else { return }
                do throws(FocusError) {
                    try Self.check(log)
                    JournalCodec.append(log, to: &bytes)
                    bytes.append(10)
                    guard bytes.count >= piece else { return }
                    try write(bytes)
                    bytes.removeAll(keepingCapacity: true)
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            if !bytes.isEmpty { try write(bytes) }
            try Self.writeLines(changes: planned.updated + planned.pruned, to: write)
            summary = planned
            return !planned.writesNothing
        }
        if batch != nil { unload() }
        // `commitBatch` returned: `produce` ran to its end, which set it.
        return summary!
    }
}
