import FocusJournal
import FocusModels
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The one source of truth: the journal's sessions, the running session and the expedition.
///
/// The only mutable type in FocusCore and the only one that writes data
/// files. `init` has no side effects; ``load()`` reads the journal, and
/// ``record(_:)`` appends to it. Reading never modifies a file.
public final class AppStore {
    /// Where the files are.
    public let paths: DataPaths
    /// The effective sessions: every session in the journal, deduplicated by id,
    /// with edits, deletions and undos applied (see ``JournalHistory``), sorted by start.
    public private(set) var focusLogs: [FocusLog] = []
    /// Every record read, before changes are applied.
    public private(set) var history = JournalHistory(sessions: [], changes: []) {
        didSet { derivedValues.removeAll() }
    }
    /// Values computed from ``history`` and kept until it changes (``derived(_:days:_:)``).
    var derivedValues: [String: Any] = [:]
    /// Journal files found to start with the bytes a derived file was built from, by path (``changedSince(files:)``),
    /// and how many times a file's prefix was read to tell (for tests).
    var verifiedPrefixes: [String: VerifiedPrefix] = [:]
    var prefixReads = 0
    /// The stats cache as last mapped: asked again while the file is the same (`profile` asks for the growth, then
    /// the expedition), it is not mapped and read again (``StatsCacheFile/open(_:reusing:)``).
    var statsCacheFile: StatsCacheFile?
    /// Lines that could not be read during the last ``load()``, records a crash cut short (``tornTails``) aside.
    public internal(set) var issues: [JournalIssue] = []
    /// Records a crash cut short, found by the last ``load()``: never saved, so skipped and only noted (``TornLine``).
    public internal(set) var tornTails: [JournalIssue] = []
    /// Ids read more than once during the last ``load()``.
    public private(set) var duplicates: [DuplicateRecord] = []
    /// The sync engines' conflict copies the last ``load()`` read (their records count once, like any other's).
    public private(set) var conflictCopies: [ConflictCopy] = []
    /// Whether the journal has been read (``load()``), or the store was made from sessions in memory.
    public private(set) var isLoaded = false
    /// Whether the journal holds anything at all: a session, a change or a line that could not be read.
    ///
    /// Views show their labelled demo only when it does not, so a user who deleted their only session
    /// sees zeros, not a demo. Known once the journal or the stats cache has been read.
    public internal(set) var hasRecords = false
    /// The undoable records (sessions, edits, deletions) this device wrote, and its batches, oldest first.
    private var ownEntries: [OwnEntry] = []
    /// The change lock while ``changing(_:)`` holds it.
    private var changeLock: FileLock?
    /// Where this device's last change record stands in the order edits apply in.
    private var ownLastChange: JournalHistory.ChangeOrder?
    /// The device name of each session read from a device's journal file, by session id.
    var sessionDevices: [String: String] = [:]
    /// This machine's device once read or created (see ``device()``).
    var knownDevice: Device?
    /// The marker this store last published for the running session.
    var publishedMarker: RunningMarker?
    /// What each journal file looked like when the last ``load()`` read it, for the stats cache.
    var journalFileStates: [StatsCache.FileState] = []
    /// The expedition route in use: the built-in one until ``loadExpedition(days:)`` reads the user's file.
    public internal(set) lazy var expeditionDefinitions: ExpeditionDefinitions = .builtIn
    /// The expedition, the fold of ``focusLogs``, as of the last ``loadExpedition(days:)``.
    public internal(set) var expedition = ExpeditionState()

    /// Hears how far a rebuild of the derived files from the whole journal has come
    /// (``rebuiltJournal(days:definitions:)``), then `nil` once it is over: the executable shows it on a terminal.
    public var rebuildProgress: ((WorkProgress?) -> Void)?

    /// The host name a new device id is named after.
    let hostName: String

    /// A store of the files under `paths`; `hostName` names this device's journal file when it is first created.
    public init(paths: DataPaths, hostName: String = "localhost") {
        self.paths = paths
        self.hostName = hostName
    }

    /// Creates a store holding `logs`, for tests and previews; nothing is read or written until asked.
    public convenience init(paths: DataPaths, focusLogs: [FocusLog]) {
        self.init(paths: paths)
        self.history = JournalHistory(sessions: focusLogs, changes: [])
        self.focusLogs = history.effectiveLogs
        isLoaded = true
        hasRecords = !focusLogs.isEmpty
    }

    /// Reads every journal file (see ``JournalFileName``) and merges them.
    ///
    /// Files are read in name order, so every machine holding the same files reads the same history. A record
    /// whose id was already read is the same record and is skipped (noted in ``duplicates``). Bad lines are
    /// collected in ``issues``; an unreadable file is an error. Reading writes nothing: not even the device
    /// file, which the first write creates.
    public func load() throws(FocusError) {
        var sessions: [FocusLog] = []
        var changes: [JournalChange] = []
        var order: [JournalHistory.ChangeOrder] = []
        var found: [JournalIssue] = []
        var dups: [DuplicateRecord] = []
        var ownLines: [(line: Int, id: String)] = []
        var ownBatches: [(batch: JournalBatch, ids: [String])] = []
        var devices: [String: String] = [:]
        // Where each kept record was read (file index, line), turned into text only for a duplicate.
        var places: [String: (file: Int, line: Int)] = [:]
        var kept: [String: JournalRecord] = [:]
        var files: [String] = []
        var states: [StatsCache.FileState] = []
        // The records of conflict copies, and of every other file by id, to tell which copies hold nothing new.
        var copies: [(path: String, original: String, records: [JournalRecord])] = []
        var elsewhere: [String: JournalRecord] = [:]
        let me = try existingDevice()
        for name in try Self.journalFileNames(paths.journalDirectory) {
            let path = paths.journalDirectory + "/" + name
            let before = FileIO.status(path)
            guard let bytes = try FileIO.read(path, following: true, shared: true) else { continue }
            if var state = before {
                state.name = name
                state.size = bytes.count
                bytes.withUnsafeBytes {
                    state.tailHash = StatsCache.hash(
                        UnsafeRawBufferPointer(rebasing: $0[max(0, bytes.count - StatsCache.tailLength)...]))
                    state.prefixHash = PrefixHash.of($0)
                }
                states.append(state)
            }
            var records: [JournalRecord] = []
            var lines: [Int] = []
            JournalReader.parse(bytes, file: path, into: &records, lines: &lines, issues: &found)
            let fileIndex = files.count
            files.append(path)
            let kind = JournalFileName(name)
            let writer = kind?.writer
            let isOwn = if case .device(let device) = kind { device.id == me?.id } else { false }
            let ownBatch =
                if case .batch(let batch) = kind, batch.device.id == me?.id { batch } else { nil as JournalBatch? }
            var batchIDs: [String] = []
            if case .conflictCopy(let original) = kind {
                copies.append((path, original, records))
            } else {
                for record in records where elsewhere[record.id] == nil { elsewhere[record.id] = record }
            }
            var latest = Int.min
            for (record, line) in zip(records, lines) {
                if case .change(let change) = record {
                    latest = max(latest, Int(change.at.timeIntervalSince1970.rounded(.down)))
                }
                if let place = places[record.id] {
                    dups.append(
                        DuplicateRecord(
                            id: record.id, first: "\(files[place.file]):\(place.line)", again: "\(path):\(line)",
                            identical: kept[record.id] == record))
                    continue
                }
                places[record.id] = (fileIndex, line)
                kept[record.id] = record
                switch record {
                case .session(let log):
                    sessions.append(log)
                    if let writer { devices[log.id] = writer.name }
                case .change(let change):
                    changes.append(change)
                    order.append(JournalHistory.ChangeOrder(at: latest, file: name, line: line))
                }
                if !Self.isUndo(record) {
                    if isOwn {
                        ownLines.append((line, record.id))
                    } else if ownBatch != nil {
                        batchIDs.append(record.id)
                    }
                }
            }
            if isOwn { ownLastChange = order.last { $0.file == name } }
            if let ownBatch, !batchIDs.isEmpty { ownBatches.append((ownBatch, batchIDs)) }
        }
        history = JournalHistory(sessions: sessions, changes: changes, changeOrder: order)
        focusLogs = history.effectiveLogs
        issues = found.filter { !$0.isTornTail }
        tornTails = found.filter(\.isTornTail)
        duplicates = dups
        conflictCopies = copies.map { copy in
            ConflictCopy(
                path: copy.path, original: copy.original, records: copy.records.count,
                onlyHere: copy.records.filter { elsewhere[$0.id] != $0 }.count)
        }
        ownEntries = OwnEntry.inWritingOrder(lines: ownLines, batches: ownBatches)
        sessionDevices = devices
        journalFileStates = states
        isLoaded = true
        hasRecords = !places.isEmpty || !found.isEmpty
    }

    /// The names of the files in `directory` that are part of the journal, in reading order: by name, with sync
    /// engines' conflict copies last, so a record's own file wins over a copy of it.
    static func journalFileNames(_ directory: String) throws(FocusError) -> [String] {
        // Each name read once: every command that reads the derived files lists the folder first.
        var names: [String] = []
        var copies: [String] = []
        for name in try FileIO.list(directory) {
            switch JournalFileName(name) {
            case nil: continue
            case .conflictCopy: copies.append(name)
            default: names.append(name)
            }
        }
        return names + copies
    }

    /// Appends `log` to this device's journal file and to ``focusLogs``.
    ///
    /// Returns only after the line is on disk (`fsync`). On failure nothing in
    /// memory changes and the error says why.
    public func record(_ log: FocusLog) throws(FocusError) {
        try Self.check(log)
        let device = try device()
        try FileIO.makeDirectories(paths.journalDirectory)
        OwnAppends.note(
            try FileIO.appendLine(JournalCodec.encode(log), to: paths.journalFile(of: device)), in: paths.ownAppendsFile
        )
        appended(log, by: device)
    }

    /// Appends `change` and then `log` to this device's journal file with one write and one flush (`focus log
    /// split`: the edit that shortens the first part, then the second part), so a kill lands before both or after
    /// both; only a write torn inside the kernel (power lost mid-write) could keep the first line alone.
    public func record(_ change: JournalChange, then log: FocusLog) throws(FocusError) {
        try Self.check(log)
        let device = try device()
        try FileIO.makeDirectories(paths.journalDirectory)
        OwnAppends.note(
            try FileIO.appendLines(
                [JournalCodec.encode(change), JournalCodec.encode(log)], to: paths.journalFile(of: device)),
            in: paths.ownAppendsFile)
        appended(change, by: device)
        appended(log, by: device)
    }

    /// Brings the history in memory up to a session just appended to `device`'s file.
    private func appended(_ log: FocusLog, by device: Device) {
        if !history.sessions.contains(where: { $0.id == log.id }) {
            history = history.appending([log])
            ownEntries.append(.record(log.id))
        }
        focusLogs = history.effectiveLogs
        sessionDevices[log.id] = device.name
        hasRecords = true
    }

    /// Brings the history in memory up to a change just appended to `device`'s file.
    private func appended(_ change: JournalChange, by device: Device) {
        history = history.appending(change, file: device.journalFileName, after: ownLastChange)
        ownLastChange = history.changeOrder.last
        focusLogs = history.effectiveLogs
        if change.kind != .undo { ownEntries.append(.record(change.id)) }
        hasRecords = true
    }

    /// Records `records` (an import: sessions, and edits and deletions of sessions imported before) as a batch of
    /// this device (``JournalBatch``): a file of their own, written whole and then linked in, so all of them are
    /// saved or none, even when focus is killed mid-way. `focus undo` takes the batch back as a whole.
    public func record(_ records: [JournalRecord]) throws(FocusError) {
        var logs: [FocusLog] = []
        var changes: [JournalChange] = []
        for record in records {
            switch record {
            case .session(let log): logs.append(log)
            case .change(let change): changes.append(change)
            }
        }
        try record(sessions: logs, changes: changes)
    }

    /// Records `logs`, then `changes`, as one batch, as ``record(_:)`` does.
    public func record(sessions logs: [FocusLog], changes: [JournalChange]) throws(FocusError) {
        guard !logs.isEmpty || !changes.isEmpty else { return }
        for log in logs { try Self.check(log) }
        let device = try device()
        let written = try commitBatch(of: device) { (write) throws(FocusError) in
            try Self.writeLines(sessions: logs, changes: changes, to: write)
            return true
        }
        guard let batch = written else { return unload() }
        var known = Set<String>(minimumCapacity: history.sessions.count + logs.count)
        for log in history.sessions { known.insert(log.id) }
        let added = logs.filter { known.insert($0.id).inserted }
        sessionDevices.reserveCapacity(sessionDevices.count + added.count)
        history = history.appending(added).appending(changes, file: batch.fileName, after: nil)
        focusLogs = history.effectiveLogs
        ownEntries.append(.batch(batch, added.map(\.id) + changes.map(\.id)))
        for log in added { sessionDevices[log.id] = device.name }
        hasRecords = true
    }

    /// Forgets what ``load()`` read, as if it had not run; the journal holds records (one was just written).
    func unload() {
        history = JournalHistory(sessions: [], changes: [])
        focusLogs = []
        issues = []
        tornTails = []
        duplicates = []
        conflictCopies = []
        ownEntries = []
        ownLastChange = nil
        sessionDevices = [:]
        journalFileStates = []
        isLoaded = false
        hasRecords = true
    }

    /// Appends a change (edit, deletion, undo) to this device's journal file and applies it.
    public func record(_ change: JournalChange) throws(FocusError) {
        let device = try device()
        try FileIO.makeDirectories(paths.journalDirectory)
        OwnAppends.note(
            try FileIO.appendLine(JournalCodec.encode(change), to: paths.journalFile(of: device)),
            in: paths.ownAppendsFile)
        appended(change, by: device)
    }

    /// Takes `target` back: one undo record, or for a batch, a batch of undo records (all of them, or none).
    ///
    /// Each undo record gets an id from `newID` and is dated `at`.
    public func undo(_ target: UndoTarget, at: Date, newID: () -> String) throws(FocusError) {
        let undos = target.recordIDs.map { JournalChange(id: newID(), kind: .undo, target: $0, at: at) }
        guard case .batch = target else {
            for undo in undos { try record(undo) }
            return
        }
        let device = try device()
        _ = try commitBatch(of: device) { (write) throws(FocusError) in
            try Self.writeLines(changes: undos, to: write)
            return true
        }
        history = history.appending(undos, file: "", after: nil)
        focusLogs = history.effectiveLogs
        hasRecords = true
    }

    /// Runs `body` holding this machine's change lock (``DataPaths/changeLock``): a command that reads the
    /// journal or the settings, decides, and writes (`undo`, `log edit`, `log delete`, `import`, `config set`)
    /// does all of it inside, so two of them never decide on the same state: two racing `focus undo` take back
    /// two records, and two imports of one file add it once.
    ///
    /// A holder that does not let go within 30 seconds is an error (exit 75). Nested calls run inside the lock
    /// already held.
    ///
    /// `folder` is the folder locked: the state folder for the journal (``DataPaths/changeLock``), the config
    /// folder for the settings.
    public func changing<T>(in folder: String? = nil, _ body: () throws(FocusError) -> T) throws(FocusError) -> T {
        if changeLock != nil { return try body() }
        let folder = folder ?? paths.changeLock
        try FileIO.makeDirectories(folder)
        guard let lock = try FileLock.lock(folder: folder, waiting: 30) else {
            throw FocusError(
                .temporary, "another focus command has been changing the journal for 30 seconds; try again later")
        }
        changeLock = lock
        defer {
            lock.release()
            changeLock = nil
        }
        return try body()
    }

    /// The device that recorded the session with this id: the name in its journal file's name, `nil` for a
    /// session read from another file (the journal of an older focus, an export dropped in).
    public func device(ofSession id: String) -> String? { sessionDevices[id] }

    /// The effective session with exactly this id.
    public func session(id: String) -> FocusLog? { focusLogs.first { $0.id == id } }

    /// The effective session whose id is `prefix` or starts with it, as a user types one
    /// (``ShortID/resolve(_:among:)``):
    /// an ambiguous prefix is a usage error (64), an unknown one a failure (1).
    public func session(matching prefix: String) throws(FocusError) -> FocusLog {
        let id = try ShortID.resolve(prefix, among: focusLogs.map(\.id))
        guard let log = session(id: id) else { throw FocusError(.failure, "no session \(prefix)") }
        return log
    }

    /// The newest session, edit, deletion or batch (an import) this device wrote that no undo cancels yet.
    public func lastUndoable() -> UndoTarget? {
        let undone = history.undone
        for entry in ownEntries.reversed() {
            switch entry {
            case .record(let id) where !undone.contains(id): return undoTarget(id)
            case .batch(let batch, let ids):
                let left = Set(ids.filter { !undone.contains($0) })
                guard !left.isEmpty else { continue }
                var effective: [String: FocusLog] = [:]
                for log in focusLogs where left.contains(log.id) { effective[log.id] = log }
                let sessions = history.sessions.filter { left.contains($0.id) }.map { effective[$0.id] ?? $0 }
                return .batch(batch, sessions: sessions, changes: history.changes.filter { left.contains($0.id) })
            case .record: continue
            }
        }
        return nil
    }

    /// What undoing the record `id` (this device's own) takes back.
    private func undoTarget(_ id: String) -> UndoTarget? {
        if let change = history.changes.first(where: { $0.id == id }) {
            let session = history.sessions.first { $0.id == change.target }.flatMap { _ in
                history.appending(
                    JournalChange(id: "\u{0}preview", kind: .undo, target: change.id, at: change.at),
                    file: "", after: nil
                ).effectiveLogs.first { $0.id == change.target }
            }
            return change.kind == .delete ? .delete(change, session: session) : .edit(change, session: session)
        }
        return history.sessions.first { $0.id == id }.map { .session(session(id: $0.id) ?? $0) }
    }

    /// Refuses a session the journal reader would skip: nothing is written that focus cannot read back.
    static func check(_ log: FocusLog) throws(FocusError) {
        do throws(JournalCodec.Failure) {
            try JournalCodec.validate(log)
        } catch {
            throw FocusError(.data, "session \(log.id) cannot be recorded: \(error.reason)")
        }
    }

    /// One undoable step of this device's writing: a record of its journal file, or a batch file's records.
    enum OwnEntry {
        case record(String)
        case batch(JournalBatch, [String])

        /// The device's records in the order it wrote them: lines of its file by number, each batch after the line
        /// it names (``JournalBatch/after``), batches at one place by their number.
        static func inWritingOrder(lines: [(line: Int, id: String)], batches: [(batch: JournalBatch, ids: [String])])
            -> [OwnEntry]
        {
            let keyed =
                lines.map { (key: [$0.line, 0, 0], entry: OwnEntry.record($0.id)) }
                + batches.map {
                    (key: [$0.batch.after, 1, $0.batch.sequence], entry: OwnEntry.batch($0.batch, $0.ids))
                }
            return keyed.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.entry)
        }
    }

    private static func isUndo(_ record: JournalRecord) -> Bool {
        if case .change(let change) = record { return change.kind == .undo }
        return false
    }

    // MARK: Helpers

    /// `value` as a small state file: JSON with sorted keys and a final newline, written by the one ``JSONWriter``.
    static func fileBytes(_ value: some Encodable, pretty: Bool = false, what: String) throws(FocusError) -> [UInt8] {
        do {
            return Array(try JSONValueEncoder.text(value, pretty: pretty).utf8) + [10]
        } catch {
            throw FocusError(.io, "cannot encode \(what)")
        }
    }

    static let decoder: JSONDecoder = {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return d
    }()
}
