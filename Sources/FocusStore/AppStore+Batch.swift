import FocusJournal
import FocusModels

/// Batch files: many records written to the journal at once (an import, a split), all of them or none.
extension AppStore {
    /// Writes the journal lines `produce` makes as this device's next batch file: all of them reach the journal, or
    /// none.
    ///
    /// The batch is placed after the lines its device's own file has now (``JournalBatch``); another batch already
    /// there makes it the next one. It is staged under a temp name (`<name>-<id>.batch.tmp-…`, never read as
    /// journal) and linked in when complete; `nil` when `produce` says to write nothing after all (returns `false`).
    func commitBatch(
        of device: Device,
        producing produce: (_ write: ([UInt8]) throws(FocusError) -> Void) throws(FocusError) -> Bool
    ) throws(FocusError) -> JournalBatch? {
        try FileIO.makeDirectories(paths.journalDirectory)
        let after = try FileIO.lineCount(paths.journalFile(of: device))
        var sequence = 1
        for name in try FileIO.list(paths.journalDirectory) {
            if case .batch(let other)? = JournalFileName(name), other.device == device, other.after == after {
                sequence = max(sequence, other.sequence + 1)
            }
        }
        let staging = paths.journalDirectory + "/\(device.name)-\(device.id).batch"
        let folder = paths.journalDirectory
        func batch(_ attempt: Int) -> JournalBatch {
            JournalBatch(device: device, after: after, sequence: sequence + attempt)
        }
        // With no bound on the attempts, `nil` is only ever a batch `produce` declined.
        let taken = try FileIO.createExclusively(
            trying: { folder + "/" + batch($0).fileName }, staging: staging, producing: produce)
        return taken.map(batch)
    }

    /// Writes the journal lines of `logs`, then of `changes`, each with its newline, a piece of about a MiB at a
    /// time: the lines of a million sessions are never all in memory.
    static func writeLines(
        sessions logs: [FocusLog] = [], changes: [JournalChange], to write: ([UInt8]) throws(FocusError) -> Void
    ) throws(FocusError) {
        let piece = 1 << 20
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece + 4096)
        func ended() throws(FocusError) {
            bytes.append(10)
            guard bytes.count >= piece else { return }
            try write(bytes)
            bytes.removeAll(keepingCapacity: true)
        }
        for log in logs {
            JournalCodec.append(log, to: &bytes)
            try ended()
        }
        for change in changes {
            bytes += JournalCodec.encode(change).utf8
            try ended()
        }
        if !bytes.isEmpty { try write(bytes) }
    }
}
