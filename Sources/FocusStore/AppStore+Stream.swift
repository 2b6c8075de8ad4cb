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
    /// What each journal file looked like up to where it was read (``AppStore/journalFileStates`` after a load).
    var files: [StatsCache.FileState] = []
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
    /// else in the order of the sorted keys; the changed sessions are merged in at their place.
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
        if !isLoaded, var plan = try streamPlan(progress: progress) {
            let records = adopt(plan)
            planned?(records, plan.changes)
            let visited = try stream(&plan, keepingLines: keepingLines, progress: progress, visit)
            return scan(plan, records: records, visited: visited)
        }
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
    func streamSessions(
        progress: ((WorkProgress) -> Void)?,
        beginning begin: (_ sessionRecords: Int, _ changes: [JournalChange]) -> Void,
        withDevices visit: (FocusLog, _ device: String?) throws(FocusError) -> Void
    ) throws(FocusError) -> JournalScan {
        let visitLog: SessionMerger.Visit = { (log, device, _) throws(FocusError) in try visit(log, device) }
        if !isLoaded, var plan = try streamPlan(progress: progress, onePass: true, beginning: begin, visiting: visitLog)
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
        let records = plan.keys.count
        hasRecords = records > 0 || !plan.changes.isEmpty || !plan.issues.isEmpty
        return records
    }

    private func scan(_ plan: StreamPlan, records: Int, visited: Int) -> JournalScan {
        var scan = JournalScan(
            sessionRecords: records, changes: plan.changes, danglingChanges: plan.dangling,
            sessions: visited, issues: issues, tornTails: tornTails, duplicates: [], conflictCopies: [])
        scan.files = plan.states
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

    /// Visits the effective sessions newest first, from the first pass's keys: each line read again by its place
    /// (the files from their end back), the sessions of one start by id (the newest first) and the changed ones
    /// merged in at their place.
    private func streamNewestFirst(
        _ plan: inout StreamPlan, _ visit: (FocusLog, String?) throws(FocusError) -> Void
    ) throws(FocusError) {
        SessionKey.sort(&plan.keys) { ($0.start, $0.location) < ($1.start, $1.location) }
        var next = plan.changed.count - 1
        var group: [(log: FocusLog, device: String?)] = []
        var index = plan.keys.count - 1
        while index >= 0 {
            let start = plan.keys[index].start
            group.removeAll(keepingCapacity: true)
            while index >= 0, plan.keys[index].start == start {
                let key = plan.keys[index]
                index -= 1
                if plan.changedLocations.contains(key.location) { continue }
                let reader = plan.files[key.file]
                guard
                    case .session(let log)? = try reader.withLine(
                        at: key.offset, backward: true, JournalReader.record(atStartOf:))
                else { throw Self.changedWhileRead(reader.path) }
                group.append((log, plan.writers[key.file]))
            }
            if group.count > 1 { group.sort { $0.log.id > $1.log.id } }
            for (log, device) in group {
                while next >= 0, (plan.changed[next].log.start, plan.changed[next].log.id) > (log.start, log.id) {
                    try visit(plan.changed[next].log, plan.changed[next].device)
                    next -= 1
                }
                try visit(log, device)
            }
        }
        while next >= 0 {
            try visit(plan.changed[next].log, plan.changed[next].device)
            next -= 1
        }
    }

    /// The effective sessions `include` keeps (given each with its device), the newest first, at most `keep` of them
    /// (all when `nil`), with how many it kept in all and the length of the short ids of the whole history: streamed
    /// from the journal, the short-id length from the derived files. `nil` when they cannot tell it (none yet, the
    /// journal changed otherwise than by appends): then the caller loads the journal. ``device(ofSession:)`` then
    /// names the device of each session returned.
    public func streamedSessions(
        keeping keep: Int?, days: LocalDays, where include: (FocusLog, _ device: String?) -> Bool
    ) throws(FocusError) -> (logs: [FocusLog], total: Int, idLength: Int)? {
        guard let idLength = shortIDLength(days: days) else { return nil }
        var kept: [(log: FocusLog, device: String?)] = []
        var total = 0
        _ = try streamSessions { log, device in
            guard include(log, device) else { return }
            total += 1
            kept.append((log, device))
            // The newest `keep` are the last ones: drop the older ones now and then, not at every session.
            if let keep, kept.count >= 2 * max(keep, 512) { kept.removeFirst(kept.count - keep) }
        }
        let newest = kept.suffix(keep ?? kept.count).reversed()
        for (log, device) in newest { if let device { sessionDevices[log.id] = device } }
        return (newest.map(\.log), total, idLength)
    }

    /// The length of the short ids of the whole history (``ShortID/length(for:minimum:)``), from the derived files
    /// (rebuilt when they do not match the journal); `nil` when they cannot tell it.
    public func shortIDLength(days: LocalDays) -> Int? {
        guard !isLoaded else { return nil }
        return derivedJournal(days: days)?.history?.idLength
    }

    /// One session of the first pass: 16 bytes, however long its line.
    struct SessionKey {
        /// Seconds since the epoch (every instant a record may hold fits).
        var start: UInt32
        var idHash: UInt32
        /// The file's index in reading order (high 24 bits) and the line's offset in it (low 40).
        var location: UInt64

        /// `idHash`: ``FNV1a/hash(_:)-(String)`` of the id.
        init(start: Int, idHash: UInt64, file: Int, offset: Int) {
            self.start = UInt32(truncatingIfNeeded: start)
            self.idHash = Self.fold(idHash)
            location = UInt64(file) << 40 | UInt64(offset)
        }

        var file: Int { Int(location >> 40) }
        var offset: Int { Int(location & (1 << 40 - 1)) }

        static func hash(_ id: String) -> UInt32 { fold(FNV1a.hash(id)) }

        private static func fold(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: h ^ h >> 32) }

        /// Sorts `keys` in place with no buffer beside them (the standard sort takes one of half their size, 8 MiB
        /// at a million sessions): a quicksort on the median of three, insertion sort for short runs.
        @inline(__always)  // so that `less` is inlined into the loop at each of the two call sites
        static func sort<Key>(_ keys: inout [Key], by less: (Key, Key) -> Bool) {
            keys.withUnsafeMutableBufferPointer { all in
                var ranges = [(0, all.count - 1)]
                while let (low, high) = ranges.popLast() {
                    if high - low < 16 {
                        if low < high {
                            for i in low + 1...high {
                                var j = i
                                while j > low, less(all[j], all[j - 1]) {
                                    all.swapAt(j, j - 1)
                                    j -= 1
                                }
                            }
                        }
                        continue
                    }
                    let mid = low + (high - low) / 2
                    if less(all[mid], all[low]) { all.swapAt(mid, low) }
                    if less(all[high], all[low]) { all.swapAt(high, low) }
                    if less(all[high], all[mid]) { all.swapAt(high, mid) }
                    let pivot = all[mid]
                    var i = low
                    var j = high
                    while i <= j {
                        while less(all[i], pivot) { i += 1 }
                        while less(pivot, all[j]) { j -= 1 }
                        if i <= j {
                            all.swapAt(i, j)
                            i += 1
                            j -= 1
                        }
                    }
                    // The smaller part is taken first, so the stack stays as short as the logarithm of the count.
                    if j - low > high - i {
                        ranges.append((low, j))
                        ranges.append((i, high))
                    } else {
                        ranges.append((i, high))
                        ranges.append((low, j))
                    }
                }
            }
        }
    }

    /// What the first pass learnt: enough to stream the sessions in order.
    struct StreamPlan {
        var files: [JournalFileReader] = []
        /// Their names, for the order of change records, and the device that wrote each (`nil` when unknown).
        var names: [String] = []
        var writers: [String?] = []
        /// How many bytes of each file the first pass read: the second reads no more.
        var sizes: [Int] = []
        /// Each file's state up to `sizes` (``StatsCache/FileState``).
        var states: [StatsCache.FileState] = []
        var keys: [SessionKey] = []
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
    }

    /// The first pass, or `nil` when the journal needs a full ``load()`` (see ``streamSessions(progress:_:)``).
    /// With `onePass`, the sessions are visited (`visit`) as they are read while they come by start and no change
    /// record came (`begin` hears it first), and the plan says whether that lasted to the end
    /// (``streamSessions(progress:beginning:withDevices:)``).
    func streamPlan(
        progress: ((WorkProgress) -> Void)?, onePass visits: Bool = false,
        beginning begin: (Int, [JournalChange]) -> Void = { _, _ in },
        visiting visit: SessionMerger.Visit = { _, _, _ in }
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
        // Room for the shortest lines focus writes: pages never touched are never resident.
        plan.keys.reserveCapacity(plan.totalBytes / 64)
        if visits { begin(plan.totalBytes / 64, []) }
        var merger = SessionMerger(changed: [])
        var failure: FocusError?
        var readBytes = 0
        var lastStart: UInt32 = 0
        for (index, reader) in plan.files.enumerated() {
            let name = plan.names[index]
            var line = 1
            var latest = Int.min
            let size = try reader.forEachPiece { (piece, offset) throws(FocusError) in
                func key(start: Int, idHash: UInt64, at: Int) {
                    let key = SessionKey(start: start, idHash: idHash, file: index, offset: offset + at)
                    if key.start < lastStart { plan.inOrder = false }
                    lastStart = key.start
                    plan.keys.append(key)
                }
                func change(_ change: JournalChange, number: Int) {
                    latest = max(latest, Int(change.at.timeIntervalSince1970.rounded(.down)))
                    plan.changes.append(change)
                    plan.order.append(JournalHistory.ChangeOrder(at: latest, file: name, line: number))
                }
                // (Not `plan.issues`: `key` and `change` reach `plan` while the scan holds it.)
                var issues: [JournalIssue] = []
                defer { plan.issues += issues }
                // While the sessions may yet be visited in this pass, they are read whole; else only their keys.
                if visits, plan.inOrder, plan.changes.isEmpty {
                    line += JournalReader.scan(piece, file: reader.path, firstLine: line, issues: &issues) {
                        record, number, at in
                        switch record {
                        case .session(let log):
                            key(start: Int(log.start.timeIntervalSince1970), idHash: FNV1a.hash(log.id), at: at)
                            guard plan.inOrder, plan.changes.isEmpty, failure == nil else { return }
                            do throws(FocusError) { try merger.add(log, plan.writers[index], visit) } catch {
                                failure = error
                            }
                        case .change(let record): change(record, number: number)
                        }
                    }
                } else {
                    line += JournalReader.scanKeys(piece, file: reader.path, firstLine: line, issues: &issues) {
                        record, number, at in
                        switch record {
                        case .session(let start, let idHash): key(start: start, idHash: idHash, at: at)
                        case .change(let record): change(record, number: number)
                        }
                    }
                }
                if let failure { throw failure }
                readBytes += piece.count
                progress?(
                    WorkProgress(
                        title: "Reading the journal", done: plan.keys.count,
                        fraction: Double(readBytes) / Double(max(1, plan.totalBytes))))
            }
            plan.sizes.append(size)
            plan.states.append(try reader.state(name: name, size: size))
        }
        guard try resolveChanged(&plan) else { return nil }
        if visits, plan.inOrder, plan.changes.isEmpty {
            try merger.finish(visit)
            plan.visited = true
        }
        return plan
    }

    /// Reads again, by their keys, the sessions a change names and those whose id hash another shares; applies the
    /// changes to the first. `false` when an id is read twice (or is both a session's and a change's).
    private func resolveChanged(_ plan: inout StreamPlan) throws(FocusError) -> Bool {
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

    /// Puts sessions that arrive by start in the order of ``focusLogs`` (by start, then id), with the changed
    /// sessions, already in that order, merged in at their place. Each goes with its device and, when
    /// `keepingLines`, the bytes of its line as written (copied while it waits: the reader's buffer moves on).
    struct SessionMerger {
        typealias Visit = (FocusLog, String?, UnsafeBufferPointer<UInt8>?) throws(FocusError) -> Void
        let changed: [(log: FocusLog, device: String?)]
        let keepingLines: Bool
        var next = 0
        /// A session waiting for its place, and where its line is in `lines`.
        struct Pending {
            var log: FocusLog
            var device: String?
            var line: Range<Int>?
        }
        /// Sessions with the same start, waiting for the first with a later one (a struct, not a tuple: its copies
        /// are specialised, where a tuple's go through the runtime).
        var pending: [Pending] = []
        var lines: [UInt8] = []

        init(changed: [(log: FocusLog, device: String?)], keepingLines: Bool = false) {
            self.changed = changed
            self.keepingLines = keepingLines
        }

        mutating func add(
            _ log: FocusLog, _ device: String?, line: UnsafeBufferPointer<UInt8>? = nil, _ visit: Visit
        ) throws(FocusError) {
            if let first = pending.first, first.log.start != log.start { try flush(visit) }
            var range: Range<Int>?
            if keepingLines, let line {
                range = lines.count..<lines.count + line.count
                lines.append(contentsOf: line)
            }
            pending.append(Pending(log: log, device: device, line: range))
        }

        mutating func finish(_ visit: Visit) throws(FocusError) {
            try flush(visit)
            while next < changed.count {
                try visit(changed[next].log, changed[next].device, nil)
                next += 1
            }
        }

        private mutating func flush(_ visit: Visit) throws(FocusError) {
            if pending.count > 1 { pending.sort { $0.log.id < $1.log.id } }
            let changed = changed
            var next = next
            try lines.withUnsafeBufferPointer { (lines) throws(FocusError) in
                for index in pending.indices {
                    while next < changed.count,
                        (changed[next].log.start, changed[next].log.id) < (
                            pending[index].log.start, pending[index].log.id
                        )
                    {
                        try visit(changed[next].log, changed[next].device, nil)
                        next += 1
                    }
                    try visit(
                        pending[index].log, pending[index].device,
                        pending[index].line.map { UnsafeBufferPointer(rebasing: lines[$0]) })
                }
            }
            self.next = next
            pending.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
    }
}
