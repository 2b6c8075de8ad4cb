import FocusModels
import FocusServices
import FoundationEssentials

/// The derived files as of the journal now (``AppStore/derivedJournal(days:)``): a cache file's base with the
/// record of what changed since laid over it (``StatsCacheDelta``: the file's last one, or the one a fold just made).
final class DerivedJournal {
    let file: StatsCacheFile
    let delta: StatsCacheDelta?
    /// The expedition's events of the sessions folded in now, by session id.
    let events: [String: [ExpeditionEvent]]

    init(file: StatsCacheFile, delta: StatsCacheDelta?, events: [String: [ExpeditionEvent]] = [:]) {
        self.file = file
        self.delta = delta
        self.events = events
    }

    convenience init(file: StatsCacheFile) { self.init(file: file, delta: file.delta) }

    var fingerprint: String { file.fingerprint }
    var files: [StatsCache.FileState] { delta?.files ?? file.files }
    var sessionCount: Int { delta?.sessionCount ?? file.sessionCount }
    var changeCount: Int { delta?.changeCount ?? file.changeCount }

    /// The digest's parts, each read when first asked for; `nil` when it cannot be read or has none.
    private(set) lazy var core: JournalDigest.Core? = delta.map(\.core) ?? (try? file.digestCore())
    var tags: [JournalDigest.TagUse]? { core?.tags }
    /// The expedition as folded, without the sessions still pending (``StatsCacheDelta/pending``).
    private(set) lazy var foldedExpedition: JournalDigest.Expedition? =
        delta.map(\.expedition) ?? (try? file.expedition()) ?? nil
    /// ``foldedExpedition`` as the file holds it (``StatsCacheDelta/encodedExpedition``).
    var encodedExpedition: [UInt8]? { delta.map(\.encodedExpedition) ?? file.encodedExpedition() }
    /// Whether sessions are folded into everything but the expedition and the growth totals yet.
    var hasPending: Bool { !(delta?.pending.isEmpty ?? true) }
    /// The expedition as of the journal; `nil` while sessions are pending.
    var expedition: JournalDigest.Expedition? { hasPending ? nil : foldedExpedition }
    /// The growth totals as of the journal; `nil` while sessions are pending.
    var growth: JournalDigest.Growth? { hasPending ? nil : core?.growth }
    /// The base's newest sessions with those added since: the newest ``JournalDigest/History/kept`` of both.
    private(set) lazy var history: JournalDigest.History? = {
        guard let base = try? file.history() else { return nil }
        guard let delta else { return base }
        guard let added = delta.history else { return nil }
        return base.merging(added)
    }()

    /// The newest `limit` sessions of ``history``, read without the others: the base's first lines (as many more as
    /// sessions were folded since, which may replace some of them) and those folded since.
    func history(newest limit: Int) -> JournalDigest.History? {
        let added = delta?.history
        guard let base = try? file.history(limit: limit + (added?.newest.count ?? 0)) else { return nil }
        guard delta != nil else { return base }
        guard let merged = added.map(base.merging) else { return nil }
        return JournalDigest.History(
            newest: Array(merged.newest.prefix(limit)), devices: Array(merged.devices.prefix(limit)),
            idLength: merged.idLength)
    }

    /// Whether ``history`` may hold the session `id`, told without reading it (``StatsCacheFile/historyMayHold(id:)``
    /// and the sessions folded since).
    func historyMayHold(id: String) -> Bool {
        file.historyMayHold(id: id) || delta?.history?.newest.contains { $0.id == id } ?? false
    }

    /// A start and id no later than any session ``history`` holds, told without reading it: the oldest of the base's
    /// and of those folded since; `nil` when there is no history or it is not known.
    var historyFloor: (start: Date, id: String)? {
        guard let oldest = file.historyOldest, delta == nil || delta?.history != nil else { return nil }
        return ([oldest] + (delta?.history?.newest ?? [])).map { ($0.start, $0.id) }.min { $0 < $1 }
    }

    /// The whole digest (without the expedition and growth while sessions are pending); `Corrupt` when a part
    /// cannot be read.
    func digest() throws(StatsCacheFile.Corrupt) -> JournalDigest {
        guard var core else { throw StatsCacheFile.Corrupt() }
        core.growth = growth
        return JournalDigest(core: core, history: history, expedition: expedition)
    }

    func summaries(in window: ClosedRange<Int>? = nil) throws -> [DaySummary] {
        let base = try file.summaries(in: window)
        guard let changed = delta?.days.filter({ window?.contains($0.day) ?? true }), !changed.isEmpty else {
            return base
        }
        var out: [DaySummary] = []
        out.reserveCapacity(base.count + changed.count)
        var i = 0
        for summary in changed {
            while i < base.count, base[i].day < summary.day {
                out.append(base[i])
                i += 1
            }
            if i < base.count, base[i].day == summary.day { i += 1 }
            // A day with no session left (a deletion folded in) is gone.
            if summary.sessions > 0 { out.append(summary) }
        }
        return out + base[i...]
    }

    func streakRuns() throws -> [ClosedRange<Int>] { try streakRuns(over: file.streakRuns()) }

    /// The streak runs that end on `day` or later (``streakRuns()`` without reading the base's earlier ones).
    func streakRuns(endingFrom day: Int) throws -> [ClosedRange<Int>] {
        try streakRuns(over: file.streakRuns(endingFrom: day)).filter { $0.upperBound >= day }
    }

    /// The streak runs that tell every streak a command shows, read without the others: those that end on the day
    /// before `today` or later (the current streak, ``StreakService/current(streakRuns:today:)``), the latest of the
    /// longest (``StreakService/longest(streakRuns:)``) and the first of each of ``GrowthService/streakLengths`` days
    /// (the badges), sorted. Each of those functions gives the same streak from them as from all the runs
    /// (``streakRuns()``), which are read when the base's marks (``StatsCacheFile/streakMark(_:)``) cannot tell.
    func tellingStreakRuns(today: Int) throws -> [ClosedRange<Int>] {
        // The base's runs that end before the record's first day are the base's first ones: a marked run among them
        // is as marked. A first run of a length that is not among them is not either: the record's runs hold it.
        let from = delta?.runsFrom ?? Int.max
        var runs = try streakRuns(endingFrom: today - 1) + (delta?.runs ?? [])
        for length in [0] + GrowthService.streakLengths {
            guard let run = try file.streakMark(length) else { continue }
            if run.upperBound < from {
                runs.append(run)
            } else if length == 0 {
                // The longest of the runs kept before the record's is not marked.
                return try streakRuns()
            }
        }
        var out: [ClosedRange<Int>] = []
        for run in runs.sorted(by: { $0.lowerBound < $1.lowerBound }) where run != out.last { out.append(run) }
        return out
    }

    /// `base`, the base's runs (all of them, or the last ones), with the record's laid over them.
    private func streakRuns(over base: [ClosedRange<Int>]) throws -> [ClosedRange<Int>] {
        guard let delta else { return base }
        let kept = base.prefix { $0.upperBound < delta.runsFrom }
        // The base's runs before the day and the record's from it on, in order and apart, or the file is damaged.
        guard let first = delta.runs.first, let last = kept.last else { return kept + delta.runs }
        guard last.upperBound + 1 < first.lowerBound else { throw StatsCacheFile.Corrupt() }
        return kept + delta.runs
    }

    var span: ClosedRange<Int>? {
        let base = file.span
        guard let days = delta?.days, let first = days.first?.day, let last = days.last?.day else { return base }
        // A day a deletion emptied may have been the first or the last: the days are read to tell.
        guard days.allSatisfy({ $0.sessions > 0 }) else {
            guard let all = try? summaries(), let low = all.first?.day, let high = all.last?.day else { return nil }
            return low...high
        }
        return min(first, base?.lowerBound ?? first)...max(last, base?.upperBound ?? last)
    }

    func containsID(hash: Int) -> Bool {
        file.containsID(hash: hash) || (delta.map { Self.contains(hash, in: $0.ids) } ?? false)
    }

    func containsPrefix(hash: Int) -> Bool {
        file.containsPrefix(hash: hash) || (delta.map { Self.contains(hash, in: $0.prefixes) } ?? false)
    }

    /// Everything as one base (``StatsCache``), for a fold that writes a new one.
    func compacted(files: [StatsCache.FileState]) throws -> StatsCache {
        let summaries = try summaries()
        let digest = try digest()
        return StatsCache(
            fingerprint: fingerprint, files: files, sessionCount: sessionCount, changeCount: changeCount,
            summaries: summaries, runs: try streakRuns(), idHashes: Self.merged(file.idHashes, delta?.ids ?? []),
            digest: digest,
            prefixHashes: digest.history == nil ? [] : Self.merged(file.prefixHashes, delta?.prefixes ?? []),
            filterRuns: try allFilterRuns())
    }

    /// What `focus stats` reads for `range` (``StatsService/window(range:today:span:)``).
    func input(range: StatsRange, today: Int) throws -> StatsInput {
        let span = span
        let window = StatsService.window(range: range, today: today, span: span)
        return StatsInput(span: span, days: try summaries(in: window), streakRuns: try tellingStreakRuns(today: today))
    }

    /// Whether the sorted `values` hold `value` (a binary search).
    static func contains(_ value: Int, in values: [Int]) -> Bool {
        let i = insertionPoint(of: value, in: values)
        return i < values.count && values[i] == value
    }

    static func insertionPoint(of value: Int, in values: [Int]) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The sorted `a` and `b` as one sorted array, in one pass.
    static func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        guard !b.isEmpty else { return a }
        var out: [Int] = []
        out.reserveCapacity(a.count + b.count)
        var j = 0
        for value in a {
            while j < b.count, b[j] < value {
                out.append(b[j])
                j += 1
            }
            out.append(value)
        }
        return out + b[j...]
    }
}
