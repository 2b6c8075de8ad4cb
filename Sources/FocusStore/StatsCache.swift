import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The derived stats cache, `stats-cache.bin` in the data folder: the journal's day summaries.
///
/// Derived data: deleting it changes nothing but speed. It records, for every
/// journal file it was built from, the size, modification time, inode and an
/// FNV-1a hash of the last 4 KiB read; it is used only when every file still
/// matches (or has only grown, with that tail unchanged: the new lines are then
/// folded in). It also records the zone and day start its dates were computed
/// in. Binary, little-endian 64-bit words, so a 7-day summary reads a few
/// kilobytes of it whatever the history's length:
///
/// ```
/// header   magic, version, fingerprint, files, counts, tag names, digest (tags, growth, expedition, newest
///          sessions), section offsets
/// runs     streak runs (first day, last day)
/// index    per day: day, focused, sessions, completed, longest, offset of its detail
/// detail   per day: hour count, (hour, seconds)…, tag count, (tag index, seconds, sessions)…
/// ids      sorted 64-bit hashes of every record id, to spot a duplicate among appended lines
/// prefixes sorted 64-bit hashes of the short ids (``JournalDigest/History/idLength``) of the sessions
/// records  what changed since (``StatsCacheDelta``), appended one after another
/// ```
struct StatsCache {
    static let magic: Int = 0x3143_5344_5355_4F46  // "FOCUSDC1"
    static let version = 3
    static let tailLength = 4096

    /// What a journal file looked like when the cache was built.
    struct FileState: Equatable {
        var name: String
        var size: Int
        var mtimeSeconds: Int
        var mtimeNanoseconds: Int
        var inode: Int
        var device: Int
        /// FNV-1a of the last ``tailLength`` bytes of the first `size` bytes.
        var tailHash: Int
    }

    var fingerprint: String
    var files: [FileState]
    var sessionCount: Int
    /// Change records in the journal; with any, appended lines are not folded (the full path rebuilds).
    var changeCount: Int
    var summaries: [DaySummary]
    var runs: [ClosedRange<Int>]
    /// Sorted hashes of every record id read.
    var idHashes: [Int]
    /// The tags, the expedition and the change records' targets (``JournalDigest``).
    var digest: JournalDigest
    /// Sorted hashes of the short ids of the effective sessions, to tell whether a new id makes them longer.
    var prefixHashes: [Int]

    /// The day numbers a summary or a streak may name: the local dates of the journal's instants, a day either side
    /// for the zones.
    static let days = (JournalCodec.instants.lowerBound / 86_400 - 1)...(JournalCodec.instants.upperBound / 86_400 + 1)
    /// Seconds and counts a cached value may hold: 2^40, far beyond any real total and far below an overflow when
    /// the views add tens of thousands of them.
    static let quantities = 0...(1 << 40)

    static func fingerprint(days: LocalDays) -> String {
        "v\(version)|\(days.timeZone.identifier)|\(days.dayStartSeconds)"
    }

    /// What the zone data the dates were computed with says of itself: the version line of the tzdata folder's
    /// `tzdata.zi` (`# version 2025b`: a new release can move a session's local day, in any zone) and the size and
    /// modification time of the reader's zone file there. Part of the file's key, so other zone data rebuilds it.
    static func zoneData(_ zone: Zone) -> String {
        let directory = zone.files.directory
        let index = directory + "/tzdata.zi"
        var version = "-"
        if let size = FileIO.status(index)?.size, let head = FileIO.read(index, offset: 0, count: min(64, size)) {
            version = String(decoding: head.prefix { $0 != 10 }, as: UTF8.self)
        }
        let file = zone.identifier.hasPrefix("/") ? zone.identifier : directory + "/" + zone.identifier
        let state = FileIO.status(file).map { "\($0.size).\($0.mtimeSeconds).\($0.mtimeNanoseconds)" } ?? "-"
        return version + "|" + state
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        Int(bitPattern: UInt(FNV1a.hash(bytes)))
    }

    static func hash(_ id: String) -> Int {
        var copy = id
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    // MARK: Writing

    func encoded() -> [UInt8] {
        var w = Writer()
        w.bytes.reserveCapacity(8 * (idHashes.count + prefixHashes.count + 16 * summaries.count + 4096))
        let (tagNames, tagIndex) = Self.tagTable(summaries)
        w.int(Self.magic)
        w.int(Self.version)
        w.string(fingerprint)
        w.files(files)
        w.int(sessionCount)
        w.int(changeCount)
        w.int(tagNames.count - 1)
        for name in tagNames.dropFirst() { w.string(name!) }
        // Three parts, each read only by the commands that need it: tags and change targets, expedition, history.
        w.core(JournalDigest.Core(tags: digest.tags, changeTargets: digest.changeTargets, growth: digest.growth))
        w.expedition(digest.expedition)
        w.string(digest.history?.text ?? "")
        w.int(runs.count)
        w.int(summaries.count)
        w.int(idHashes.count)
        w.int(prefixHashes.count)
        let offsetsAt = w.bytes.count
        for _ in 0..<5 { w.int(0) }
        let runsOffset = w.bytes.count
        for run in runs {
            w.int(run.lowerBound)
            w.int(run.upperBound)
        }
        let indexOffset = w.bytes.count
        var detail = Writer()
        for s in summaries {
            for v in [s.day, s.focused, s.sessions, s.completed, s.longest, detail.bytes.count] { w.int(v) }
            detail.detail(of: s, tagIndex: tagIndex)
        }
        let detailOffset = w.bytes.count
        w.bytes += detail.bytes
        let idsOffset = w.bytes.count
        w.words(idHashes)
        let prefixesOffset = w.bytes.count
        w.words(prefixHashes)
        w.set(offsetsAt, [runsOffset, indexOffset, detailOffset, idsOffset, prefixesOffset])
        return w.bytes
    }

    /// The tags the summaries name, each once (index 0 is no tag), and the index of each.
    static func tagTable(_ summaries: [DaySummary]) -> (names: [String?], index: [String: Int]) {
        var tagNames: [String?] = [nil]
        var tagIndex: [String: Int] = [:]
        for summary in summaries {
            for t in summary.tags {
                if let tag = t.tag, tagIndex[tag] == nil {
                    tagIndex[tag] = tagNames.count
                    tagNames.append(tag)
                }
            }
        }
        return (tagNames, tagIndex)
    }

    struct Writer {
        var bytes: [UInt8] = []
        mutating func int(_ v: Int) {
            var word = UInt64(bitPattern: Int64(v))
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        /// `values` as words: one copy on a little-endian machine (the ids of a million sessions).
        mutating func words(_ values: [Int]) {
            #if _endian(little)
                values.withUnsafeBytes { bytes.append(contentsOf: $0) }
            #else
                for v in values { int(v) }
            #endif
        }
        mutating func string(_ s: String) {
            let utf8 = Array(s.utf8)
            int(utf8.count)
            bytes += utf8
            bytes += [UInt8](repeating: 0, count: (8 - utf8.count % 8) % 8)
        }
        /// A date exactly, as the bits of its seconds since the epoch.
        mutating func date(_ date: Date?) {
            int(date == nil ? 0 : 1)
            int(Int(Int64(bitPattern: (date?.timeIntervalSince1970 ?? 0).bitPattern)))
        }

        /// The digest's expedition, in words: read with no JSON decoder, as every expedition command reads it.
        mutating func expedition(_ expedition: JournalDigest.Expedition?) {
            int(expedition == nil ? 0 : 1)
            guard let expedition else { return }
            string(expedition.fingerprint)
            date(expedition.lastStart.map(Date.init(timeIntervalSince1970:)))
            string(expedition.lastID ?? "")
            int(expedition.lastRun == nil ? 0 : 1)
            int(expedition.lastRun?.lowerBound ?? 0)
            int(expedition.lastRun?.upperBound ?? 0)
            let state = expedition.state
            int(state.totalMiles)
            date(state.completedAt)
            int(state.soundscapes.count)
            for soundscape in state.soundscapes { string(soundscape) }
            int(state.chapters.count)
            for chapter in state.chapters {
                string(chapter.id)
                date(chapter.unlockedAt)
                int(chapter.unlockedOn.dayNumber)
                date(chapter.stampedAt)
                int(chapter.stampedOn == nil ? 0 : 1)
                int(chapter.stampedOn?.dayNumber ?? 0)
                int(chapter.missions.count)
                for mission in chapter.missions {
                    string(mission.id)
                    int(mission.progress)
                    date(mission.completedAt)
                }
            }
        }

        /// The journal files' states.
        mutating func files(_ files: [FileState]) {
            int(files.count)
            for f in files {
                string(f.name)
                for v in [f.size, f.mtimeSeconds, f.mtimeNanoseconds, f.inode, f.device, f.tailHash] { int(v) }
            }
        }

        /// A number that may be missing.
        mutating func optional(_ value: Int?) {
            int(value == nil ? 0 : 1)
            int(value ?? 0)
        }

        mutating func double(_ value: Double) { int(Int(Int64(bitPattern: value.bitPattern))) }

        /// The digest's tags, change targets and growth, in words behind their length: read only when asked for.
        mutating func core(_ core: JournalDigest.Core) {
            var w = Writer()
            w.int(core.tags.count)
            for tag in core.tags {
                w.string(tag.tag)
                w.double(tag.start)
            }
            w.int(core.changeTargets.count)
            w.words(core.changeTargets)
            w.int(core.growth == nil ? 0 : 1)
            if let growth = core.growth {
                let t = growth.totals
                for v in [t.deepFocusMinutes, t.focused, t.deepCount, t.hoursReached.count] { w.int(v) }
                for v in [t.firstCompleted, t.firstDeep, t.tenthDeep] + t.hoursReached { w.optional(v) }
                w.int(growth.lastStart == nil ? 0 : 1)
                w.double(growth.lastStart ?? 0)
                w.int(growth.lastID == nil ? 0 : 1)
                w.string(growth.lastID ?? "")
            }
            int(w.bytes.count)
            bytes += w.bytes
        }

        /// A day's hours and tags (the tags by their index in the file's table).
        mutating func detail(of s: DaySummary, tagIndex: [String: Int]) {
            let hours = s.hours.enumerated().filter { $0.element != 0 }
            int(hours.count)
            for (hour, seconds) in hours {
                int(hour)
                int(seconds)
            }
            int(s.tags.count)
            for t in s.tags {
                int(t.tag.map { tagIndex[$0]! } ?? 0)
                int(t.focused)
                int(t.sessions)
            }
        }

        mutating func set(_ at: Int, _ values: [Int]) {
            for (i, v) in values.enumerated() {
                withUnsafeBytes(of: Int64(v).littleEndian) {
                    bytes.replaceSubrange(at + i * 8..<at + i * 8 + 8, with: $0)
                }
            }
        }
    }
}

/// A read-only view of a cache file, mapped into memory: only the pages a question touches are read.
///
/// Every number read is bounded (offsets within the file, days in ``StatsCache/days``, seconds and counts in
/// ``StatsCache/quantities``, days and streak runs in order); a file that breaks a bound is `Corrupt`, and the
/// caller rebuilds it from the journal, so no cache file can make a command trap.
///
/// The base (what ``StatsCache/encoded()`` wrote) may be followed by records of what changed since
/// (``StatsCacheDelta``): each framed by a magic word and its length, and ended by an FNV-1a checksum of its
/// bytes. The last whole record with a good checksum is ``delta``; bytes after it that are no whole record (a
/// fold killed mid-write) are ``hasTrailingBytes``, and the next fold rewrites the file instead of appending.
final class StatsCacheFile {
    let fingerprint: String
    let files: [StatsCache.FileState]
    let sessionCount: Int
    let changeCount: Int
    private let tagNames: [String?]
    private let coreOffset: Int
    private let historyText: String
    private let expeditionPart: JournalDigest.Expedition?
    private let runCount, dayCount, idCount, prefixCount: Int
    private let runsOffset, indexOffset, detailOffset, idsOffset, prefixesOffset: Int
    private let base: UnsafeRawPointer
    /// The bytes mapped: the base, then the records.
    let length: Int
    /// Where the base ends and the records begin.
    let baseLength: Int
    /// What the last whole record says changed since the base; `nil` with none.
    let delta: StatsCacheDelta?
    /// Whether bytes that are no whole record follow the last one.
    let hasTrailingBytes: Bool

    struct Corrupt: Error {}

    /// Maps `path`; `nil` when it does not exist, is not a cache of this version, or is cut short.
    static func open(_ path: String) -> StatsCacheFile? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return map(fd)
    }

    /// `path` opened for a fold, under an exclusive `flock` of the file (one folding process at a time; readers
    /// take none), mapped as it is once the lock is held; `nil` when it cannot be opened for writing, or another
    /// process held the lock for a second. ``release()`` (or the end of the object) lets the lock go.
    static func openLocked(_ path: String) -> StatsCacheFile? {
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

    /// The descriptor ``openLocked(_:)`` holds the lock with; -1 once released (or for ``open(_:)``).
    private var lockedFD: Int32 = -1

    /// Lets go of the lock ``openLocked(_:)`` took.
    func release() {
        guard lockedFD >= 0 else { return }
        close(lockedFD)
        lockedFD = -1
    }

    /// Appends `record` (``StatsCacheDelta/record()``) at the end of the file, while ``openLocked(_:)``'s lock is
    /// held; whether all of it was written.
    ///
    /// No `fsync`: a record lost or cut short by a crash fails its checksum and is not read; the one before it
    /// describes an earlier journal, which the next command folds again.
    func append(_ record: [UInt8]) -> Bool {
        guard lockedFD >= 0 else { return false }
        return record.withUnsafeBytes { pwrite(lockedFD, $0.baseAddress, $0.count, off_t(length)) } == record.count
    }

    private static func map(_ fd: Int32) -> StatsCacheFile? {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size >= 16 else { return nil }
        let length = Int(st.st_size)
        guard let map = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return nil }
        do {
            return try StatsCacheFile(base: UnsafeRawPointer(map), length: length)
        } catch {
            munmap(map, length)
            return nil
        }
    }

    private init(base: UnsafeRawPointer, length: Int) throws(Corrupt) {
        self.base = base
        self.length = length
        var r = Reader(base: base, length: length)
        guard try r.int() == StatsCache.magic, try r.int() == StatsCache.version else { throw Corrupt() }
        fingerprint = try r.string()
        files = try r.files()
        sessionCount = try r.int()
        changeCount = try r.int()
        var names: [String?] = [nil]
        for _ in 0..<(try r.count()) { names.append(try r.string()) }
        tagNames = names
        coreOffset = r.at
        try r.skipCore()
        expeditionPart = try r.expedition()
        historyText = try r.string()
        runCount = try r.count()
        dayCount = try r.count()
        idCount = try r.count()
        prefixCount = try r.count()
        runsOffset = try r.int()
        indexOffset = try r.int()
        detailOffset = try r.int()
        idsOffset = try r.int()
        prefixesOffset = try r.int()
        // Counts are at most the length and offsets within it, so the sums below cannot overflow.
        guard
            [runsOffset, indexOffset, detailOffset, idsOffset, prefixesOffset].allSatisfy({ (0...length).contains($0) }
            ),
            runsOffset + runCount * 16 == indexOffset, indexOffset + dayCount * 48 == detailOffset,
            detailOffset <= idsOffset, idsOffset + idCount * 8 == prefixesOffset,
            prefixesOffset + prefixCount * 8 <= length
        else { throw Corrupt() }
        baseLength = prefixesOffset + prefixCount * 8
        // The records: each whole one's place; the last with a good checksum is the one read.
        var records: [Range<Int>] = []
        var at = baseLength
        while length - at >= 24,
            Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: Int64.self)))
                == StatsCacheDelta.magic
        {
            let size = Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: at + 8, as: Int64.self)))
            guard size >= 0, size % 8 == 0, size <= length - at - 24 else { break }
            records.append(at + 16..<at + 16 + size)
            at += 24 + size
        }
        hasTrailingBytes = at != length
        var delta: StatsCacheDelta?
        for payload in records.reversed() {
            let bytes = UnsafeRawBufferPointer(start: base + payload.lowerBound, count: payload.count)
            let sum = Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: payload.upperBound, as: Int64.self)))
            guard StatsCache.hash(bytes) == sum else { continue }
            // A record with a good checksum that breaks a bound is damage no crash leaves: rebuilt.
            delta = try StatsCacheDelta(Reader(base: base + payload.lowerBound, length: payload.count))
            break
        }
        self.delta = delta
    }

    deinit {
        release()
        munmap(UnsafeMutableRawPointer(mutating: base), length)
    }

    /// The word at `offset` when it is a quantity (``StatsCache/quantities``).
    private func quantity(_ offset: Int) throws(Corrupt) -> Int {
        let value = word(offset)
        guard StatsCache.quantities.contains(value) else { throw Corrupt() }
        return value
    }

    private func word(_ offset: Int) -> Int {
        Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
    }

    /// The tags, the expedition and the change targets; `Corrupt` when they cannot be read.
    func digest() throws(Corrupt) -> JournalDigest {
        JournalDigest(core: try digestCore(), history: try history(), expedition: try expedition())
    }

    /// The tags and change targets of the digest.
    func digestCore() throws(Corrupt) -> JournalDigest.Core {
        var r = Reader(base: base, length: length, at: coreOffset)
        return try r.core()
    }

    /// The digest's expedition, `nil` when it has none.
    func expedition() throws(Corrupt) -> JournalDigest.Expedition? {
        guard let expedition = expeditionPart else { return nil }
        guard
            expedition.lastRun.map({
                StatsCache.days.contains($0.lowerBound) && StatsCache.days.contains($0.upperBound)
            }) ?? true
        else { throw Corrupt() }
        return expedition
    }

    /// Whether every total and day is one the journal can give (``StatsCache/quantities``, ``StatsCache/days``),
    /// so folding a session into them can never overflow.
    static func isWithinBounds(_ totals: GrowthTotals) -> Bool {
        let days = [totals.firstCompleted, totals.firstDeep, totals.tenthDeep] + totals.hoursReached
        return StatsCache.quantities.contains(totals.focused) && StatsCache.quantities.contains(totals.deepCount)
            && (1...1440).contains(totals.deepFocusMinutes) && totals.hoursReached.count == 3
            && days.allSatisfy { $0.map(StatsCache.days.contains) ?? true }
    }

    /// The length of the short ids of the digest's newest sessions, without reading them; `nil` when it has none.
    var historyIDLength: Int? { Int(historyText.prefix { $0 != "\n" }) }

    /// The digest's newest sessions, `nil` when it has none.
    func history() throws(Corrupt) -> JournalDigest.History? {
        guard !historyText.isEmpty else { return nil }
        guard let history = JournalDigest.History(text: historyText) else { throw Corrupt() }
        return history
    }

    /// The streak runs, in order and in range.
    func streakRuns() throws(Corrupt) -> [ClosedRange<Int>] {
        var previous = Int.min
        return try (0..<runCount).map { i throws(Corrupt) in
            let low = word(runsOffset + i * 16)
            let high = word(runsOffset + i * 16 + 8)
            guard StatsCache.days.contains(low), StatsCache.days.contains(high), low <= high, low > previous else {
                throw Corrupt()
            }
            previous = high
            return low...high
        }
    }

    var span: ClosedRange<Int>? {
        guard dayCount > 0 else { return nil }
        let low = word(indexOffset)
        let high = word(indexOffset + (dayCount - 1) * 48)
        return low <= high && StatsCache.days.contains(low) && StatsCache.days.contains(high) ? low...high : nil
    }

    /// The summaries of the days in `window` (all of them when `nil`).
    func summaries(in window: ClosedRange<Int>? = nil) throws(Corrupt) -> [DaySummary] {
        var low = 0
        var high = dayCount
        if let window {
            while low < high {
                let mid = (low + high) / 2
                if word(indexOffset + mid * 48) < window.lowerBound { low = mid + 1 } else { high = mid }
            }
        }
        var out: [DaySummary] = []
        var i = low
        while i < dayCount {
            let at = indexOffset + i * 48
            let day = word(at)
            if let window, day > window.upperBound { break }
            // Days in order and in range (and in the window), or the search above could not be trusted.
            guard StatsCache.days.contains(day), day > (out.last?.day ?? Int.min),
                window.map({ day >= $0.lowerBound }) ?? true
            else { throw Corrupt() }
            var s = DaySummary(day: day)
            s.focused = try quantity(at + 8)
            s.sessions = try quantity(at + 16)
            s.completed = try quantity(at + 24)
            s.longest = try quantity(at + 32)
            let detail = word(at + 40)
            guard (0...(idsOffset - detailOffset)).contains(detail) else { throw Corrupt() }
            var r = Reader(base: base, length: idsOffset, at: detailOffset + detail)
            try r.detail(into: &s, tagNames: tagNames)
            out.append(s)
            i += 1
        }
        return out
    }

    var idHashes: [Int] { words(at: idsOffset, count: idCount) }
    var prefixHashes: [Int] { words(at: prefixesOffset, count: prefixCount) }

    private func words(at offset: Int, count: Int) -> [Int] {
        #if _endian(little)
            [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(start: base + offset, count: count * 8))
                initialized = count
            }
        #else
            (0..<count).map { word(offset + $0 * 8) }
        #endif
    }

    func containsID(hash: Int) -> Bool { contains(hash, at: idsOffset, count: idCount) }

    func containsPrefix(hash: Int) -> Bool { contains(hash, at: prefixesOffset, count: prefixCount) }

    /// Whether the sorted words at `offset` hold `hash` (a binary search).
    private func contains(_ hash: Int, at offset: Int, count: Int) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            let v = word(offset + mid * 8)
            if v == hash { return true }
            if v < hash { low = mid + 1 } else { high = mid }
        }
        return false
    }

    struct Reader {
        let base: UnsafeRawPointer
        let length: Int
        var at = 0

        /// ``StatsCache/Writer/detail(of:tagIndex:)`` read back into `s`, every number bounded.
        mutating func detail(into s: inout DaySummary, tagNames: [String?]) throws(Corrupt) {
            for _ in 0..<(try count()) {
                let hour = try int()
                let seconds = try int()
                guard (0..<24).contains(hour), StatsCache.quantities.contains(seconds) else { throw Corrupt() }
                s.hours[hour] = seconds
            }
            for _ in 0..<(try count()) {
                let tag = try int()
                let focused = try int()
                let sessions = try int()
                guard tagNames.indices.contains(tag), StatsCache.quantities.contains(focused),
                    StatsCache.quantities.contains(sessions)
                else { throw Corrupt() }
                s.tags.append(DaySummary.TagSum(tag: tagNames[tag], focused: focused, sessions: sessions))
            }
        }

        mutating func int() throws(Corrupt) -> Int {
            guard at >= 0, at <= length - 8 else { throw Corrupt() }
            defer { at += 8 }
            return Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: Int64.self)))
        }

        mutating func count() throws(Corrupt) -> Int {
            let n = try int()
            guard n >= 0, n <= length else { throw Corrupt() }
            return n
        }

        mutating func string() throws(Corrupt) -> String {
            let n = try count()
            guard n <= length - at else { throw Corrupt() }
            let s = String(decoding: UnsafeRawBufferPointer(start: base + at, count: n), as: UTF8.self)
            at += n + (8 - n % 8) % 8
            return s
        }

        /// ``StatsCache/Writer/files(_:)`` read back.
        mutating func files() throws(Corrupt) -> [StatsCache.FileState] {
            var files: [StatsCache.FileState] = []
            for _ in 0..<(try count()) {
                files.append(
                    StatsCache.FileState(
                        name: try string(), size: try int(), mtimeSeconds: try int(), mtimeNanoseconds: try int(),
                        inode: try int(), device: try int(), tailHash: try int()))
            }
            return files
        }

        /// Past ``StatsCache/Writer/core(_:)``'s bytes.
        mutating func skipCore() throws(Corrupt) {
            let n = try count()
            guard n <= length - at else { throw Corrupt() }
            at += n
        }

        /// ``StatsCache/Writer/core(_:)`` read back: tags and their starts finite, targets sorted, totals bounded.
        mutating func core() throws(Corrupt) -> JournalDigest.Core {
            let size = try count()
            guard size <= length - at else { throw Corrupt() }
            var r = Reader(base: base, length: at + size, at: at)
            var tags: [JournalDigest.TagUse] = []
            for _ in 0..<(try r.count()) {
                let tag = try r.string()
                let start = try r.double()
                guard start.isFinite else { throw Corrupt() }
                tags.append(JournalDigest.TagUse(tag: tag, start: start))
            }
            let targets = try r.sortedWords(allowingRepeats: true)
            var growth: JournalDigest.Growth?
            if try r.flag() {
                let deepFocusMinutes = try r.int()
                let focused = try r.int()
                let deepCount = try r.int()
                let hours = try r.count()
                guard hours == 3 else { throw Corrupt() }
                let firstCompleted = try r.optional()
                let firstDeep = try r.optional()
                let tenthDeep = try r.optional()
                let reached = [try r.optional(), try r.optional(), try r.optional()]
                let totals = GrowthTotals(
                    deepFocusMinutes: deepFocusMinutes, focused: focused, firstCompleted: firstCompleted,
                    deepCount: deepCount, firstDeep: firstDeep, tenthDeep: tenthDeep, hoursReached: reached)
                guard StatsCacheFile.isWithinBounds(totals) else { throw Corrupt() }
                let hasStart = try r.flag()
                let start = try r.double()
                guard start.isFinite else { throw Corrupt() }
                let hasID = try r.flag()
                let id = try r.string()
                growth = JournalDigest.Growth(
                    totals: totals, lastStart: hasStart ? start : nil, lastID: hasID ? id : nil)
            }
            at += size
            return JournalDigest.Core(tags: tags, changeTargets: targets, growth: growth)
        }

        mutating func optional() throws(Corrupt) -> Int? {
            let present = try flag()
            let value = try int()
            return present ? value : nil
        }

        mutating func double() throws(Corrupt) -> Double { Double(bitPattern: UInt64(bitPattern: Int64(try int()))) }

        mutating func flag() throws(Corrupt) -> Bool {
            switch try int() {
            case 0: return false
            case 1: return true
            default: throw Corrupt()
            }
        }

        mutating func date() throws(Corrupt) -> Date? {
            let present = try flag()
            let seconds = Double(bitPattern: UInt64(bitPattern: Int64(try int())))
            // Whole seconds of the journal's instants only, as the checkpoint's bounds ask.
            guard present else { return nil }
            guard seconds.isFinite, seconds == seconds.rounded(.down),
                JournalCodec.instants.contains(Int(seconds))
            else { throw Corrupt() }
            return Date(timeIntervalSince1970: seconds)
        }

        mutating func day() throws(Corrupt) -> CivilDate {
            let day = try int()
            guard StatsCache.days.contains(day) else { throw Corrupt() }
            return CivilDate(dayNumber: day)
        }

        /// ``Writer/expedition(_:)`` read back; counts and days bounded (the route's bounds are the caller's).
        mutating func expedition() throws(Corrupt) -> JournalDigest.Expedition? {
            guard try flag() else { return nil }
            let fingerprint = try string()
            let lastStart = try date()?.timeIntervalSince1970
            let lastID = try string()
            let hasRun = try flag()
            let low = try int()
            let high = try int()
            guard !hasRun || (StatsCache.days.contains(low) && StatsCache.days.contains(high) && low <= high) else {
                throw Corrupt()
            }
            var state = ExpeditionState(totalMiles: try int(), completedAt: try date())
            guard StatsCache.quantities.contains(state.totalMiles) else { throw Corrupt() }
            for _ in 0..<(try count()) { state.soundscapes.append(try string()) }
            for _ in 0..<(try count()) {
                let id = try string()
                guard let unlockedAt = try date() else { throw Corrupt() }
                var chapter = ExpeditionChapterState(
                    id: id, unlockedAt: unlockedAt, unlockedOn: try day(), missions: [])
                chapter.stampedAt = try date()
                let stamped = try flag()
                let stampedOn = try int()
                if stamped {
                    guard StatsCache.days.contains(stampedOn) else { throw Corrupt() }
                    chapter.stampedOn = CivilDate(dayNumber: stampedOn)
                }
                for _ in 0..<(try count()) {
                    let mission = try string()
                    let progress = try int()
                    guard StatsCache.quantities.contains(progress) else { throw Corrupt() }
                    chapter.missions.append(
                        ExpeditionMissionState(id: mission, progress: progress, completedAt: try date()))
                }
                state.chapters.append(chapter)
            }
            return JournalDigest.Expedition(
                fingerprint: fingerprint, state: state, lastStart: lastStart, lastID: lastID.isEmpty ? nil : lastID,
                lastRun: hasRun ? low...high : nil)
        }
    }
}
