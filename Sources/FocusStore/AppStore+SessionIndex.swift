import FocusJournal
import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// The session index (``SessionIndex``) kept up to the journal: built by a streamed pass when it is missing or the
/// journal changed otherwise than by appends, the appended lines folded in as a record otherwise.
extension AppStore {
    /// The session index as of the journal now, or `nil` when it cannot be used (a journal it cannot follow, a cache
    /// folder that cannot be written): then the journal is loaded.
    ///
    /// The same "what changed since" step as the stats cache's (``changedSince(files:)``): files as they were are used
    /// as they are; lines appended to them (by focus) are folded in under an exclusive lock of the index file, as one
    /// record, or past ``recordsLimit`` into a new base; anything else builds the index again.
    func sessionIndex() -> SessionIndexFile? {
        let path = paths.sessionIndexFile
        if let file = SessionIndexFile.open(path), let change = try? changedSince(files: file.files.map(\.state)) {
            if change.appended.isEmpty && (change.files == file.files.map(\.state) || !file.usable) {
                return file.usable ? file : nil
            }
            if file.usable, let folded = foldSessionIndex() { return folded }
        }
        guard let index = try? scanSessionIndex() else { return nil }
        try? FileIO.makeDirectories(paths.cacheDirectory)
        guard (try? FileIO.replace(path, with: index.encoded())) != nil, index.usable else { return nil }
        return SessionIndexFile.open(path)
    }

    /// The index file with the lines appended since folded in, or only the files' new states (a file a sync engine
    /// replaced with the same bytes: not read again by the next command); `nil` when they cannot be (the index is
    /// built again).
    private func foldSessionIndex() -> SessionIndexFile? {
        let path = paths.sessionIndexFile
        guard let locked = SessionIndexFile.openLocked(path) else { return nil }
        defer { locked.release() }
        guard locked.usable, let change = try? changedSince(files: locked.files.map(\.state)) else { return nil }
        if change.appended.isEmpty && change.files == locked.files.map(\.state) { return locked }
        guard let added = try? sessionIndexEntries(change, over: locked) else { return nil }
        let record = added.record()
        if locked.hasTrailingBytes
            || locked.length - locked.baseLength + record.count > Self.recordsLimit
            || !locked.append(record)
        {
            var whole = locked.loaded()
            whole.files = added.files
            whole.longest = max(whole.longest, added.longest)
            whole.ids += added.ids
            whole.starts += added.starts
            whole.changes += added.changes
            guard (try? FileIO.replace(path, with: whole.encoded())) != nil else { return nil }
        }
        return SessionIndexFile.open(path)
    }

    /// The most bytes of records before a fold writes a new base: 256 KiB, about a thousand sessions recorded one at a
    /// time (every command reads them whole).
    static let recordsLimit = 1 << 18

    private struct Unfoldable: Error {}

    /// The entries of the lines `change` appended, with the files' states now; `Unfoldable` when a line cannot be
    /// read or names an id the journal has already (the index is built again, and says whether it can be used).
    private func sessionIndexEntries(
        _ change: (appended: [(name: String, bytes: ArraySlice<UInt8>)], files: [StatsCache.FileState]),
        over file: SessionIndexFile
    ) throws -> SessionIndex {
        var files = file.files
        var added = SessionIndex(usable: true, files: [])
        var hashes = Set<Int>()
        for (name, bytes) in change.appended {
            guard let fileIndex = files.firstIndex(where: { $0.state.name == name }) else { throw Unfoldable() }
            var issues: [JournalIssue] = []
            var failed = false
            let base = files[fileIndex].state.size
            let lines = Array(bytes).withUnsafeBufferPointer { buffer in
                JournalReader.scan(buffer, file: "", firstLine: files[fileIndex].lines + 1, issues: &issues) {
                    record, line, at in
                    let place = SessionIndex.Place(
                        location: SessionIndex.location(file: fileIndex, offset: base + at),
                        length: Self.lineLength(buffer, at))
                    let hash = StatsCache.hash(record.id)
                    guard hashes.insert(hash).inserted, !file.containsChange(id: hash),
                        let sharing = try? self.sessions(sharingKeyWith: record.id, in: file),
                        added.add(record, place: place, line: line, in: &files[fileIndex])
                    else {
                        failed = true
                        return
                    }
                    guard case .session(let log) = record else { return }
                    let key = SessionIndex.key(log.id.utf8)
                    let others = sharing + added.ids.dropLast().filter { $0.key == key }
                    if !others.isEmpty { added.shared += others + [added.ids.last!] }
                }
            }
            guard !failed, issues.allSatisfy(\.isTornTail) else { throw Unfoldable() }
            files[fileIndex].lines += lines
        }
        guard change.files.map(\.name) == files.map(\.state.name) else { throw Unfoldable() }
        for (index, state) in change.files.enumerated() { files[index].state = state }
        added.files = files
        return added
    }

    /// The sessions of `file` whose key is `id`'s; `Unfoldable` when one of them has the id `id`.
    private func sessions(sharingKeyWith id: String, in file: SessionIndexFile) throws -> [SessionIndex.IDEntry] {
        // Every session id the index holds is plain: another is new, and shares no key.
        guard SessionIndex.isPlain(id.utf8) else { return [] }
        let key = SessionIndex.key(id.utf8)
        guard let entries = file.ids(in: key...key, limit: 64) else { throw Unfoldable() }
        for entry in entries {
            guard case .session(let log) = try journalRecord(at: entry.place, in: file), log.id != id else {
                throw Unfoldable()
            }
        }
        return entries
    }

    /// The record on the line at `place`; `nil` when it is no longer there as the index says.
    func journalRecord(at place: SessionIndex.Place, in file: SessionIndexFile) throws(FocusError) -> JournalRecord? {
        if file.journalPaths.isEmpty {
            file.journalPaths = file.files.map { paths.journalDirectory + "/" + $0.state.name }
        }
        // A place within the file as the index saw it: a damaged index never asks for more.
        guard file.journalPaths.indices.contains(place.file),
            place.length <= file.files[place.file].state.size - min(place.offset, file.files[place.file].state.size),
            let bytes = FileIO.read(file.journalPaths[place.file], offset: place.offset, count: place.length)
        else { return nil }
        return bytes.withUnsafeBufferPointer(JournalReader.record(atStartOf:))
    }

    /// The length of the line at `start` of `bytes`, without its newline.
    static func lineLength(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
        guard start < bytes.count, let newline = memchr(bytes.baseAddress! + start, 10, bytes.count - start) else {
            return bytes.count - start
        }
        return UnsafeRawPointer(newline) - UnsafeRawPointer(bytes.baseAddress! + start)
    }

    /// The index of the journal as it is, read in one streamed pass (``JournalFileReader``), in reading order.
    func scanSessionIndex() throws(FocusError) -> SessionIndex {
        var index = SessionIndex(usable: true, files: [])
        var hashes: [Int] = []
        for name in try Self.journalFileNames(paths.journalDirectory) {
            if case .conflictCopy = JournalFileName(name) { index.usable = false }
            let path = paths.journalDirectory + "/" + name
            guard var state = FileIO.status(path), let reader = try JournalFileReader(path) else {
                index.usable = false
                continue
            }
            state.name = name
            state.size = reader.size
            var file = SessionIndex.File(state: state, lines: 0, latestAt: Int.min)
            let fileIndex = index.files.count
            var line = 1
            var issues: [JournalIssue] = []
            try reader.forEachPiece { (piece, offset) throws(FocusError) in
                line += JournalReader.scan(piece, file: path, firstLine: line, issues: &issues) { record, number, at in
                    hashes.append(StatsCache.hash(record.id))
                    let place = SessionIndex.Place(
                        location: SessionIndex.location(file: fileIndex, offset: offset + at),
                        length: Self.lineLength(piece, at))
                    if !index.add(record, place: place, line: number, in: &file) { index.usable = false }
                }
            }
            if issues.contains(where: { !$0.isTornTail }) { index.usable = false }
            let tailStart = max(0, reader.size - StatsCache.tailLength)
            guard let tail = FileIO.read(path, offset: tailStart, count: reader.size - tailStart) else {
                throw FocusError(.io, "cannot read \(path): \(FileIO.errnoText())")
            }
            file.state.tailHash = tail.withUnsafeBytes { StatsCache.hash($0) }
            file.state.prefixHash = reader.prefixHash.value
            file.lines = line - 1
            index.files.append(file)
        }
        hashes.sort()
        if zip(hashes, hashes.dropFirst()).contains(where: { $0 == $1 }) { index.usable = false }
        if !index.usable {
            // Only the files' states are kept, so a journal the index cannot follow is not scanned again unchanged.
            index.ids = []
            index.starts = []
            index.changes = []
        }
        return index
    }
}

extension SessionIndex {
    /// ``key(_:)`` of `id` when it is plain (``isPlain(_:)``), else `nil`: the two in one pass over its bytes, with no
    /// generic sequence (a rebuild asks it of every session).
    static func plainKey(_ id: String) -> Int? {
        var id = id
        return id.withUTF8 { bytes -> Int? in
            var key = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte >= 0x20, byte <= 0x7E else { return nil }
                if index < 8 { key |= Int(lowercased(byte)) << (8 * (7 - index)) }
            }
            return key
        }
    }

    /// What the index keeps of one record.
    enum Entry {
        case session(IDEntry, StartEntry)
        case change(ChangeEntry)
    }

    /// Adds `record`, read on line `line` at `place` of `file`; `false` when its id is a session's that is not plain.
    mutating func add(_ record: JournalRecord, place: Place, line: Int, in file: inout File) -> Bool {
        switch Self.entry(record, place: place, line: line, in: &file) {
        case .session(let id, let start)?:
            ids.append(id)
            starts.append(start)
            longest = max(longest, start.end - start.start)
        case .change(let change)?: changes.append(change)
        case nil: return false
        }
        return true
    }

    /// The entries of `record`, read on line `line` at `place` of `file` (whose latest change date it moves on);
    /// `nil` when its id is a session's that is not plain.
    static func entry(_ record: JournalRecord, place: Place, line: Int, in file: inout File) -> Entry? {
        switch record {
        case .session(let log):
            guard let key = plainKey(log.id) else { return nil }
            let start = Int(log.start.timeIntervalSince1970.rounded(.down))
            let end = Int(log.end.timeIntervalSince1970.rounded(.up))
            return .session(IDEntry(key: key, place: place), StartEntry(start: start, end: end, place: place))
        case .change(let change):
            file.latestAt = max(file.latestAt, Int(change.at.timeIntervalSince1970.rounded(.down)))
            let movesTime = change.kind == .edit && (change.patch.start != nil || change.patch.end != nil)
            return .change(
                ChangeEntry(
                    target: StatsCache.hash(change.target), id: StatsCache.hash(change.id), place: place,
                    order: file.latestAt, line: line,
                    flags: (change.kind == .undo ? Flags.undo : 0) | (movesTime ? Flags.movesTime : 0)))
        }
    }
}
