import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

extension AppStore {
    /// The user's `expeditions.json` when there is one, else the built-in route.
    ///
    /// A user file that is not valid JSON or breaks a rule is an error (exit
    /// 65) naming the file, the place in it and the problem.
    public func loadExpeditionDefinitions() throws(FocusError) -> ExpeditionDefinitions {
        guard let bytes = try FileIO.read(paths.expeditionsFile, following: true) else { return .builtIn }
        return try ExpeditionDefinitions.parse(bytes, file: paths.expeditionsFile)
    }

    /// Brings ``expedition`` up to date with ``focusLogs`` and saves the checkpoint.
    ///
    /// Starts from the checkpoint when it holds a prefix of the journal's
    /// sessions (see ``ExpeditionCheckpoint``), otherwise from nothing, and
    /// applies the sessions it does not hold yet. The checkpoint is replaced
    /// atomically, and only when it changed (an empty journal writes none); when it cannot be written (a
    /// read-only or full folder) it is simply not written: reading never needs to write. Returns the events of the
    /// sessions applied now, keyed by session id: after a timer session, its
    /// own events are the ones to show.
    @discardableResult
    public func loadExpedition(days: LocalDays) throws(FocusError) -> [String: [ExpeditionEvent]] {
        let definitions = try loadExpeditionDefinitions()
        let sessions = focusLogs.filter { ExpeditionService.earnsProgress($0, definitions: definitions) }
        let fingerprint = ExpeditionCheckpoint.fingerprint(definitions, days: days, changes: history.changes.map(\.id))
        let saved = readCheckpoint(definitions)
        let start = saved.flatMap { $0.holds(prefixOf: sessions, fingerprint: fingerprint) ? $0 : nil }
        let result = ExpeditionService.fold(
            sessions, applied: start?.applied ?? 0, into: start?.state ?? ExpeditionState(), definitions: definitions,
            days: days)
        expeditionDefinitions = definitions
        expedition = result.state
        let checkpoint = ExpeditionCheckpoint(
            version: ExpeditionCheckpoint.currentVersion, fingerprint: fingerprint, applied: sessions.count,
            lastID: sessions.last?.id,
            appliedHash: ExpeditionCheckpoint.appliedHash(sessions[...]), state: result.state)
        if checkpoint != saved, saved != nil || !sessions.isEmpty { try? saveCheckpoint(checkpoint) }
        saveDerived(days: days, expedition: result.state)
        return result.events
    }

    /// ``loadExpedition(days:)`` without reading the history: from the derived files (``JournalDigest``) while they
    /// match the journal, folding in the sessions appended since. `nil` when they cannot tell (none yet, the
    /// journal changed otherwise, other definitions): the caller loads the journal and calls ``loadExpedition(days:)``,
    /// which writes them for the next time. The definitions are read (and a broken file is an error) either way.
    public func loadDerivedExpedition(days: LocalDays) throws(FocusError) -> [String: [ExpeditionEvent]]? {
        let definitions = try loadExpeditionDefinitions()
        guard let derived = derivedJournal(days: days, definitions: definitions), let saved = derived.expedition,
            saved.fingerprint == JournalDigest.expeditionFingerprint(definitions, days: days),
            ExpeditionCheckpoint.isWithinBounds(saved.state, of: definitions)
        else { return nil }
        expeditionDefinitions = definitions
        expedition = saved.state
        return derived.events
    }

    /// How the saved checkpoint compares with a rebuild from the journal, for `focus doctor`.
    public enum CheckpointHealth: Equatable, Sendable {
        /// There is none (it is written on first use).
        case missing
        /// Resuming from it gives exactly what a rebuild gives.
        case matches
        /// It was built from an earlier journal (before an edit, a deletion or an undo), or with other definitions
        /// or settings: not a problem, the next command that shows the expedition rebuilds it.
        case behind
        /// It cannot be read, holds values out of range, or holds the journal's sessions but gives another state
        /// than a rebuild of them: the reason.
        case differs(Message)
    }

    /// Rebuilds the expedition from the journal in memory and compares it with the saved checkpoint; writes nothing.
    public func checkExpeditionCheckpoint(days: LocalDays) throws(FocusError) -> CheckpointHealth {
        var check = try expeditionCheckpointCheck(days: days)
        for log in focusLogs { check.visit(log) }
        return check.health(changes: history.changes)
    }

    /// ``checkExpeditionCheckpoint(days:)`` fed the effective sessions one at a time, in order, as a streamed read
    /// of the journal visits them (``streamSessions(progress:_:)``): it holds the two folds, not the sessions.
    public func expeditionCheckpointCheck(days: LocalDays) throws(FocusError) -> CheckpointCheck {
        guard FileIO.exists(paths.expeditionCheckpointFile) else { return CheckpointCheck(.missing) }
        let definitions = try loadExpeditionDefinitions()
        guard let bytes = try? FileIO.read(paths.expeditionCheckpointFile),
            let saved = try? Self.decoder.decode(ExpeditionCheckpoint.self, from: Data(bytes))
        else { return CheckpointCheck(.differs("cannot be read as a checkpoint")) }
        return CheckpointCheck(saved, definitions: definitions, days: days)
    }

    /// The check of the expedition checkpoint against a rebuild, fed the effective sessions in order
    /// (``visit(_:)``), answered once they all went by (``health(changes:)``).
    public struct CheckpointCheck {
        /// The answer when the file alone decides it (none, or unreadable).
        let decided: CheckpointHealth?
        let saved: ExpeditionCheckpoint?
        let definitions: ExpeditionDefinitions
        let days: LocalDays
        /// The sessions that earn progress seen so far, and the hash and the last id of the first `applied` of them.
        var earning = 0
        var prefixHash = FNV1a.offsetBasis
        var prefixLastID: String?
        /// The fold from nothing, and the fold resumed from the saved state (only when it is within bounds).
        var rebuilt: ExpeditionService.Folder
        var resumed: ExpeditionService.Folder?

        init(_ decided: CheckpointHealth) {
            self.decided = decided
            saved = nil
            definitions = .builtIn
            days = LocalDays(timeZone: .gmt)
            rebuilt = ExpeditionService.Folder(state: ExpeditionState(), definitions: definitions, days: days)
        }

        init(_ saved: ExpeditionCheckpoint, definitions: ExpeditionDefinitions, days: LocalDays) {
            decided = nil
            self.saved = saved
            self.definitions = definitions
            self.days = days
            rebuilt = ExpeditionService.Folder(state: ExpeditionState(), definitions: definitions, days: days)
            if saved.isWithinBounds(of: definitions) {
                resumed = ExpeditionService.Folder(state: saved.state, definitions: definitions, days: days)
            }
        }

        /// The next effective session.
        public mutating func visit(_ log: FocusLog) {
            guard let saved, ExpeditionService.earnsProgress(log, definitions: definitions) else { return }
            earning += 1
            if earning <= saved.applied {
                prefixHash = FNV1a.hash(line: log.id, continuing: prefixHash)
                if earning == saved.applied { prefixLastID = log.id }
                resumed?.skip(log)
            } else {
                _ = resumed?.add(log)
            }
            _ = rebuilt.add(log)
        }

        /// How the checkpoint compares with the rebuild, `changes` being the journal's change records.
        public func health(changes: [JournalChange]) -> CheckpointHealth {
            if let decided { return decided }
            guard let saved else { return .missing }
            let fingerprint = ExpeditionCheckpoint.fingerprint(definitions, days: days, changes: changes.map(\.id))
            guard saved.version == ExpeditionCheckpoint.currentVersion, saved.fingerprint == fingerprint,
                saved.applied >= 0, saved.applied <= earning, prefixLastID == saved.lastID,
                String(prefixHash, radix: 16) == saved.appliedHash
            else { return .behind }
            guard let resumed else { return .differs("it holds values out of range") }
            return rebuilt.state == resumed.state
                ? .matches : .differs(Message("resuming from it gives another expedition state than a rebuild"))
        }
    }

    /// Removes the checkpoint and builds it again from the journal. The journal itself is never touched.
    public func rebuildExpeditionCheckpoint(days: LocalDays) throws(FocusError) {
        try FileIO.remove(paths.expeditionCheckpointFile)
        if !isLoaded { try load() }
        try loadExpedition(days: days)
    }

    /// The checkpoint, or `nil` when there is none, it cannot be read or it holds values `definitions` rule out
    /// (``ExpeditionCheckpoint/isWithinBounds(of:)``): it is a cache of the journal, so a damaged one is rebuilt,
    /// never trusted.
    func readCheckpoint(_ definitions: ExpeditionDefinitions) -> ExpeditionCheckpoint? {
        guard let bytes = try? FileIO.read(paths.expeditionCheckpointFile),
            let checkpoint = try? Self.decoder.decode(ExpeditionCheckpoint.self, from: Data(bytes)),
            checkpoint.isWithinBounds(of: definitions)
        else { return nil }
        return checkpoint
    }

    func saveCheckpoint(_ checkpoint: ExpeditionCheckpoint) throws(FocusError) {
        try FileIO.makeDirectories(paths.cacheDirectory)
        try FileIO.replace(
            paths.expeditionCheckpointFile, with: try Self.fileBytes(checkpoint, what: "the expedition checkpoint"))
    }
}
