import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
    /// Where the day summaries' tag names are, and how many: read when a summary is.
    private let tagNamesOffset, tagNameCount: Int
    private let coreOffset: Int
    /// Where the newest sessions are (``JournalDigest/History/text``): read only by the commands that show them.
    private let historyBytes: Range<Int>
    /// Where the base's expedition lies in the file, as ``StatsCache/Writer/expedition(_:)`` wrote it: read only by the
    /// commands that show it.
    private let expeditionBytes: Range<Int>
    private let runCount, dayCount, idCount, prefixCount: Int
    /// Where the streak marks are (``StatsCache/Writer/streakMarks(_:)``), and how many.
    private let streakMarksOffset, streakMarkCount: Int
    private let runsOffset, indexOffset, detailOffset, idsOffset, prefixesOffset: Int
    let base: UnsafeRawPointer
    /// The section of the tags' and devices' streak runs (``FilterStreaks``): where it starts, its length, its keys.
    let filtersOffset, filterLength, filterKeyCount: Int
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
    ///
    /// When the file is still the one `mapped` maps (same inode and length: a fold only appends to the file or
    /// replaces it, and the mapping keeps the inode from being reused), `mapped` itself is returned.
    static func open(_ path: String, reusing mapped: StatsCacheFile? = nil) -> StatsCacheFile? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if let mapped, mapped.maps(fd) { return mapped }
        return map(fd)
    }

    /// Whether the file open at `fd` is the one mapped, as it was mapped (same inode and length).
    private func maps(_ fd: Int32) -> Bool {
        var st = stat()
        return fstat(fd, &st) == 0 && st.st_ino == inode && st.st_dev == device && Int(st.st_size) == length
    }

    /// `path` opened for a fold, under an exclusive `flock` of the file (one folding process at a time; readers
    /// take none), mapped as it is once the lock is held; `nil` when it cannot be opened for writing, or another
    /// process held the lock for a second. ``release()`` (or the end of the object) lets the lock go.
    ///
    /// When the file is still the one `mapped` maps (same inode and length: a fold only appends to the file or
    /// replaces it), `mapped` itself is returned, holding the lock: what was read from it need not be read again.
    static func openLocked(_ path: String, reusing mapped: StatsCacheFile? = nil) -> StatsCacheFile? {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        guard FileLock.waitForLock(fd, seconds: 1) else {
            close(fd)
            return nil
        }
        if let mapped, mapped.lockedFD < 0, mapped.maps(fd) {
            mapped.lockedFD = fd
            return mapped
        }
        guard let file = map(fd) else {
            close(fd)
            return nil
        }
        file.lockedFD = fd
        return file
    }

    /// The descriptor ``openLocked(_:reusing:)`` holds the lock with; -1 once released (or for ``open(_:)``).
    private var lockedFD: Int32 = -1
    /// The file mapped, as `fstat` gave it.
    private var inode = ino_t(0)
    private var device = dev_t(0)

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
            let file = try StatsCacheFile(base: UnsafeRawPointer(map), length: length)
            file.inode = st.st_ino
            file.device = st.st_dev
            return file
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
        tagNameCount = try r.count()
        tagNamesOffset = r.at
        for _ in 0..<tagNameCount { try r.skipString() }
        coreOffset = r.at
        _ = try r.skipSection()
        expeditionBytes = try r.skipSection()
        historyBytes = try r.stringBytes()
        runCount = try r.count()
        dayCount = try r.count()
        idCount = try r.count()
        prefixCount = try r.count()
        streakMarkCount = try r.count()
        streakMarksOffset = r.at
        for _ in 0..<2 * streakMarkCount { _ = try r.int() }
        runsOffset = try r.int()
        indexOffset = try r.int()
        detailOffset = try r.int()
        idsOffset = try r.int()
        prefixesOffset = try r.int()
        filtersOffset = try r.int()
        // Counts are at most the length and offsets within it, so the sums below cannot overflow.
        guard
            [runsOffset, indexOffset, detailOffset, idsOffset, prefixesOffset].allSatisfy({ (0...length).contains($0) }
            ),
            runsOffset + runCount * 16 == indexOffset, indexOffset + dayCount * 48 == detailOffset,
            detailOffset <= idsOffset, idsOffset + idCount * 8 == prefixesOffset,
            prefixesOffset + prefixCount * 8 == filtersOffset, filtersOffset <= length - 8
        else { throw Corrupt() }
        filterKeyCount = Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: filtersOffset, as: Int64.self)))
        guard filterKeyCount >= 0, filterKeyCount <= (length - filtersOffset - 8) / 16 else { throw Corrupt() }
        // The entries end where the last one's runs do (none: the table's end).
        var end = 8 + 16 * filterKeyCount
        if filterKeyCount > 0 {
            var r = Reader(base: base + filtersOffset, length: length - filtersOffset)
            r.at = Int(
                Int64(
                    littleEndian: base.loadUnaligned(
                        fromByteOffset: filtersOffset + 8 + 16 * (filterKeyCount - 1) + 8, as: Int64.self)))
            guard r.at >= end else { throw Corrupt() }
            _ = try r.string()
            let runs = try r.count()
            guard runs <= (length - filtersOffset - r.at) / 16 else { throw Corrupt() }
            end = r.at + 16 * runs
        }
        filterLength = end
        baseLength = filtersOffset + end
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

    func word(_ offset: Int) -> Int {
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

    /// The summaries' tag names (index 0 is no tag).
    private lazy var tagNames: [String?] = {
        var r = Reader(base: base, length: length, at: tagNamesOffset)
        var names: [String?] = [nil]
        // The count and the strings were stepped over when the file was opened: they can be read.
        for _ in 0..<tagNameCount { names.append(try? r.string()) }
        return names
    }()

    /// The digest's expedition, `nil` when it has none.
    func expedition() throws(Corrupt) -> JournalDigest.Expedition? {
        var r = Reader(base: base, length: length, at: expeditionBytes.lowerBound)
        guard let expedition = try r.expedition() else { return nil }
        guard
            expedition.lastRun.map({
                StatsCache.days.contains($0.lowerBound) && StatsCache.days.contains($0.upperBound)
            }) ?? true
        else { throw Corrupt() }
        return expedition
    }

    /// The bytes ``expedition()`` reads, `nil` when it cannot read them: what writing it again would write, copied.
    func encodedExpedition() -> [UInt8]? {
        guard (try? expedition()) != nil else { return nil }
        return [UInt8](
            UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(start: base, count: length)[expeditionBytes]))
    }

    /// Whether every total and day is one the journal can give (``StatsCache/quantities``, ``StatsCache/days``),
    /// with a session that set each day set and none for the others, so folding a session into them can never
    /// overflow.
    static func isWithinBounds(_ totals: GrowthTotals) -> Bool {
        let days = [totals.firstCompleted, totals.firstDeep, totals.tenthDeep] + totals.hoursReached
        return StatsCache.quantities.contains(totals.focused) && StatsCache.quantities.contains(totals.deepCount)
            && (1...1440).contains(totals.deepFocusMinutes) && totals.hoursReached.count == 3
            && days.allSatisfy { $0.map(StatsCache.days.contains) ?? true } && totals.setters.count == days.count
            && zip(days, totals.setters).allSatisfy { day, setter in
                guard let setter else { return day == nil }
                return day != nil && setter.start.isFinite && StatsCache.quantities.contains(setter.focused)
                    && StatsCache.quantities.contains(setter.focusedBefore)
            }
    }

    /// The bytes of the digest's newest sessions (``JournalDigest/History/text``), in the file.
    private var historyText: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: base.assumingMemoryBound(to: UInt8.self) + historyBytes.lowerBound, count: historyBytes.count)
    }

    /// The length of the short ids of the digest's newest sessions, without reading them; `nil` when it has none.
    var historyIDLength: Int? {
        let text = historyText
        return Int(String(decoding: text[..<(text.firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex)], as: UTF8.self))
    }

    /// The oldest of the digest's newest sessions, read alone (the text's last line): a change to a session older
    /// than all of them leaves them as they are, told without reading them all. `nil` when it has none.
    var historyOldest: FocusLog? {
        let bytes = historyText
        guard bytes.last == UInt8(ascii: "\n") else { return nil }
        let end = bytes.index(before: bytes.endIndex)
        guard let lineBreak = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) else { return nil }
        // An array: the codec's generic entry copies any other collection byte by byte.
        return try? JournalCodec.decode(Array(bytes[bytes.index(after: lineBreak)..<end]))
    }

    /// Whether the digest's newest sessions may hold the session `id` (``JSONTextSearch/mayHold(_:in:)``).
    func historyMayHold(id: String) -> Bool { JSONTextSearch.mayHold(id, in: historyText) }

    /// The digest's newest sessions (the newest `limit` of them), `nil` when it has none.
    func history(limit: Int = .max) throws(Corrupt) -> JournalDigest.History? {
        guard !historyText.isEmpty else { return nil }
        guard let history = JournalDigest.History(bytes: historyText, limit: limit) else { throw Corrupt() }
        return history
    }

    /// The streak runs, in order and in range.
    func streakRuns() throws(Corrupt) -> [ClosedRange<Int>] { try runs(at: runsOffset, count: runCount) }

    /// The streak runs from the one before the first that ends on `day` or later (that one checks their order).
    func streakRuns(endingFrom day: Int) throws(Corrupt) -> [ClosedRange<Int>] {
        try runs(at: runsOffset, count: runCount, endingFrom: day)
    }

    /// The `count` runs (first day, last day) at `offset`, from the one before the first that ends on `day` or later
    /// (found by a binary search; that one checks their order), each in range and after the one before.
    func runs(at offset: Int, count: Int, endingFrom day: Int = Int.min) throws(Corrupt) -> [ClosedRange<Int>] {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if word(offset + mid * 16 + 8) < day { low = mid + 1 } else { high = mid }
        }
        var previous = Int.min
        return try (max(0, low - 1)..<count).map { i throws(Corrupt) in
            let low = word(offset + i * 16)
            let high = word(offset + i * 16 + 8)
            guard StatsCache.days.contains(low), StatsCache.days.contains(high), low <= high, low > previous else {
                throw Corrupt()
            }
            previous = high
            return low...high
        }
    }

    /// The run marked for `length` (``StatsCache/Writer/streakMarks(_:)``: 0 for the latest of the longest), `nil`
    /// when no run is that long; `Corrupt` when the file keeps no mark for `length` or the mark is out of bounds.
    func streakMark(_ length: Int) throws(Corrupt) -> ClosedRange<Int>? {
        for i in 0..<streakMarkCount where word(streakMarksOffset + 16 * i) == length {
            let index = word(streakMarksOffset + 16 * i + 8)
            guard index != -1 else { return nil }
            guard (0..<runCount).contains(index) else { throw Corrupt() }
            let low = word(runsOffset + 16 * index)
            let high = word(runsOffset + 16 * index + 8)
            guard StatsCache.days.contains(low), StatsCache.days.contains(high), low <= high else { throw Corrupt() }
            return low...high
        }
        throw Corrupt()
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
}
