import FocusJournal
import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// The session index, `session-index.bin` in the cache folder: where the line of each session and of each change
/// record is, so a command that changes one session (`log add`, `log edit`, `undo`…) reads the few lines it needs
/// (``SessionLookup``) instead of the history.
///
/// Derived data: deleting it changes nothing but speed. It records the journal files' states as the stats cache
/// does (``StatsCache/FileState``, with each file's line count and the latest date of its change records, for the
/// order of edits), and is brought up to the journal by the same "what changed since" step
/// (``AppStore/changedSince(files:)``): lines appended since are added as a record at the end of the file; any other
/// change builds it again. Binary, little-endian 64-bit words:
///
/// ```
/// header   magic, version, usable, files (state, lines, latest change date), longest session, counts, offsets
/// ids      per session: key (``key(_:)``), place of its line; sorted by key
/// starts   per session: start, end, place of its line; sorted by start
/// changes  per change record: hash of its target, hash of its id, place, order date, line, kind; by target hash
/// shared   the keys two sessions or more share, sorted
/// records  the entries of the lines appended since, one record a fold (magic, size, payload, checksum)
/// ```
///
/// A place is the file's index in reading order (high 24 bits) and the line's offset (low 40), and its length.
/// A journal the index cannot follow exactly (a sync engine's conflict copy, an id read twice, a line that cannot
/// be read, an id with other than printable ASCII) gets an index marked unusable: the commands load the journal.
struct SessionIndex {
    static let magic: Int = 0x3149_5353_5355_4F46  // "FOCUSSI1"
    static let recordMagic: Int = 0x3152_5353_5355_4F46  // "FOCUSSR1"
    static let version = 1

    /// A journal file as the index last saw it.
    struct File: Equatable {
        var state: StatsCache.FileState
        /// Lines in its first `state.size` bytes (an unterminated last one counts).
        var lines: Int
        /// The latest `at` (whole seconds) of its change records, `Int.min` with none (``JournalHistory/ChangeOrder``).
        var latestAt: Int
    }

    /// Where a line is: the file's index in reading order and the offset packed (``location(file:offset:)``), and
    /// its length without the newline.
    struct Place: Equatable {
        var location: Int
        var length: Int
        var file: Int { location >> 40 }
        var offset: Int { location & (1 << 40 - 1) }
    }

    struct IDEntry {
        var key: Int
        var place: Place
    }

    struct StartEntry {
        var start: Int
        var end: Int
        var place: Place
    }

    struct ChangeEntry {
        /// ``StatsCache/hash(_:)`` of the change's target and of its own id.
        var target: Int
        var id: Int
        var place: Place
        var order: Int
        var line: Int
        /// ``Flags``.
        var flags: Int
    }

    enum Flags {
        static let undo = 1
        /// An edit that sets the start or the end: the session may now overlap others its line does not.
        static let movesTime = 2
    }

    var usable: Bool
    var files: [File]
    /// The longest `end - start` of any session line.
    var longest = 0
    var ids: [IDEntry] = []
    var starts: [StartEntry] = []
    var changes: [ChangeEntry] = []

    static func location(file: Int, offset: Int) -> Int { file << 40 | offset }

    /// Whether `id` is made of printable ASCII only: a character is then a byte, and lower case is ASCII's.
    static func isPlain(_ bytes: some Sequence<UInt8>) -> Bool { bytes.allSatisfy { (0x20...0x7E).contains($0) } }

    /// An id's key: its first 8 bytes in ASCII lower case, big-endian, zeros after a shorter id. Ids that start
    /// with a prefix of up to 8 characters have the keys of a range; equal keys mark ids whose short ids
    /// (``ShortID``) are longer than 8.
    static func key(_ bytes: some Sequence<UInt8>) -> Int {
        var key = 0
        var count = 0
        for byte in bytes.prefix(8) {
            key = key << 8 | Int(lowercased(byte))
            count += 1
        }
        return key << (8 * (8 - count))
    }

    /// The keys of the ids that start with `prefix` (printable ASCII, not empty).
    static func keys(startingWith prefix: [UInt8]) -> ClosedRange<Int> {
        guard prefix.count < 8 else { return key(prefix)...key(prefix) }
        let low = key(prefix)
        return low...(low | (1 << (8 * (8 - prefix.count)) - 1))
    }

    static func lowercased(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

    // MARK: Writing

    /// The file: the base, sorted, with no records.
    func encoded() -> [UInt8] {
        var w = StatsCache.Writer()
        w.bytes.reserveCapacity(64 * (ids.count + changes.count) + 4096)
        w.int(Self.magic)
        w.int(Self.version)
        w.int(usable ? 1 : 0)
        Self.write(files, to: &w)
        w.int(longest)
        let sortedIDs = ids.sorted { ($0.key, $0.place.location) < ($1.key, $1.place.location) }
        var shared: [Int] = []
        for (a, b) in zip(sortedIDs, sortedIDs.dropFirst()) where a.key == b.key && shared.last != a.key {
            shared.append(a.key)
        }
        for count in [ids.count, starts.count, changes.count, shared.count] { w.int(count) }
        for entry in sortedIDs { for v in [entry.key, entry.place.location, entry.place.length] { w.int(v) } }
        for entry in starts.sorted(by: { ($0.start, $0.place.location) < ($1.start, $1.place.location) }) {
            for v in [entry.start, entry.end, entry.place.location, entry.place.length] { w.int(v) }
        }
        for entry in changes.sorted(by: { ($0.target, $0.place.location) < ($1.target, $1.place.location) }) {
            Self.write(entry, to: &w)
        }
        w.words(shared)
        return w.bytes
    }

    /// A record of the entries added since the last one (and the files' states now): magic, size, payload, checksum.
    func record() -> [UInt8] {
        var w = StatsCache.Writer()
        Self.write(files, to: &w)
        w.int(longest)
        for count in [ids.count, starts.count, changes.count] { w.int(count) }
        for entry in ids { for v in [entry.key, entry.place.location, entry.place.length] { w.int(v) } }
        for entry in starts {
            for v in [entry.start, entry.end, entry.place.location, entry.place.length] { w.int(v) }
        }
        for entry in changes { Self.write(entry, to: &w) }
        var out = StatsCache.Writer()
        out.int(Self.recordMagic)
        out.int(w.bytes.count)
        out.bytes += w.bytes
        out.int(w.bytes.withUnsafeBytes { StatsCache.hash($0) })
        return out.bytes
    }

    private static func write(_ files: [File], to w: inout StatsCache.Writer) {
        w.files(files.map(\.state))
        for file in files {
            w.int(file.lines)
            w.int(file.latestAt)
        }
    }

    private static func write(_ entry: ChangeEntry, to w: inout StatsCache.Writer) {
        for v in [
            entry.target, entry.id, entry.place.location, entry.place.length, entry.order, entry.line, entry.flags,
        ] {
            w.int(v)
        }
    }
}

/// The session index file mapped: the base's sorted entries searched in place, the records' entries in memory.
final class SessionIndexFile {
    typealias Corrupt = StatsCacheFile.Corrupt

    let usable: Bool
    /// The files as of the last record (or the base).
    let files: [SessionIndex.File]
    let longest: Int
    /// The entries of the records, in the order they were added.
    let addedIDs: [SessionIndex.IDEntry]
    let addedStarts: [SessionIndex.StartEntry]
    let addedChanges: [SessionIndex.ChangeEntry]
    /// Where the records end: the next one goes there.
    let length: Int
    /// The bytes of records after the base.
    var recordsLength: Int { length - baseLength }
    /// Whether bytes that are no whole record follow the last one.
    let hasTrailingBytes: Bool
    private let base: UnsafeRawPointer
    private let mapped: Int
    private let baseLength: Int
    private let idCount, startCount, changeCount, sharedCount: Int
    private let idsOffset, startsOffset, changesOffset, sharedOffset: Int
    /// The descriptor of ``openLocked(_:)``, -1 once released (or for ``open(_:)``).
    private var lockedFD: Int32 = -1

    /// Maps `path`; `nil` when it does not exist, is not an index of this version, or is damaged.
    static func open(_ path: String) -> SessionIndexFile? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return map(fd)
    }

    /// `path` under an exclusive `flock` (one fold at a time), mapped once the lock is held; `nil` when it cannot be
    /// opened for writing or the lock is not had within a second.
    static func openLocked(_ path: String) -> SessionIndexFile? {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < 1000 else {
                close(fd)
                return nil
            }
            usleep(1000)
            waited += 1
        }
        guard let file = map(fd) else {
            close(fd)
            return nil
        }
        file.lockedFD = fd
        return file
    }

    func release() {
        guard lockedFD >= 0 else { return }
        close(lockedFD)
        lockedFD = -1
    }

    /// Appends `record` (``SessionIndex/record()``) while the lock is held; whether all of it was written. No
    /// `fsync`: a record a crash cuts short fails its checksum, and the lines it held are folded again.
    func append(_ record: [UInt8]) -> Bool {
        guard lockedFD >= 0 else { return false }
        return record.withUnsafeBytes { pwrite(lockedFD, $0.baseAddress, $0.count, off_t(length)) } == record.count
    }

    private static func map(_ fd: Int32) -> SessionIndexFile? {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size >= 16 else { return nil }
        let length = Int(st.st_size)
        guard let map = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return nil }
        do {
            return try SessionIndexFile(base: UnsafeRawPointer(map), length: length)
        } catch {
            munmap(map, length)
            return nil
        }
    }

    private init(base: UnsafeRawPointer, length: Int) throws(Corrupt) {
        self.base = base
        mapped = length
        var r = StatsCacheFile.Reader(base: base, length: length)
        guard try r.int() == SessionIndex.magic, try r.int() == SessionIndex.version else { throw Corrupt() }
        usable = try r.flag()
        var files = try Self.files(&r)
        var longest = try r.int()
        idCount = try r.count()
        startCount = try r.count()
        changeCount = try r.count()
        sharedCount = try r.count()
        idsOffset = r.at
        startsOffset = idsOffset + idCount * 24
        changesOffset = startsOffset + startCount * 32
        sharedOffset = changesOffset + changeCount * 56
        baseLength = sharedOffset + sharedCount * 8
        guard idCount <= length / 24, startCount <= length / 32, changeCount <= length / 56, sharedCount <= length / 8,
            baseLength <= length
        else { throw Corrupt() }
        var ids: [SessionIndex.IDEntry] = []
        var starts: [SessionIndex.StartEntry] = []
        var changes: [SessionIndex.ChangeEntry] = []
        var at = baseLength
        while length - at >= 24, Self.word(base, at) == SessionIndex.recordMagic {
            let size = Self.word(base, at + 8)
            guard size >= 0, size % 8 == 0, size <= length - at - 24 else { break }
            let payload = UnsafeRawBufferPointer(start: base + at + 16, count: size)
            guard StatsCache.hash(payload) == Self.word(base, at + 16 + size) else { break }
            var p = StatsCacheFile.Reader(base: base + at + 16, length: size)
            files = try Self.files(&p)
            longest = max(longest, try p.int())
            let (i, s, c) = (try p.count(), try p.count(), try p.count())
            guard i <= size / 24, s <= size / 32, c <= size / 56 else { throw Corrupt() }
            for _ in 0..<i {
                ids.append(SessionIndex.IDEntry(key: try p.int(), place: try Self.place(&p)))
            }
            for _ in 0..<s {
                starts.append(SessionIndex.StartEntry(start: try p.int(), end: try p.int(), place: try Self.place(&p)))
            }
            for _ in 0..<c { changes.append(try Self.change(&p)) }
            at += 24 + size
        }
        self.files = files
        self.longest = longest
        self.length = at
        hasTrailingBytes = at != length
        addedIDs = ids
        addedStarts = starts
        addedChanges = changes
    }

    deinit {
        release()
        munmap(UnsafeMutableRawPointer(mutating: base), mapped)
    }

    private static func word(_ base: UnsafeRawPointer, _ at: Int) -> Int {
        Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: Int64.self)))
    }

    private func word(_ at: Int) -> Int { Self.word(base, at) }

    private static func files(_ r: inout StatsCacheFile.Reader) throws(Corrupt) -> [SessionIndex.File] {
        let states = try r.files()
        var files: [SessionIndex.File] = []
        for state in states {
            files.append(SessionIndex.File(state: state, lines: try natural(&r), latestAt: try r.int()))
        }
        return files
    }

    private static func place(_ r: inout StatsCacheFile.Reader) throws(Corrupt) -> SessionIndex.Place {
        SessionIndex.Place(location: try natural(&r), length: try natural(&r))
    }

    /// A word that counts something: never below zero (a record's counts may exceed its own length).
    private static func natural(_ r: inout StatsCacheFile.Reader) throws(Corrupt) -> Int {
        let n = try r.int()
        guard n >= 0 else { throw Corrupt() }
        return n
    }

    private static func change(_ r: inout StatsCacheFile.Reader) throws(Corrupt) -> SessionIndex.ChangeEntry {
        SessionIndex.ChangeEntry(
            target: try r.int(), id: try r.int(), place: try place(&r), order: try r.int(), line: try natural(&r),
            flags: try r.int())
    }

    // MARK: Searching

    /// The first index in `0..<count` whose value (`value(index)`) is not below `low`.
    private static func lowerBound(_ low: Int, count: Int, _ value: (Int) -> Int) -> Int {
        var (first, last) = (0, count)
        while first < last {
            let mid = (first + last) / 2
            if value(mid) < low { first = mid + 1 } else { last = mid }
        }
        return first
    }

    private func baseID(_ index: Int) -> SessionIndex.IDEntry {
        let at = idsOffset + index * 24
        return SessionIndex.IDEntry(
            key: word(at), place: SessionIndex.Place(location: word(at + 8), length: word(at + 16)))
    }

    private func baseStart(_ index: Int) -> SessionIndex.StartEntry {
        let at = startsOffset + index * 32
        return SessionIndex.StartEntry(
            start: word(at), end: word(at + 8),
            place: SessionIndex.Place(location: word(at + 16), length: word(at + 24)))
    }

    private func baseChange(_ index: Int) -> SessionIndex.ChangeEntry {
        let at = changesOffset + index * 56
        return SessionIndex.ChangeEntry(
            target: word(at), id: word(at + 8),
            place: SessionIndex.Place(location: word(at + 16), length: word(at + 24)),
            order: word(at + 32), line: word(at + 40), flags: word(at + 48))
    }

    /// The sessions whose keys are in `keys`, at most `limit` of them (`nil` past it).
    func ids(in keys: ClosedRange<Int>, limit: Int) -> [SessionIndex.IDEntry]? {
        var found: [SessionIndex.IDEntry] = []
        var index = Self.lowerBound(keys.lowerBound, count: idCount) { word(idsOffset + $0 * 24) }
        while index < idCount {
            let entry = baseID(index)
            guard entry.key <= keys.upperBound else { break }
            found.append(entry)
            if found.count > limit { return nil }
            index += 1
        }
        found += addedIDs.filter { keys.contains($0.key) }
        return found.count > limit ? nil : found
    }

    /// The change records whose target hashes to `target`.
    func changes(naming target: Int) -> [SessionIndex.ChangeEntry] {
        var found: [SessionIndex.ChangeEntry] = []
        var index = Self.lowerBound(target, count: changeCount) { word(changesOffset + $0 * 56) }
        while index < changeCount, word(changesOffset + index * 56) == target {
            found.append(baseChange(index))
            index += 1
        }
        return found + addedChanges.filter { $0.target == target }
    }

    /// Every change record, calling `body` with each; stops when it returns `false`.
    func forEachChange(_ body: (SessionIndex.ChangeEntry) -> Bool) {
        for index in 0..<changeCount where !body(baseChange(index)) { return }
        for change in addedChanges where !body(change) { return }
    }

    /// Whether a change record's id hashes to `hash`.
    func containsChange(id hash: Int) -> Bool {
        var found = false
        forEachChange { change in
            found = change.id == hash
            return !found
        }
        return found
    }

    /// The sessions whose lines start in `starts` and end after `end`, at most `limit` of them (`nil` past it).
    func sessions(startingIn starts: Range<Int>, endingAfter end: Int, limit: Int) -> [SessionIndex.StartEntry]? {
        var found: [SessionIndex.StartEntry] = []
        var index = Self.lowerBound(starts.lowerBound, count: startCount) { word(startsOffset + $0 * 32) }
        var scanned = 0
        while index < startCount {
            let entry = baseStart(index)
            guard entry.start < starts.upperBound else { break }
            if entry.end > end { found.append(entry) }
            scanned += 1
            if scanned > limit { return nil }
            index += 1
        }
        return found + addedStarts.filter { starts.contains($0.start) && $0.end > end }
    }

    /// The keys two sessions or more share.
    func sharedKeys() -> Set<Int> {
        var keys = Set((0..<sharedCount).map { word(sharedOffset + $0 * 8) })
        var added: [Int: Int] = [:]
        for entry in addedIDs { added[entry.key, default: 0] += 1 }
        for (key, count) in added where count > 1 || containsBaseKey(key) { keys.insert(key) }
        return keys
    }

    private func containsBaseKey(_ key: Int) -> Bool {
        let index = Self.lowerBound(key, count: idCount) { word(idsOffset + $0 * 24) }
        return index < idCount && word(idsOffset + index * 24) == key
    }

    /// The whole index in memory (the base's entries and the records'), for a new base.
    func loaded() -> SessionIndex {
        var index = SessionIndex(usable: usable, files: files, longest: longest)
        index.ids = (0..<idCount).map(baseID) + addedIDs
        index.starts = (0..<startCount).map(baseStart) + addedStarts
        index.changes = (0..<changeCount).map(baseChange) + addedChanges
        return index
    }
}
