import FocusJournal
import FocusModels

/// What a streamed read of the journal (``AppStore/streamSessions(progress:_:)``) found besides the sessions: what
/// a ``AppStore/load()`` would leave in the store's properties.
public struct JournalScan: Sendable {
    /// Session records read, first copy of each id (`history.sessions.count`).
    public let sessionRecords: Int
    /// Every change record read, first copy of each id, in reading order (`history.changes`).
    public let changes: [JournalChange]
    /// Change records whose target is unknown (``JournalHistory/danglingChanges``).
    public let danglingChanges: [JournalChange]
    /// The effective sessions visited (`focusLogs.count`).
    public let sessions: Int
    /// As ``AppStore/issues``, ``AppStore/tornTails``, ``AppStore/duplicates`` and ``AppStore/conflictCopies``.
    public let issues: [JournalIssue]
    public let tornTails: [JournalIssue]
    public let duplicates: [DuplicateRecord]
    public let conflictCopies: [ConflictCopy]
    /// What each journal file looked like up to where it was read (``AppStore/journalFileStates`` after a load),
    /// and how many lines each holds there (streamed only).
    var files: [StatsCache.FileState] = []
    var lines: [Int] = []
}

extension AppStore {
    /// Visits the effective sessions (``focusLogs``, in their order: by start, then id) without holding them:
    /// memory stays flat however long the history, for the commands that go through all of it (`export`, `doctor`).
    ///
    /// Two passes over the files, each a piece at a time (``JournalFileReader``). The first reads every line and
    /// keeps the change records (few), the problems, and for each session a key of 16 bytes (its start, a hash of
    /// its id, where its line is). Only the sessions a change record names, or whose id hash another shares, are
    /// read again by their keys and resolved exactly (``JournalHistory`` applies the changes to them). The second
    /// pass reads the sessions again: in file order when the files hold them by start, as focus appends them,
    /// else in the order of the sorted keys; the changed sessions are merged in at their place. When a quick look
    /// first (``visitsInOnePass(_:names:)``) is sure the journal holds no change record that moves a session, its
    /// sessions by start and no id twice, the sessions are visited as the first pass reads them, each one a change
    /// record names as the changes leave it, and there is no second.
    ///
    /// A journal this cannot follow exactly (a conflict copy of a sync engine, an id read twice, an id that is both
    /// a session and a change) is loaded whole (``load()``) and its sessions visited from memory, as is a store
    /// already loaded: the sessions and every other answer are the same either way. ``issues`` and ``tornTails``
    /// are set as a load sets them. `progress` hears how far each pass has come.
    public func streamSessions(
        progress: ((WorkProgress) -> Void)? = nil, _ visit: (FocusLog) throws(FocusError) -> Void
    ) throws(FocusError) -> JournalScan {
        try streamSessions(progress: progress) { (log, _) throws(FocusError) in try visit(log) }
    }

    /// ``streamSessions(progress:_:)-(_,(FocusLog)->Void)``, each session with the device that recorded it
    /// (``device(ofSession:)``).
    /// `planned` hears, before the first session is visited, how many session records the journal holds and its
    /// change records (a visitor that keeps a value per session sizes its arrays once).
    public func streamSessions(
        progress: ((WorkProgress) -> Void)? = nil,
        planned: ((_ sessionRecords: Int, _ changes: [JournalChange]) -> Void)? = nil,
        withDevices visit: (FocusLog, _ device: String?) throws(FocusError) -> Void
    ) throws(FocusError) -> JournalScan {
        try streamSessions(progress: progress, planned: planned, keepingLines: false) {
            (log, device, _) throws(FocusError) in
            try visit(log, device)
        }
    }

    /// ``streamSessions(progress:withDevices:)`` that also gives, for a session read from a line that is exactly
    /// what ``JournalCodec/append(_:to:)`` would write for it, that line's bytes (without its newline; valid only
    /// during the call): an export copies them rather than writing the session again. `nil` for any other session
    /// (an edited one, one read from a line in another shape, a journal loaded whole).
    public func streamSessions(
        progress: ((WorkProgress) -> Void)? = nil,
        withLines visit: (FocusLog, _ device: String?, _ line: UnsafeBufferPointer<UInt8>?) throws(FocusError) -> Void
    ) throws(FocusError) -> JournalScan {
        try streamSessions(progress: progress, planned: nil, keepingLines: true, visit)
    }

    private func streamSessions(
        progress: ((WorkProgress) -> Void)?, planned: ((Int, [JournalChange]) -> Void)?, keepingLines: Bool,
        _ visit: SessionMerger.Visit
    ) throws(FocusError) -> JournalScan {
        // A visitor told nothing before the sessions (`export`, `doctor`) is visited in the first pass when it is sure
        // to go to the end (``visitsInOnePass(_:names:)``): a visit is never taken back.
        var visitedFirst = false
        if !isLoaded,
            var plan = try streamPlan(
                progress: progress, onePass: planned == nil, onlyIfSure: true, keepingLines: keepingLines,
                beginning: { _, _ in visitedFirst = true }, visiting: visit)
        {
            let records = adopt(plan)
            if plan.visited { return scan(plan, records: records, visited: records - plan.dropped) }
            // A journal that changed between the look and the pass (it is read up to the same sizes: never).
            if visitedFirst { throw Self.changedWhileRead(paths.journalDirectory) }
            planned?(records, plan.changes)
            let visited = try stream(&plan, keepingLines: keepingLines, progress: progress, visit)
            return scan(plan, records: records, visited: visited)
        }
        if visitedFirst { throw Self.changedWhileRead(paths.journalDirectory) }
        if !isLoaded { try load() }
        planned?(history.sessions.count, history.changes)
        for log in focusLogs { try visit(log, device(ofSession: log.id), nil) }
        return loadedScan
    }

    /// ``streamSessions(progress:planned:withDevices:)`` for a visitor that can start again, in one pass when it can:
    /// the first pass visits the sessions as it reads them while the files hold them by start and it has met no change
    /// record (the journal focus appends), and when it ends so, no second pass is made. `begin` hears, before the first
    /// visit, how many session records there are (an estimate from the files' size, at most, for the first pass) and
    /// the change records; and again whenever the visits start over, every one before to be forgotten.
    /// `indexer` is given every record the first pass reads (a journal loaded gives it none).
    func streamSessions(
        progress: ((WorkProgress) -> Void)?,
        beginning begin: (_ sessionRecords: Int, _ changes: [JournalChange]) -> Void,
        withDevices visit: (FocusLog, _ device: String?) throws(FocusError) -> Void,
        indexing indexer: SessionIndexBuilder? = nil
    ) throws(FocusError) -> JournalScan {
        let visitLog: SessionMerger.Visit = { (log, device, _) throws(FocusError) in try visit(log, device) }
        if !isLoaded,
            var plan = try streamPlan(
                progress: progress, onePass: true, beginning: begin, visiting: visitLog, indexing: indexer)
        {
            let records = adopt(plan)
            if plan.visited { return scan(plan, records: records, visited: records) }
            begin(records, plan.changes)
            let visited = try stream(&plan, keepingLines: false, progress: progress, visitLog)
            return scan(plan, records: records, visited: visited)
        }
        if !isLoaded { try load() }
        begin(history.sessions.count, history.changes)
        for log in focusLogs { try visit(log, device(ofSession: log.id)) }
        return loadedScan
    }

    /// The effective sessions visited twice, memory flat in the history: oldest first as
    /// ``streamSessions(progress:planned:withDevices:)`` visits them (`visit`), then newest first (`reversed`: the
    /// order of ``focusLogs`` backwards), the first pass's 16 bytes a session kept for the second. For a command that
    /// measures every session before it shows any (`focus log --limit 0`'s columns). The first visits are made as the
    /// first pass reads the lines, as ``streamSessions(progress:beginning:withDevices:)`` makes them: `begin` hears
    /// when they start over, every one before to be forgotten.
    public func streamSessions(
        beginning begin: () -> Void = {},
        withDevices visit: (FocusLog, _ device: String?) throws(FocusError) -> Void,
        thenNewestFirst reversed: (FocusLog, _ device: String?) throws(FocusError) -> Void
    ) throws(FocusError) -> JournalScan {
        let visitLog: SessionMerger.Visit = { (log, device, _) throws(FocusError) in try visit(log, device) }
        if !isLoaded, var plan = try streamPlan(progress: nil, onePass: true, visiting: visitLog) {
            let records = adopt(plan)
            plan.keepsKeys = true
            var visited = records
            if !plan.visited {
                begin()
                visited = try stream(&plan, keepingLines: false, progress: nil, visitLog)
            }
            try streamNewestFirst(&plan, reversed)
            return scan(plan, records: records, visited: visited)
        }
        if !isLoaded { try load() }
        begin()
        for log in focusLogs { try visit(log, device(ofSession: log.id)) }
        for log in focusLogs.reversed() { try reversed(log, device(ofSession: log.id)) }
        return loadedScan
    }

    /// Takes what the first pass found as a load would (``issues``, ``tornTails``, ``hasRecords``); returns how many
    /// session records there are.
    private func adopt(_ plan: StreamPlan) -> Int {
        issues = plan.issues.filter { !$0.isTornTail }
        tornTails = plan.issues.filter(\.isTornTail)
        let records = plan.sessionRecords
        hasRecords = records > 0 || !plan.changes.isEmpty || !plan.issues.isEmpty
        return records
    }

    private func scan(_ plan: StreamPlan, records: Int, visited: Int) -> JournalScan {
        var scan = JournalScan(
            sessionRecords: records, changes: plan.changes, danglingChanges: plan.dangling,
            sessions: visited, issues: issues, tornTails: tornTails, duplicates: [], conflictCopies: [])
        scan.files = plan.states
        scan.lines = plan.lines
        return scan
    }

    /// The scan of the journal in memory.
    private var loadedScan: JournalScan {
        var scan = JournalScan(
            sessionRecords: history.sessions.count, changes: history.changes, danglingChanges: history.danglingChanges,
            sessions: focusLogs.count, issues: issues, tornTails: tornTails, duplicates: duplicates,
            conflictCopies: conflictCopies)
        scan.files = journalFileStates
        return scan
    }

    /// The second pass: visits the effective sessions in order; returns how many.
    func stream(
        _ plan: inout StreamPlan, keepingLines: Bool, progress: ((WorkProgress) -> Void)?,
        _ visit: SessionMerger.Visit
    ) throws(FocusError) -> Int {
        var merger = SessionMerger(changed: plan.changed, keepingLines: keepingLines)
        var done = 0
        func report(_ fraction: Double) {
            progress?(WorkProgress(title: "Going through the sessions", done: done, fraction: fraction))
        }
        if plan.inOrder {
            // Read in file order: the keys are needed no more (unless the sessions are visited again, newest first).
            if !plan.keepsKeys { plan.keys = [] }
            var readBytes = 0
            var ignored: [JournalIssue] = []
            for (index, reader) in plan.files.enumerated() {
                var failure: FocusError?
                try reader.forEachPiece(upTo: plan.sizes[index]) { (piece, offset) throws(FocusError) in
                    _ = JournalReader.scanWithLines(piece, file: reader.path, firstLine: 1, issues: &ignored) {
                        record, line, _, at in
                        guard failure == nil, case .session(let log) = record,
                            !plan.changedLocations.contains(UInt64(index) << 40 | UInt64(offset + at))
                        else { return }
                        done += 1
                        do throws(FocusError) { try merger.add(log, plan.writers[index], line: line, visit) } catch {
                            failure = error
                        }
                    }
                    ignored.removeAll(keepingCapacity: true)
                    if let failure { throw failure }
                    readBytes += piece.count
                    report(Double(readBytes) / Double(max(1, plan.totalBytes)))
                }
            }
        } else {
            SessionKey.sort(&plan.keys) { ($0.start, $0.location) < ($1.start, $1.location) }
            let count = plan.keys.count
            for (number, key) in plan.keys.enumerated() where !plan.changedLocations.contains(key.location) {
                let reader = plan.files[key.file]
                var failure: FocusError?
                let found = try reader.withLine(at: key.offset) { bytes -> Bool in
                    guard let read = JournalReader.recordAndLine(atStartOf: bytes), case .session(let log) = read.record
                    else { return false }
                    do throws(FocusError) {
                        try merger.add(log, plan.writers[key.file], line: read.asWritten, visit)
                    } catch {
                        failure = error
                    }
                    return true
                }
                guard found else { throw Self.changedWhileRead(reader.path) }
                if let failure { throw failure }
                done += 1
                if number % 8192 == 0 { report(Double(number) / Double(count)) }
            }
        }
        try merger.finish(visit)
        done += plan.changed.count
        report(1)
        return done
    }

    static func changedWhileRead(_ path: String) -> FocusError {
        FocusError(.temporary, "\(path) changed while it was read; try again")
    }

}
