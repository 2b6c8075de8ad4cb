import FocusJournal
import FocusModels
import FocusServices

/// What a command that changes one session asks of the history (`log add`, `log edit`, `log delete`, `log move`,
/// `log split`, `undo`): the session a prefix names, the length of the short ids, the session a new span overlaps,
/// the last undoable record.
///
/// Answered from the loaded journal, or from the session index (``AppStore/indexedLookup()``), which reads the few
/// lines each answer needs. The index's answers are the loaded journal's, or ``cannotTell``: then the caller loads
/// the journal and asks again, so a command must ask everything before it writes (``AppStore/deciding``).
public struct SessionLookup {
    /// Thrown by an index that cannot give the loaded journal's answer (an ambiguous short prefix, an id that is not
    /// plain ASCII, too many sessions to read, a line not where the index says): never shown, the journal is loaded.
    public static let cannotTell = FocusError(.temporary, "the session index cannot tell; the journal is read")

    let store: AppStore
    let index: SessionIndexFile?

    /// The most sessions an answer reads by their key, by their start, or as moved by an edit, before it gives up.
    static let keyLimit = 64
    static let startLimit = 20_000
    static let movedLimit = 2_000
    /// The most of this device's records ``lastUndoable()`` walks back through.
    static let undoLimit = 1_000

    /// The effective session whose id is `prefix` or starts with it (``AppStore/session(matching:)``).
    public func session(matching prefix: String) throws(FocusError) -> FocusLog {
        guard let index else { return try store.session(matching: prefix) }
        let bytes = Array(prefix.utf8)
        if bytes.isEmpty { _ = try ShortID.resolve(prefix, among: []) }
        // A prefix too short to name a session (``ShortID/minimumPrefix``) can only be a whole id: only the ids
        // with its key are read, not every id it starts.
        let keys =
            bytes.count < ShortID.minimumPrefix
            ? SessionIndex.key(bytes)...SessionIndex.key(bytes)
            : SessionIndex.keys(startingWith: bytes.map(SessionIndex.lowercased))
        guard SessionIndex.isPlain(bytes), let entries = index.ids(in: keys, limit: Self.keyLimit) else {
            throw Self.cannotTell
        }
        let lower = prefix.lowercased()
        var logs: [FocusLog] = []
        for entry in entries {
            let log = try session(at: entry.place, in: index)
            guard log.id == prefix || log.id.lowercased().hasPrefix(lower),
                let effective = try effective(log, in: index)
            else { continue }
            logs.append(effective)
        }
        logs.sort { ($0.start, $0.id) < ($1.start, $1.id) }
        let id = try ShortID.resolve(prefix, among: logs.map(\.id))
        guard let log = logs.first(where: { $0.id == id }) else { throw Self.cannotTell }
        return log
    }

    /// The length of the short ids (``ShortID/length(for:minimum:)``) of the effective sessions and sessions with
    /// the ids `added` (recorded next).
    public func shortIDLength(adding added: [String] = []) throws(FocusError) -> Int {
        guard let index else { return ShortID.length(for: store.focusLogs.map(\.id) + added) }
        guard added.allSatisfy({ SessionIndex.isPlain($0.utf8) }) else { throw Self.cannotTell }
        // Ids with different keys differ within 8 characters: only ids that share a key make the short ids longer.
        var groups: [Int: [String]] = [:]
        for entry in index.sharedIDs() {
            if let log = try effective(try session(at: entry.place, in: index), in: index) {
                groups[entry.key, default: []].append(log.id)
            }
        }
        for id in added {
            let key = SessionIndex.key(id.utf8)
            if groups[key] == nil {
                guard let entries = index.ids(in: key...key, limit: Self.keyLimit) else { throw Self.cannotTell }
                var ids: [String] = []
                for entry in entries {
                    if let log = try effective(try session(at: entry.place, in: index), in: index) {
                        ids.append(log.id)
                    }
                }
                groups[key] = ids
            }
            groups[key]!.append(id)
        }
        return groups.values.map { ShortID.length(for: $0) }.max().map { max(8, $0) } ?? 8
    }

    /// The first effective session, by start then id, other than `log` itself, that overlaps it
    /// (``SessionEditor/overlap(of:in:)``).
    public func overlap(of log: FocusLog) throws(FocusError) -> FocusLog? {
        guard let index else { return SessionEditor.overlap(of: log, in: store.focusLogs) }
        let start = Int(log.start.timeIntervalSince1970.rounded(.down))
        let end = Int(log.end.timeIntervalSince1970.rounded(.up))
        // A line that starts before `start - longest` ends before `start`; an edit that moved a session is read too.
        guard
            let near = index.sessions(
                startingIn: (start - index.longest)..<end, endingAfter: start, limit: Self.startLimit)
        else { throw Self.cannotTell }
        var candidates: [String: FocusLog] = [:]
        for entry in near {
            let line = try session(at: entry.place, in: index)
            if let effective = try effective(line, in: index) { candidates[line.id] = effective }
        }
        for log in try movedSessions(in: index) where candidates[log.id] == nil { candidates[log.id] = log }
        return candidates.values.filter { $0.id != log.id && $0.overlaps(log) }.min {
            ($0.start, $0.id) < ($1.start, $1.id)
        }
    }

    /// The newest session, edit, deletion or batch this device wrote that no undo cancels yet
    /// (``AppStore/lastUndoable()``): this device's file read backwards from its end.
    public func lastUndoable() throws(FocusError) -> UndoTarget? {
        guard let index else { return store.lastUndoable() }
        guard let me = try store.existingDevice() else { return nil }
        var batches: [Int] = []
        var own: [Int] = []
        for (number, file) in index.files.enumerated() {
            switch JournalFileName(file.state.name) {
            case .batch(let batch)? where batch.device.id == me.id: batches.append(batch.after)
            case .device(let device)? where device.id == me.id: own.append(number)
            default: break
            }
        }
        guard own.count == 1 else {
            if own.isEmpty && batches.isEmpty { return nil }
            throw Self.cannotTell
        }
        let file = index.files[own[0]]
        let path = store.paths.journalDirectory + "/" + file.state.name
        var end = file.state.size
        var lastLine = file.lines
        var walked = 0
        var piece = 1 << 16
        while end > 0 {
            let start = max(0, end - piece)
            guard let bytes = FileIO.read(path, offset: start, count: end - start) else { throw Self.cannotTell }
            var from = 0
            if start > 0 {
                // The first line may begin before the piece: it is read with the next one.
                guard let newline = bytes.firstIndex(of: 10) else {
                    piece *= 2
                    continue
                }
                from = newline + 1
            }
            var records: [(record: JournalRecord, line: Int)] = []
            var issues: [JournalIssue] = []
            let count = bytes[from...].withUnsafeBufferPointer { buffer in
                JournalReader.scan(buffer, file: path, firstLine: 1, issues: &issues) { record, line, _ in
                    records.append((record, line))
                }
            }
            let first = lastLine - count + 1
            for (record, line) in records.reversed() {
                if case .change(let change) = record, change.kind == .undo { continue }
                let number = first + line - 1
                // A batch placed after this line was written after it.
                guard !batches.contains(where: { $0 >= number }), walked < Self.undoLimit else { throw Self.cannotTell }
                walked += 1
                if try !isUndone(record.id, in: index) { return try undoTarget(record, in: index) }
            }
            lastLine = first - 1
            end = start + from
        }
        guard batches.isEmpty else { throw Self.cannotTell }
        return nil
    }

    /// What undoing `record`, one of this device's, takes back (``AppStore/lastUndoable()``).
    private func undoTarget(_ record: JournalRecord, in index: SessionIndexFile) throws(FocusError) -> UndoTarget {
        switch record {
        case .session(let log): return .session(try resolved(log.id, in: index)?.effective ?? log)
        case .change(let change):
            let preview = JournalChange(id: "\u{0}preview", kind: .undo, target: change.id, at: change.at)
            let session = try resolved(change.target, in: index).flatMap { found throws(FocusError) in
                try effective(found.line, in: index, with: preview)
            }
            return change.kind == .delete ? .delete(change, session: session) : .edit(change, session: session)
        }
    }

    /// Whether an undo names the record `id` (which is no undo).
    private func isUndone(_ id: String, in index: SessionIndexFile) throws(FocusError) -> Bool {
        for entry in index.changes(naming: StatsCache.hash(id)) where entry.flags & SessionIndex.Flags.undo != 0 {
            guard case .change(let undo)? = try store.journalRecord(at: entry.place, in: index) else {
                throw Self.cannotTell
            }
            if undo.target == id { return true }
        }
        return false
    }

    /// The session line with exactly the id `id` and its effective version (`nil` when deleted or undone); `nil`
    /// when there is none.
    private func resolved(_ id: String, in index: SessionIndexFile) throws(FocusError) -> (
        line: FocusLog, effective: FocusLog?
    )? {
        // Every session id the index holds is plain.
        guard SessionIndex.isPlain(id.utf8) else { return nil }
        let key = SessionIndex.key(id.utf8)
        guard let entries = index.ids(in: key...key, limit: Self.keyLimit) else { throw Self.cannotTell }
        for entry in entries {
            let log = try session(at: entry.place, in: index)
            if log.id == id { return (log, try effective(log, in: index)) }
        }
        return nil
    }

    /// The session line at `place`.
    private func session(at place: SessionIndex.Place, in index: SessionIndexFile) throws(FocusError) -> FocusLog {
        guard case .session(let log)? = try store.journalRecord(at: place, in: index) else { throw Self.cannotTell }
        return log
    }

    /// `line` with the change records that name it applied, and those that name them (``JournalHistory``), and
    /// `extra` last; `nil` when deleted or undone.
    private func effective(
        _ line: FocusLog, in index: SessionIndexFile, with extra: JournalChange? = nil, without left: String? = nil
    ) throws(FocusError) -> FocusLog? {
        var changes: [JournalChange] = []
        var orders: [JournalHistory.ChangeOrder] = []
        func add(_ entry: SessionIndex.ChangeEntry, naming target: String) throws(FocusError) -> JournalChange? {
            guard case .change(let change)? = try store.journalRecord(at: entry.place, in: index) else {
                throw Self.cannotTell
            }
            guard change.target == target, change.id != left else { return nil }
            changes.append(change)
            orders.append(
                JournalHistory.ChangeOrder(
                    at: entry.order, file: index.files[entry.place.file].state.name, line: entry.line))
            return change
        }
        for entry in index.changes(naming: StatsCache.hash(line.id)) {
            guard let change = try add(entry, naming: line.id), change.kind != .undo else { continue }
            for undo in index.changes(naming: StatsCache.hash(change.id))
            where undo.flags & SessionIndex.Flags.undo != 0 {
                _ = try add(undo, naming: change.id)
            }
        }
        if changes.isEmpty && extra == nil { return line }
        var history = JournalHistory(sessions: [line], changes: changes, changeOrder: orders)
        if let extra { history = history.appending(extra, file: "", after: nil) }
        return history.effectiveLogs.first
    }
}

extension AppStore {
    /// The history's answers from the session index (``SessionLookup``), `nil` when the journal must be loaded (it is
    /// loaded already, or the index cannot be used).
    public func indexedLookup() -> SessionLookup? {
        guard !isLoaded, let index = sessionIndex() else { return nil }
        return SessionLookup(store: self, index: index)
    }

    /// The history's answers from the loaded journal (``load()``).
    public var loadedLookup: SessionLookup { SessionLookup(store: self, index: nil) }
}

extension SessionLookup {
    /// What the change record `record` (in the index) does to a session: the session as it reads without it and with
    /// it, `nil` for both when it acts on none (an undo of an undo, a target the journal does not hold).
    func change(_ record: JournalChange) throws(FocusError) -> (before: FocusLog?, after: FocusLog?) {
        guard let index else { throw Self.cannotTell }
        var target = record.target
        if record.kind == .undo, try resolved(target, in: index) == nil {
            // An undo of a change record: its session is the one that changes.
            var place: SessionIndex.Place?
            let hash = StatsCache.hash(target)
            index.forEachChange { change in
                if change.id == hash { place = change.place }
                return place == nil
            }
            guard let place else { return (nil, nil) }
            guard case .change(let undone)? = try store.journalRecord(at: place, in: index), undone.id == target else {
                throw Self.cannotTell
            }
            if undone.kind == .undo { return (nil, nil) }
            target = undone.target
        }
        guard let found = try resolved(target, in: index) else { return (nil, nil) }
        let without = try effective(found.line, in: index, without: record.id)
        // The index holds the record: without it, what it does is not known.
        guard try changes(of: found.line, in: index).contains(record.id) else { throw Self.cannotTell }
        return (without, found.effective)
    }

    /// The ids of the change records that name `line`'s session, and of the undos that name those.
    private func changes(of line: FocusLog, in index: SessionIndexFile) throws(FocusError) -> Set<String> {
        var ids = Set<String>()
        for entry in index.changes(naming: StatsCache.hash(line.id)) {
            guard case .change(let change)? = try store.journalRecord(at: entry.place, in: index) else {
                throw Self.cannotTell
            }
            guard change.target == line.id else { continue }
            ids.insert(change.id)
            for undo in index.changes(naming: StatsCache.hash(change.id)) {
                guard case .change(let record)? = try store.journalRecord(at: undo.place, in: index) else {
                    throw Self.cannotTell
                }
                if record.target == change.id { ids.insert(record.id) }
            }
        }
        return ids
    }

    /// The effective sessions of the local days `wanted` (``LocalDays/dayNumber(of:)``).
    func sessions(on wanted: Set<Int>, days: LocalDays) throws(FocusError) -> [FocusLog] {
        try sessionsWithDevices(on: wanted, days: days).map(\.log)
    }

    /// ``sessions(on:days:)`` with the device that recorded each (``device(ofSession:)``).
    func sessionsWithDevices(on wanted: Set<Int>, days: LocalDays) throws(FocusError) -> [(
        log: FocusLog, device: String?
    )] {
        guard let index, let first = wanted.min(), let last = wanted.max() else { throw Self.cannotTell }
        // A session's day is its start's in its own zone (at most 26 hours from UTC), from the day start on.
        let margin = 26 * 3_600
        let dayStart = days.dayStartSeconds
        guard
            let near = index.sessions(
                startingIn: (first * 86_400 + dayStart - margin)..<((last + 1) * 86_400 + dayStart + margin),
                endingAfter: Int.min, limit: Self.startLimit)
        else { throw Self.cannotTell }
        var found: [String: (log: FocusLog, device: String?)] = [:]
        var devices: [Int: String?] = [:]
        func device(_ file: Int) -> String? {
            if let known = devices[file] { return known }
            let name = JournalFileName(index.files[file].state.name)?.writer?.name
            devices[file] = name
            return name
        }
        for entry in near {
            let line = try session(at: entry.place, in: index)
            if let log = try effective(line, in: index) { found[log.id] = (log, device(entry.place.file)) }
        }
        for log in try movedSessions(in: index) where found[log.id]?.log != log {
            found[log.id] = (log, try self.device(ofSession: log.id))
        }
        return found.values.filter { wanted.contains(days.dayNumber(of: $0.log)) }
    }

    /// The effective sessions an edit moved in time (they may start far from their lines).
    private func movedSessions(in index: SessionIndexFile) throws(FocusError) -> [FocusLog] {
        var moved: [SessionIndex.Place] = []
        index.forEachChange { change in
            if change.flags & SessionIndex.Flags.movesTime != 0 { moved.append(change.place) }
            return moved.count <= Self.movedLimit
        }
        guard moved.count <= Self.movedLimit else { throw Self.cannotTell }
        var logs: [String: FocusLog] = [:]
        for place in moved {
            guard case .change(let change)? = try store.journalRecord(at: place, in: index) else {
                throw Self.cannotTell
            }
            if logs[change.target] == nil, let effective = try resolved(change.target, in: index)?.effective {
                logs[change.target] = effective
            }
        }
        return Array(logs.values)
    }
}

extension SessionLookup {
    /// The device that recorded the session `id`: the name in its journal file's name
    /// (``AppStore/device(ofSession:)``).
    func device(ofSession id: String) throws(FocusError) -> String? {
        guard let index, SessionIndex.isPlain(id.utf8) else { throw Self.cannotTell }
        let key = SessionIndex.key(id.utf8)
        guard let entries = index.ids(in: key...key, limit: Self.keyLimit) else { throw Self.cannotTell }
        for entry in entries where try session(at: entry.place, in: index).id == id {
            return JournalFileName(index.files[entry.place.file].state.name)?.writer?.name
        }
        throw Self.cannotTell
    }
}
