import FocusJournal
import FocusModels

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
/// header   magic, version, fingerprint, files, counts, tag names, section offsets
/// runs     streak runs (first day, last day)
/// index    per day: day, focused, sessions, completed, longest, offset of its detail
/// detail   per day: hour count, (hour, seconds)…, tag count, (tag index, seconds, sessions)…
/// ids      sorted 64-bit hashes of every record id, to spot a duplicate among appended lines
/// ```
struct StatsCache {
    static let magic: Int = 0x3143_5344_5355_4F46  // "FOCUSDC1"
    static let version = 2
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

    /// The day numbers a summary or a streak may name: the local dates of the journal's instants, a day either side
    /// for the zones.
    static let days = (JournalCodec.instants.lowerBound / 86_400 - 1)...(JournalCodec.instants.upperBound / 86_400 + 1)
    /// Seconds and counts a cached value may hold: 2^40, far beyond any real total and far below an overflow when
    /// the views add tens of thousands of them.
    static let quantities = 0...(1 << 40)

    static func fingerprint(days: LocalDays) -> String {
        "v\(version)|\(days.timeZone.identifier)|\(days.dayStartSeconds)"
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
        w.int(Self.magic)
        w.int(Self.version)
        w.string(fingerprint)
        w.int(files.count)
        for f in files {
            w.string(f.name)
            for v in [f.size, f.mtimeSeconds, f.mtimeNanoseconds, f.inode, f.device, f.tailHash] { w.int(v) }
        }
        w.int(sessionCount)
        w.int(changeCount)
        w.int(tagNames.count - 1)
        for name in tagNames.dropFirst() { w.string(name!) }
        w.int(runs.count)
        w.int(summaries.count)
        w.int(idHashes.count)
        let offsetsAt = w.bytes.count
        for _ in 0..<4 { w.int(0) }
        let runsOffset = w.bytes.count
        for run in runs {
            w.int(run.lowerBound)
            w.int(run.upperBound)
        }
        let indexOffset = w.bytes.count
        var detail = Writer()
        for s in summaries {
            for v in [s.day, s.focused, s.sessions, s.completed, s.longest, detail.bytes.count] { w.int(v) }
            let hours = s.hours.enumerated().filter { $0.element != 0 }
            detail.int(hours.count)
            for (hour, seconds) in hours {
                detail.int(hour)
                detail.int(seconds)
            }
            detail.int(s.tags.count)
            for t in s.tags {
                detail.int(t.tag.map { tagIndex[$0]! } ?? 0)
                detail.int(t.focused)
                detail.int(t.sessions)
            }
        }
        let detailOffset = w.bytes.count
        w.bytes += detail.bytes
        let idsOffset = w.bytes.count
        for h in idHashes { w.int(h) }
        w.set(offsetsAt, [runsOffset, indexOffset, detailOffset, idsOffset])
        return w.bytes
    }

    private struct Writer {
        var bytes: [UInt8] = []
        mutating func int(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { bytes += $0 } }
        mutating func string(_ s: String) {
            let utf8 = Array(s.utf8)
            int(utf8.count)
            bytes += utf8
            bytes += [UInt8](repeating: 0, count: (8 - utf8.count % 8) % 8)
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
final class StatsCacheFile {
    let fingerprint: String
    let files: [StatsCache.FileState]
    let sessionCount: Int
    let changeCount: Int
    private let tagNames: [String?]
    private let runCount, dayCount, idCount: Int
    private let runsOffset, indexOffset, detailOffset, idsOffset: Int
    private let base: UnsafeRawPointer
    private let length: Int

    struct Corrupt: Error {}

    /// Maps `path`; `nil` when it does not exist, is not a cache of this version, or is cut short.
    static func open(_ path: String) -> StatsCacheFile? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
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
        var files: [StatsCache.FileState] = []
        for _ in 0..<(try r.count()) {
            files.append(
                StatsCache.FileState(
                    name: try r.string(), size: try r.int(), mtimeSeconds: try r.int(), mtimeNanoseconds: try r.int(),
                    inode: try r.int(), device: try r.int(), tailHash: try r.int()))
        }
        self.files = files
        sessionCount = try r.int()
        changeCount = try r.int()
        var names: [String?] = [nil]
        for _ in 0..<(try r.count()) { names.append(try r.string()) }
        tagNames = names
        runCount = try r.count()
        dayCount = try r.count()
        idCount = try r.count()
        runsOffset = try r.int()
        indexOffset = try r.int()
        detailOffset = try r.int()
        idsOffset = try r.int()
        // Counts are at most the length and offsets within it, so the sums below cannot overflow.
        guard [runsOffset, indexOffset, detailOffset, idsOffset].allSatisfy({ (0...length).contains($0) }),
            runsOffset + runCount * 16 == indexOffset, indexOffset + dayCount * 48 == detailOffset,
            detailOffset <= idsOffset, idsOffset + idCount * 8 == length
        else { throw Corrupt() }
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), length) }

    /// The word at `offset` when it is a quantity (``StatsCache/quantities``).
    private func quantity(_ offset: Int) throws(Corrupt) -> Int {
        let value = word(offset)
        guard StatsCache.quantities.contains(value) else { throw Corrupt() }
        return value
    }

    private func word(_ offset: Int) -> Int {
        Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
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
            for _ in 0..<(try r.count()) {
                let hour = try r.int()
                let seconds = try r.int()
                guard (0..<24).contains(hour), StatsCache.quantities.contains(seconds) else { throw Corrupt() }
                s.hours[hour] = seconds
            }
            for _ in 0..<(try r.count()) {
                let tag = try r.int()
                let focused = try r.int()
                let sessions = try r.int()
                guard tagNames.indices.contains(tag), StatsCache.quantities.contains(focused),
                    StatsCache.quantities.contains(sessions)
                else { throw Corrupt() }
                s.tags.append(DaySummary.TagSum(tag: tagNames[tag], focused: focused, sessions: sessions))
            }
            out.append(s)
            i += 1
        }
        return out
    }

    var idHashes: [Int] { (0..<idCount).map { word(idsOffset + $0 * 8) } }

    func containsID(hash: Int) -> Bool {
        var low = 0
        var high = idCount
        while low < high {
            let mid = (low + high) / 2
            let v = word(idsOffset + mid * 8)
            if v == hash { return true }
            if v < hash { low = mid + 1 } else { high = mid }
        }
        return false
    }

    private struct Reader {
        let base: UnsafeRawPointer
        let length: Int
        var at = 0

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
    }
}
