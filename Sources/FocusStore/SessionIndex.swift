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
/// shared   the entries of `ids` whose key another shares
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

        /// The base's order: by key, then place.
        static func precedes(_ a: Self, _ b: Self) -> Bool { (a.key, a.place.location) < (b.key, b.place.location) }
    }

    struct StartEntry {
        var start: Int
        var end: Int
        var place: Place

        /// The base's order: by start, then place.
        static func precedes(_ a: Self, _ b: Self) -> Bool {
            (a.start, a.place.location) < (b.start, b.place.location)
        }
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

        /// The base's order: by target hash, then place.
        static func precedes(_ a: Self, _ b: Self) -> Bool {
            (a.target, a.place.location) < (b.target, b.place.location)
        }
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
    /// In a record: the sessions that share their key with another since it (a new base finds them itself).
    var shared: [IDEntry] = []

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
        let sortedIDs = ids.sorted(by: IDEntry.precedes)
        // The sessions whose key another shares, together: the short ids' length reads them and no more.
        var shared: [IDEntry] = []
        for (index, entry) in sortedIDs.enumerated()
        where index > 0 && sortedIDs[index - 1].key == entry.key
            || index + 1 < sortedIDs.count && sortedIDs[index + 1].key == entry.key
        {
            shared.append(entry)
        }
        writeHeader(counts: [ids.count, starts.count, changes.count, shared.count], to: &w)
        for entry in sortedIDs { Self.write(entry, to: &w) }
        for entry in starts.sorted(by: StartEntry.precedes) { Self.write(entry, to: &w) }
        for entry in changes.sorted(by: ChangeEntry.precedes) { Self.write(entry, to: &w) }
        for entry in shared { Self.write(entry, to: &w) }
        return w.bytes
    }

    /// The base's header: everything before the entries, of which there are `counts` (ids, starts, changes, shared).
    func writeHeader(counts: [Int], to w: inout StatsCache.Writer) {
        w.int(Self.magic)
        w.int(Self.version)
        w.int(usable ? 1 : 0)
        Self.write(files, to: &w)
        w.int(longest)
        for count in counts { w.int(count) }
    }

    /// A record of the entries added since the last one (and the files' states now): magic, size, payload, checksum.
    func record() -> [UInt8] {
        var w = StatsCache.Writer()
        Self.write(files, to: &w)
        w.int(longest)
        for count in [ids.count, starts.count, changes.count, shared.count] { w.int(count) }
        for entry in ids { Self.write(entry, to: &w) }
        for entry in starts { Self.write(entry, to: &w) }
        for entry in changes { Self.write(entry, to: &w) }
        for entry in shared { Self.write(entry, to: &w) }
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

    static func write(_ entry: IDEntry, to w: inout StatsCache.Writer) {
        w.int(entry.key)
        w.int(entry.place.location)
        w.int(entry.place.length)
    }

    static func write(_ entry: StartEntry, to w: inout StatsCache.Writer) {
        w.int(entry.start)
        w.int(entry.end)
        w.int(entry.place.location)
        w.int(entry.place.length)
    }

    static func write(_ entry: ChangeEntry, to w: inout StatsCache.Writer) {
        for v in [
            entry.target, entry.id, entry.place.location, entry.place.length, entry.order, entry.line, entry.flags,
        ] {
            w.int(v)
        }
    }
}

/// The session index file, read with `pread` a few words at a time: the base's sorted entries are searched in the
/// file (memory stays flat however long the history; a mapping would count every page a search touches), the
/// records' entries are read whole.
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
    /// The sessions the records say now share their key with another.
    let addedShared: [SessionIndex.IDEntry]
    /// Where the records end: the next one goes there.
    let length: Int
    /// Where the base ends and the records begin.
    let baseLength: Int
    /// Whether bytes that are no whole record follow the last one.
    let hasTrailingBytes: Bool
    /// The journal files' paths, once ``AppStore/journalRecord(at:in:)`` has made them.
    var journalPaths: [String] = []
    private let fd: Int32
    private let idCount, startCount, changeCount, sharedCount: Int
    private let idsOffset, startsOffset, changesOffset, sharedOffset: Int
    /// Whether ``openLocked(_:)`` holds the lock.
    private var locked = false

    /// Opens `path`; `nil` when it does not exist, is not an index of this version, or is damaged.
    static func open(_ path: String) -> SessionIndexFile? { open(path, flags: O_RDONLY) }

    /// `path` under an exclusive `flock` (one fold at a time), read once the lock is held; `nil` when it cannot be
    /// opened for writing or the lock is not had within a second.
    static func openLocked(_ path: String) -> SessionIndexFile? {
        guard let file = open(path, flags: O_RDWR, lock: true) else { return nil }
        file.locked = true
        return file
    }

    private static func open(_ path: String, flags: Int32, lock: Bool = false) -> SessionIndexFile? {
        let fd = Glibc.open(path, flags | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        if lock && !FileLock.waitForLock(fd, seconds: 1) {
            close(fd)
            return nil
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
            let file = try? SessionIndexFile(fd: fd, length: Int(st.st_size))
        else {
            close(fd)
            return nil
        }
        return file
    }

    /// Lets go of the lock ``openLocked(_:)`` took; the file can still be read.
    func release() {
        guard locked else { return }
        flock(fd, LOCK_UN)
        locked = false
    }

    /// Appends `record` (``SessionIndex/record()``) while the lock is held; whether all of it was written. No
    /// `fsync`: a record a crash cuts short fails its checksum, and the lines it held are folded again.
    func append(_ record: [UInt8]) -> Bool {
        guard locked else { return false }
        return record.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(length)) } == record.count
    }

    private static func read(_ fd: Int32, _ offset: Int, _ count: Int) -> [UInt8]? {
        FileIO.read(fd, offset: offset, count: count)
    }

    private init(fd: Int32, length: Int) throws(Corrupt) {
        self.fd = fd
        // The header, then the records: read whole (the header is small, the records at most a limit).
        var headerLength = min(length, 1 << 16)
        var parsed: (Int, Bool, [SessionIndex.File], Int, [Int])?
        while parsed == nil {
            guard let head = Self.read(fd, 0, headerLength) else { throw Corrupt() }
            let result = head.withUnsafeBytes { raw in
                Result { () throws(Corrupt) in
                    var r = StatsCacheFile.Reader(base: raw.baseAddress!, length: raw.count)
                    guard try r.int() == SessionIndex.magic, try r.int() == SessionIndex.version else {
                        throw Corrupt()
                    }
                    let usable = try r.flag()
                    let files = try Self.files(&r)
                    let longest = try r.int()
                    let counts = [
                        try Self.natural(&r), try Self.natural(&r), try Self.natural(&r), try Self.natural(&r),
                    ]
                    return (r.at, usable, files, longest, counts)
                }
            }
            switch result {
            case .success(let header): parsed = header
            case .failure(let error):
                guard headerLength < length else { throw error }
                headerLength = min(length, headerLength * 4)
            }
        }
        let (at, usable, baseFiles, baseLongest, counts) = parsed!
        (idCount, startCount, changeCount, sharedCount) = (counts[0], counts[1], counts[2], counts[3])
        guard idCount <= length / 24, startCount <= length / 32, changeCount <= length / 56, sharedCount <= length / 24
        else { throw Corrupt() }
        self.usable = usable
        idsOffset = at
        startsOffset = idsOffset + idCount * 24
        changesOffset = startsOffset + startCount * 32
        sharedOffset = changesOffset + changeCount * 56
        baseLength = sharedOffset + sharedCount * 24
        guard baseLength <= length, let tail = Self.read(fd, baseLength, length - baseLength) else { throw Corrupt() }
        var files = baseFiles
        var longest = baseLongest
        var ids: [SessionIndex.IDEntry] = []
        var starts: [SessionIndex.StartEntry] = []
        var changes: [SessionIndex.ChangeEntry] = []
        var shared: [SessionIndex.IDEntry] = []
        var end = 0
        let records = tail.withUnsafeBytes { raw in
            Result { () throws(Corrupt) in
                let base = raw.baseAddress ?? UnsafeRawPointer(bitPattern: 8)!
                func word(_ at: Int) -> Int {
                    Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: Int64.self)))
                }
                while raw.count - end >= 24, word(end) == SessionIndex.recordMagic {
                    let size = word(end + 8)
                    guard size >= 0, size % 8 == 0, size <= raw.count - end - 24 else { break }
                    let payload = UnsafeRawBufferPointer(start: base + end + 16, count: size)
                    guard StatsCache.hash(payload) == word(end + 16 + size) else { break }
                    var p = StatsCacheFile.Reader(base: base + end + 16, length: size)
                    files = try Self.files(&p)
                    longest = max(longest, try p.int())
                    let (i, s, c, h) = (try p.count(), try p.count(), try p.count(), try p.count())
                    guard i <= size / 24, s <= size / 32, c <= size / 56, h <= size / 24 else { throw Corrupt() }
                    for _ in 0..<i {
                        ids.append(SessionIndex.IDEntry(key: try p.int(), place: try Self.place(&p)))
                    }
                    for _ in 0..<s {
                        starts.append(
                            SessionIndex.StartEntry(start: try p.int(), end: try p.int(), place: try Self.place(&p)))
                    }
                    for _ in 0..<c { changes.append(try Self.change(&p)) }
                    for _ in 0..<h { shared.append(SessionIndex.IDEntry(key: try p.int(), place: try Self.place(&p))) }
                    end += 24 + size
                }
            }
        }
        try records.get()
        self.files = files
        self.longest = longest
        self.length = baseLength + end
        hasTrailingBytes = self.length != length
        addedIDs = ids
        addedStarts = starts
        addedChanges = changes
        addedShared = shared
    }

    deinit { close(fd) }

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

    /// `count` words of the base from `offset`; zeros when the file was cut short since it was opened.
    private func words(_ offset: Int, _ count: Int) -> [Int] {
        guard let bytes = Self.read(fd, offset, count * 8) else { return [Int](repeating: 0, count: count) }
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self))) }
        }
    }

    /// The word at `offset` of the base, read with no buffer; 0 when the file was cut short since it was opened.
    private func word(_ offset: Int) -> Int {
        var value: Int64 = 0
        let n = withUnsafeMutableBytes(of: &value) { pread(fd, $0.baseAddress, 8, off_t(offset)) }
        return n == 8 ? Int(Int64(littleEndian: value)) : 0
    }

    /// The first index in `0..<count` of the entries of `size` bytes from `offset` whose first word is not below
    /// `low`.
    private func lowerBound(_ low: Int, offset: Int, size: Int, count: Int) -> Int {
        var (first, last) = (0, count)
        while first < last {
            let mid = (first + last) / 2
            if word(offset + mid * size) < low { first = mid + 1 } else { last = mid }
        }
        return first
    }

    private static func idEntry(_ w: ArraySlice<Int>) -> SessionIndex.IDEntry {
        let i = w.startIndex
        return SessionIndex.IDEntry(key: w[i], place: SessionIndex.Place(location: w[i + 1], length: w[i + 2]))
    }

    private static func startEntry(_ w: ArraySlice<Int>) -> SessionIndex.StartEntry {
        let i = w.startIndex
        return SessionIndex.StartEntry(
            start: w[i], end: w[i + 1], place: SessionIndex.Place(location: w[i + 2], length: w[i + 3]))
    }

    private static func changeEntry(_ w: ArraySlice<Int>) -> SessionIndex.ChangeEntry {
        let i = w.startIndex
        return SessionIndex.ChangeEntry(
            target: w[i], id: w[i + 1], place: SessionIndex.Place(location: w[i + 2], length: w[i + 3]),
            order: w[i + 4], line: w[i + 5], flags: w[i + 6])
    }

    /// The entries of `size` words from `offset`, the first at `index`, read a page at a time while `keep` says so.
    private func scan<T>(
        _ offset: Int, size: Int, count: Int, from index: Int, _ entry: (ArraySlice<Int>) -> T,
        while keep: (T) -> Bool
    ) -> [T] {
        var found: [T] = []
        var next = index
        let page = max(1, 512 / size)
        while next < count {
            let n = min(page, count - next)
            let w = words(offset + next * size * 8, n * size)
            for k in 0..<n {
                let value = entry(w[(k * size)..<(k * size + size)])
                guard keep(value) else { return found }
                found.append(value)
            }
            next += n
        }
        return found
    }

    /// The sessions whose keys are in `keys`, at most `limit` of them (`nil` past it).
    func ids(in keys: ClosedRange<Int>, limit: Int) -> [SessionIndex.IDEntry]? {
        let first = lowerBound(keys.lowerBound, offset: idsOffset, size: 24, count: idCount)
        var found = scan(idsOffset, size: 3, count: idCount, from: first, Self.idEntry) {
            $0.key <= keys.upperBound
        }
        found += addedIDs.filter { keys.contains($0.key) }
        return found.count > limit ? nil : found
    }

    /// The change records whose target hashes to `target`.
    func changes(naming target: Int) -> [SessionIndex.ChangeEntry] {
        let first = lowerBound(target, offset: changesOffset, size: 56, count: changeCount)
        return scan(changesOffset, size: 7, count: changeCount, from: first, Self.changeEntry) { $0.target == target }
            + addedChanges.filter { $0.target == target }
    }

    /// Every change record, calling `body` with each; stops when it returns `false`.
    func forEachChange(_ body: (SessionIndex.ChangeEntry) -> Bool) {
        var going = true
        _ = scan(changesOffset, size: 7, count: changeCount, from: 0, Self.changeEntry) { change in
            going = body(change)
            return going
        }
        guard going else { return }
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

    /// The sessions whose lines start in `starts` and end after `end`, from `limit` lines at most (`nil` past it).
    func sessions(startingIn starts: Range<Int>, endingAfter end: Int, limit: Int) -> [SessionIndex.StartEntry]? {
        let first = lowerBound(starts.lowerBound, offset: startsOffset, size: 32, count: startCount)
        var scanned = 0
        let near = scan(startsOffset, size: 4, count: startCount, from: first, Self.startEntry) { entry in
            scanned += 1
            return entry.start < starts.upperBound && scanned <= limit
        }
        guard scanned <= limit else { return nil }
        return near.filter { $0.end > end } + addedStarts.filter { starts.contains($0.start) && $0.end > end }
    }

    /// The sessions whose key another session shares: the base's, and those the records name.
    func sharedIDs() -> [SessionIndex.IDEntry] {
        var shared = scan(sharedOffset, size: 3, count: sharedCount, from: 0, Self.idEntry) { _ in true }
        for entry in addedShared where !shared.contains(where: { $0.place == entry.place }) { shared.append(entry) }
        return shared
    }

    /// The whole index in memory (the base's entries and the records'), for a new base.
    func loaded() -> SessionIndex {
        var index = SessionIndex(usable: usable, files: files, longest: longest)
        let ids = words(idsOffset, idCount * 3)
        index.ids = stride(from: 0, to: ids.count, by: 3).map { Self.idEntry(ids[$0..<$0 + 3]) } + addedIDs
        let starts = words(startsOffset, startCount * 4)
        index.starts =
            stride(from: 0, to: starts.count, by: 4).map { Self.startEntry(starts[$0..<$0 + 4]) } + addedStarts
        let changes = words(changesOffset, changeCount * 7)
        index.changes =
            stride(from: 0, to: changes.count, by: 7).map { Self.changeEntry(changes[$0..<$0 + 7]) } + addedChanges
        return index
    }
}
