import FocusJournal
import FocusModels

/// What changed in the journal since a stats cache's base was written: one record appended to the cache file
/// (``StatsCacheFile``) by each fold, so a session recorded costs a few kilobytes written, not the whole file.
///
/// Each record holds everything that differs from the base, not from the record before it, so a reader needs the
/// last one only, and a record lost to a crash leaves the one before it, which describes an earlier journal.
/// ``DerivedJournal`` lays it over the base. Past ``limit(baseLength:)`` the next fold writes a new base instead.
///
/// ```
/// files      the journal files' states (``StatsCache/FileState``), as in the base
/// counts     sessions, change records
/// digest     the tags, change targets and growth, the expedition (words), the sessions added since the
///            base that may be among the newest (``JournalDigest/History/text``, empty: the history is rebuilt),
///            the sessions the expedition and growth do not hold yet (journal lines)
/// runs       the first day from which runs differ, and the runs that end on it or later
/// days       the day summaries that differ, with their own tag table
/// ids        sorted hashes of the ids added, and of their short ids
/// filters    the tags' and devices' streak runs that differ (``FilterStreaks/Change``), by key
/// ```
struct StatsCacheDelta {
    static let magic: Int = 0x3144_4453_5543_4F46  // "FOCUSDD1"

    var files: [StatsCache.FileState]
    var sessionCount: Int
    var changeCount: Int
    /// The tags, change targets and growth: as folded, or read from the record's bytes when asked for (a record read
    /// back holds only those: most commands never ask); `nil` when they cannot be read.
    var core: JournalDigest.Core? { encodedCore.map(Self.core(from:)) ?? foldedCore }
    private var foldedCore: JournalDigest.Core?
    private var encodedCore: [UInt8]?
    /// The expedition: as folded, or read from ``encodedExpedition`` when asked for (a record read back holds only
    /// its bytes); `nil` when it has none or it cannot be read.
    var expedition: JournalDigest.Expedition? {
        isRead ? encodedExpedition.flatMap(Self.expedition(from:)) : foldedExpedition
    }
    private var foldedExpedition: JournalDigest.Expedition?
    /// Whether this is a record read back from a file (its core and expedition are read from their bytes).
    private var isRead = false
    /// ``expedition`` as a record or the base holds it, when it is the one read (a fold that did not change it):
    /// copied into the record instead of written again.
    var encodedExpedition: [UInt8]?
    /// The sessions added since the base, newest first, at most ``JournalDigest/History/kept``, and the length of
    /// the short ids; `nil` when the base's history no longer holds (``JournalDigest/folding``), or the text a record
    /// read back holds cannot be read.
    var history: JournalDigest.History? {
        get { readHistory.map(\.history) ?? foldedHistory }
        set {
            readHistory = nil
            foldedHistory = newValue
        }
    }
    private var foldedHistory: JournalDigest.History?
    /// A record's ``history`` as read back: read from its text when first asked for (only `log` and the folds ask).
    private var readHistory: ReadHistory?

    /// ``JournalDigest/History/text`` read back when first asked for, once.
    final class ReadHistory {
        let text: [UInt8]
        init(text: [UInt8]) { self.text = text }
        private(set) lazy var history: JournalDigest.History? = text.withUnsafeBufferPointer {
            JournalDigest.History(bytes: $0)
        }
    }
    /// Base runs ending before this day hold as they are; ``runs`` replaces the others. `Int.max`: none replaced.
    var runsFrom = Int.max
    var runs: [ClosedRange<Int>] = []
    /// Sorted by day: each replaces the base's summary of its day.
    var days: [DaySummary] = []
    /// Sessions added since the base, in start order, that ``expedition`` and the growth totals do not hold yet: only
    /// the commands that show those fold them (``AppStore/derivedJournal(days:definitions:)``), so the others never
    /// read the expedition's route.
    var pending: [FocusLog] = []
    /// Sorted ``StatsCache/hash(_:)`` of the record ids added since the base.
    var ids: [Int] = []
    /// Sorted ``JournalDigest/prefixHash(_:length:)`` of the sessions added since the base.
    var prefixes: [Int] = []
    /// The tags' and devices' streak runs that differ from the base's, sorted by key.
    var filters: [FilterStreaks.Change] = []

    init(
        files: [StatsCache.FileState], sessionCount: Int, changeCount: Int, core: JournalDigest.Core,
        expedition: JournalDigest.Expedition?, history: JournalDigest.History?
    ) {
        self.files = files
        self.sessionCount = sessionCount
        self.changeCount = changeCount
        foldedCore = core
        foldedExpedition = expedition
        self.history = history
    }

    /// ``StatsCache/Writer/core(_:)``'s bytes read back; `nil` when they cannot be.
    private static func core(from bytes: [UInt8]) -> JournalDigest.Core? {
        bytes.withUnsafeBytes { bytes in
            var r = StatsCacheFile.Reader(base: bytes.baseAddress!, length: bytes.count)
            return try? r.core()
        }
    }

    /// ``StatsCache/Writer/expedition(_:)``'s bytes read back; `nil` when they cannot be.
    private static func expedition(from bytes: [UInt8]) -> JournalDigest.Expedition? {
        bytes.withUnsafeBytes { bytes in
            var r = StatsCacheFile.Reader(base: bytes.baseAddress!, length: bytes.count)
            return (try? r.expedition()) ?? nil
        }
    }

    /// The most bytes of records a file of `baseLength` bytes takes before a fold writes a new base: a quarter of
    /// the base, at least 256 KiB, so a rewrite comes once in dozens of sessions and reading stays cheap.
    static func limit(baseLength: Int) -> Int { max(1 << 18, baseLength / 4) }

    /// The record as appended: magic, length, the fields, checksum.
    func record() -> [UInt8] {
        var w = StatsCache.Writer()
        w.files(files)
        w.int(sessionCount)
        w.int(changeCount)
        if let encodedCore { w.bytes += encodedCore } else if let foldedCore { w.core(foldedCore) }
        if let encodedExpedition { w.bytes += encodedExpedition } else { w.expedition(expedition) }
        w.string(history?.text ?? "")
        var lines = ""
        for log in pending { lines += JournalCodec.encode(log) + "\n" }
        w.string(lines)
        w.int(runsFrom)
        w.int(runs.count)
        for run in runs {
            w.int(run.lowerBound)
            w.int(run.upperBound)
        }
        let (tagNames, tagIndex) = StatsCache.tagTable(days)
        w.int(tagNames.count - 1)
        for name in tagNames.dropFirst() { w.string(name!) }
        w.int(days.count)
        for s in days {
            for v in [s.day, s.focused, s.sessions, s.completed, s.longest] { w.int(v) }
            w.detail(of: s, tagIndex: tagIndex)
        }
        w.int(ids.count)
        w.words(ids)
        w.int(prefixes.count)
        w.words(prefixes)
        w.filterChanges(filters)
        var record = StatsCache.Writer()
        record.int(Self.magic)
        record.int(w.bytes.count)
        record.bytes += w.bytes
        record.int(w.bytes.withUnsafeBytes(StatsCache.hash))
        return record.bytes
    }

    /// ``record()``'s fields read back, every number bounded (as the base's are).
    init(_ reader: StatsCacheFile.Reader) throws(StatsCacheFile.Corrupt) {
        var r = reader
        files = try r.files()
        // Counts of the whole journal: bounded as quantities, not by the record's length.
        sessionCount = try r.quantity()
        changeCount = try r.quantity()
        isRead = true
        // The core and the expedition are stepped over, their bytes kept: read only when asked for.
        encodedCore = r.bytes(in: try r.skipSection())
        encodedExpedition = r.bytes(in: try r.skipSection())
        let historyText = try r.stringBytes()
        if !historyText.isEmpty { readHistory = ReadHistory(text: r.bytes(in: historyText)) }
        var records: [JournalRecord] = []
        var lines: [Int] = []
        var problems: [JournalIssue] = []
        JournalReader.parse(Array(try r.string().utf8), file: "", into: &records, lines: &lines, issues: &problems)
        guard problems.isEmpty else { throw StatsCacheFile.Corrupt() }
        for record in records {
            guard case .session(let log) = record else { throw StatsCacheFile.Corrupt() }
            pending.append(log)
        }
        runsFrom = try r.int()
        guard runsFrom == Int.max || StatsCache.days.contains(runsFrom) else { throw StatsCacheFile.Corrupt() }
        var previous = Int.min
        for _ in 0..<(try r.count()) {
            let low = try r.int()
            let high = try r.int()
            guard StatsCache.days.contains(low), StatsCache.days.contains(high), low <= high, low > previous,
                high >= runsFrom
            else { throw StatsCacheFile.Corrupt() }
            previous = high
            runs.append(low...high)
        }
        var tagNames: [String?] = [nil]
        for _ in 0..<(try r.count()) { tagNames.append(try r.string()) }
        for _ in 0..<(try r.count()) {
            var s = DaySummary(day: try r.int())
            guard StatsCache.days.contains(s.day), s.day > (days.last?.day ?? Int.min) else {
                throw StatsCacheFile.Corrupt()
            }
            s.focused = try r.quantity()
            s.sessions = try r.quantity()
            s.completed = try r.quantity()
            s.longest = try r.quantity()
            try r.detail(into: &s, tagNames: tagNames)
            days.append(s)
        }
        ids = try r.sortedWords()
        prefixes = try r.sortedWords()
        filters = try r.filterChanges()
    }
}

extension StatsCacheFile.Reader {
    /// A word that is a quantity (``StatsCache/quantities``).
    mutating func quantity() throws(StatsCacheFile.Corrupt) -> Int {
        let value = try int()
        guard StatsCache.quantities.contains(value) else { throw StatsCacheFile.Corrupt() }
        return value
    }

    /// A count, then that many words in ascending order (each greater than the one before, unless `allowingRepeats`).
    mutating func sortedWords(allowingRepeats: Bool = false) throws(StatsCacheFile.Corrupt) -> [Int] {
        var out: [Int] = []
        for _ in 0..<(try count()) {
            let value = try int()
            guard out.last.map({ value > $0 || (allowingRepeats && value == $0) }) ?? true else {
                throw StatsCacheFile.Corrupt()
            }
            out.append(value)
        }
        return out
    }
}
