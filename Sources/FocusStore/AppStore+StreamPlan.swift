import FocusJournal
import FocusModels

/// The stream's first pass (``AppStore/streamSessions(progress:_:)``): every line read, the change records and a key
/// for each session kept, the sessions a change names resolved.
extension AppStore {
    /// What the first pass learnt: enough to stream the sessions in order.
    struct StreamPlan {
        var files: [JournalFileReader] = []
        /// Their names, for the order of change records, and the device that wrote each (`nil` when unknown).
        var names: [String] = []
        var writers: [String?] = []
        /// How many bytes of each file the first pass read: the second reads no more.
        var sizes: [Int] = []
        /// Each file's state up to `sizes` (``StatsCache/FileState``), and its lines (an unterminated last one counts).
        var states: [StatsCache.FileState] = []
        var lines: [Int] = []
        var keys: [SessionKey] = []
        /// The session records read (``keys`` holds one each, unless a look was sure: then none).
        var sessionRecords = 0
        /// The sessions a change record took away as the first pass visited them.
        var dropped = 0
        /// Whether `keys` are by start in reading order already.
        var inOrder = true
        /// Whether the second pass leaves `keys` for another
        /// (``AppStore/streamSessions(withDevices:thenNewestFirst:)``).
        var keepsKeys = false
        var changes: [JournalChange] = []
        var order: [JournalHistory.ChangeOrder] = []
        var issues: [JournalIssue] = []
        /// The effective versions of the sessions a change names, by start then id, with their devices, and where
        /// their lines are.
        var changed: [(log: FocusLog, device: String?)] = []
        var changedLocations: Set<UInt64> = []
        var dangling: [JournalChange] = []
        var totalBytes = 0
        /// Whether the first pass visited every effective session, in order (then `keys` are needed no more).
        var visited = false
        /// The start of the last session record read.
        var lastStart: UInt32 = 0

        /// Counts the session record read at `offset` of the file `file`, and keeps its key unless `sure` (a look
        /// was sure: the pass visits every session or the caller throws); whether the sessions read so far may still
        /// be visited as they are read (by start, after no change record unless `sure`).
        ///
        /// One call a session: each access to the plan from the pass's closures is checked for exclusivity at run
        /// time (about 60 instructions), where a read of each field there took one.
        mutating func take(start: Int, idHash: UInt64, file: Int, offset: Int, sure: Bool) -> Bool {
            sessionRecords += 1
            let key = SessionKey(start: start, idHash: idHash, file: file, offset: offset)
            if key.start < lastStart { inOrder = false }
            lastStart = key.start
            if !sure { keys.append(key) }
            return inOrder && (sure || changes.isEmpty)
        }
    }

    /// The first pass, or `nil` when the journal needs a full ``load()`` (see ``streamSessions(progress:_:)``).
    /// With `onePass`, the sessions are visited (`visit`) as they are read while they come by start and no change
    /// record came (`begin` hears it first), and the plan says whether that lasted to the end
    /// (``streamSessions(progress:beginning:withDevices:)``). With `onlyIfSure`, the sessions are visited so only when
    /// the pass is sure not to start over (``visitsInOnePass(_:names:)``), each with its line when `keepingLines`, and
    /// each session a change record names as the changes leave it (no line); no key is kept then. `index` is given
    /// every record read, with its place.
    func streamPlan(
        progress: ((WorkProgress) -> Void)?, onePass: Bool = false, onlyIfSure: Bool = false,
        keepingLines: Bool = false, beginning begin: (Int, [JournalChange]) -> Void = { _, _ in },
        visiting visit: SessionMerger.Visit = { _, _, _ in }, indexing indexer: SessionIndexBuilder? = nil
    ) throws(FocusError) -> StreamPlan? {
        var plan = StreamPlan()
        let names = try Self.journalFileNames(paths.journalDirectory)
        for name in names {
            if case .conflictCopy = JournalFileName(name) { return nil }
            guard let reader = try JournalFileReader(paths.journalDirectory + "/" + name) else { continue }
            plan.files.append(reader)
            plan.names.append(name)
            plan.writers.append(JournalFileName(name)?.writer?.name)
            plan.totalBytes += reader.size
        }
        var visits = onePass
        // The change records of a look that was sure: the sessions they name are changed as they are read.
        var known: (changes: [JournalChange], order: [JournalHistory.ChangeOrder], distinctStarts: Bool)?
        if visits, onlyIfSure {
            known = try Self.visitsInOnePass(plan.files, names: plan.names)
            visits = known != nil
        }
        let changesOf = known.map { Self.bySession($0.changes, $0.order) } ?? [:]
        var named: [FocusLog] = []
        // Room for the shortest lines focus writes: pages never touched are never resident.
        if known == nil { plan.keys.reserveCapacity(plan.totalBytes / 64) }
        if visits { begin(plan.totalBytes / 64, []) }
        var merger = SessionMerger(
            changed: [], keepingLines: keepingLines, distinctStarts: known?.distinctStarts ?? false)
        var failure: FocusError?
        var readBytes = 0
        let sure = known != nil
        for (index, reader) in plan.files.enumerated() {
            let name = plan.names[index]
            let writer = plan.writers[index]
            var line = 1
            var latest = Int.min
            let size = try reader.forEachPiece { (piece, offset) throws(FocusError) in
                func change(_ change: JournalChange, number: Int) {
                    latest = max(latest, Int(change.at.timeIntervalSince1970.rounded(.down)))
                    plan.changes.append(change)
                    plan.order.append(JournalHistory.ChangeOrder(at: latest, file: name, line: number))
                }
                // (Not `plan.issues`: `key` and `change` reach `plan` while the scan holds it.)
                var issues: [JournalIssue] = []
                defer { plan.issues += issues }
                // While the sessions may yet be visited in this pass, they are read whole; else only their keys.
                if visits, plan.inOrder, known != nil || plan.changes.isEmpty {
                    line += JournalReader.scanWithLines(piece, file: reader.path, firstLine: line, issues: &issues) {
                        record, written, number, at in
                        indexer?.add(
                            record, file: index, offset: offset + at, length: Self.lineLength(piece, at), line: number)
                        switch record {
                        case .session(let log):
                            // After a look that was sure, no key is kept: its id is not hashed.
                            guard
                                plan.take(
                                    start: Int(log.start.timeIntervalSince1970),
                                    idHash: sure ? 0 : RecordID.hash(log.id), file: index, offset: offset + at,
                                    sure: sure),
                                failure == nil
                            else { return }
                            do throws(FocusError) {
                                guard !changesOf.isEmpty, let mine = changesOf[log.id] else {
                                    return try merger.add(log, writer, line: keepingLines ? written : nil, visit)
                                }
                                named.append(log)
                                let history = JournalHistory(
                                    sessions: [log], changes: mine.changes, changeOrder: mine.order)
                                if let changed = history.effectiveLogs.first {
                                    try merger.add(changed, writer, line: nil, visit)
                                } else {
                                    plan.dropped += 1
                                }
                            } catch {
                                failure = error
                            }
                        case .change(let record): change(record, number: number)
                        }
                    }
                } else {
                    line += JournalReader.scanKeys(piece, file: reader.path, firstLine: line, issues: &issues) {
                        record, number, at in
                        if let indexer {
                            Self.index(record, in: piece, at: at, offset: offset, file: index, line: number, indexer)
                        }
                        switch record {
                        case .session(let start, let idHash):
                            _ = plan.take(start: start, idHash: idHash, file: index, offset: offset + at, sure: sure)
                        case .change(let record): change(record, number: number)
                        }
                    }
                }
                if let failure { throw failure }
                readBytes += piece.count
                progress?(
                    WorkProgress(
                        title: "Reading the journal", done: plan.sessionRecords,
                        fraction: Double(readBytes) / Double(max(1, plan.totalBytes))))
            }
            plan.sizes.append(size)
            plan.lines.append(line - 1)
            plan.states.append(try reader.state(name: name, size: size))
        }
        if let known {
            // The sessions the changes name were changed as they were read: the changes must be the look's.
            guard plan.changes.map(\.id) == known.changes.map(\.id), plan.order == known.order else {
                throw Self.changedWhileRead(paths.journalDirectory)
            }
            plan.dangling =
                JournalHistory(sessions: named, changes: plan.changes, changeOrder: plan.order)
                .danglingChanges
        } else {
            guard try resolveChanged(&plan) else { return nil }
        }
        if visits, plan.inOrder, known != nil || plan.changes.isEmpty {
            try merger.finish(visit)
            plan.visited = true
        }
        return plan
    }

    /// `changes` (with their `order`) by the session each one changes in the end (an undo of an edit: the edit's),
    /// in reading order: all ``JournalHistory`` needs to give that session as they leave it.
    static func bySession(
        _ changes: [JournalChange], _ order: [JournalHistory.ChangeOrder]
    ) -> [String: (changes: [JournalChange], order: [JournalHistory.ChangeOrder])] {
        var byID: [String: JournalChange] = [:]
        for change in changes { byID[change.id] = change }
        var grouped: [String: (changes: [JournalChange], order: [JournalHistory.ChangeOrder])] = [:]
        for (change, place) in zip(changes, order) {
            var target = change.target
            // A chain of change records (an undo of an undo) ends at a session, or at an id none has; never loops.
            for _ in 0..<changes.count {
                guard let named = byID[target] else { break }
                target = named.target
            }
            grouped[target, default: ([], [])].changes.append(change)
            grouped[target, default: ([], [])].order.append(place)
        }
        return grouped
    }

    /// Gives `indexer` the record `key` read at `at` of `piece`: a session's line read whole again (only its key was).
    private static func index(
        _ key: JournalReader.Key, in piece: UnsafeBufferPointer<UInt8>, at: Int, offset: Int, file: Int, line: Int,
        _ indexer: SessionIndexBuilder
    ) {
        let length = lineLength(piece, at)
        let record: JournalRecord?
        switch key {
        case .session:
            record = JournalReader.record(atStartOf: UnsafeBufferPointer(rebasing: piece[at..<at + length]))
        case .change(let change): record = .change(change)
        }
        guard let record else { return indexer.missed() }
        indexer.add(record, file: file, offset: offset + at, length: length, line: line)
    }

    /// Reads again, by their keys, the sessions a change names and those whose id hash another shares; applies the
    /// changes to the first. `false` when an id is read twice (or is both a session's and a change's).
    func resolveChanged(_ plan: inout StreamPlan) throws(FocusError) -> Bool {
        var changeIDs = Set<String>()
        for change in plan.changes where !changeIDs.insert(change.id).inserted { return false }
        // By id hash, in place: ids that share a hash are neighbours. The second pass reads the keys in this order no
        // more (it sorts them by start when it must).
        SessionKey.sort(&plan.keys) { $0.idHash < $1.idHash }
        var wanted = Set(plan.changes.map { SessionKey.hash($0.target) } + plan.changes.map { SessionKey.hash($0.id) })
        for (a, b) in zip(plan.keys, plan.keys.dropFirst()) where a.idHash == b.idHash { wanted.insert(a.idHash) }
        let targets = Set(plan.changes.map(\.target))
        var seen = Set<String>()
        var named: [(location: UInt64, log: FocusLog)] = []
        if !wanted.isEmpty {
            for key in plan.keys where wanted.contains(key.idHash) {
                guard
                    case .session(let log)? = try plan.files[key.file].withLine(
                        at: key.offset, JournalReader.record(atStartOf:))
                else { throw Self.changedWhileRead(plan.files[key.file].path) }
                guard seen.insert(log.id).inserted, !changeIDs.contains(log.id) else { return false }
                if targets.contains(log.id) { named.append((key.location, log)) }
            }
        }
        let history = JournalHistory(sessions: named.map(\.log), changes: plan.changes, changeOrder: plan.order)
        var devices: [String: String?] = [:]
        for (location, log) in named { devices[log.id] = plan.writers[Int(location >> 40)] }
        plan.changed = history.effectiveLogs.map { ($0, devices[$0.id] ?? nil) }
        plan.changedLocations = Set(named.map(\.location))
        plan.dangling = history.danglingChanges
        return true
    }
}
