import FocusJournal
import FocusModels
import FocusServices

extension AppStore {
    /// What `focus stats` needs for `range` and `tag`: the day summaries of the window it reports, and the streaks.
    ///
    /// The one door to statistics: the answer comes from the derived stats cache while it still matches the
    /// journal (``derivedJournal(days:)``), else from the journal, and is the same either way.
    /// - With `tag`, only the sessions with that tag count (streaks too), from the journal; with `device`, only
    ///   the sessions that device recorded (``device(ofSession:)``).
    ///
    /// Deleting the cache changes nothing but speed; failing to write it is not an error. A journal with
    /// unreadable lines is never cached: ``issues`` then holds them for the caller to report. A record a crash cut
    /// short (``tornTails``) is not an unreadable line: it was never saved, and the cache is built without it.
    public func statsInput(
        range: StatsRange, tag: String?, device: String? = nil, today: Int, days: LocalDays
    ) throws(FocusError) -> StatsInput {
        let filtered = tag != nil || device != nil
        if !filtered, !isLoaded, let derived = derivedJournal(days: days),
            let input = try? derived.input(range: range, today: today)
        {
            return input
        }
        func matches(_ log: FocusLog, _ recorder: String?) -> Bool {
            (tag.map(log.has(tag:)) ?? true) && (device == nil || recorder == device)
        }
        if filtered, !isLoaded {
            // The summaries of the sessions that match, folded as they stream by: the history is never held.
            var summaries: [DaySummary] = []
            var batch: [FocusLog] = []
            _ = try streamSessions { log, recorder in
                guard matches(log, recorder) else { return }
                batch.append(log)
                if batch.count == 4096 {
                    summaries = StatsService.daySummaries(focusLogs: batch, days: days, adding: summaries)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            return StatsInput(summaries: StatsService.daySummaries(focusLogs: batch, days: days, adding: summaries))
        }
        if !isLoaded { try load() }
        // Kept for the history as it is: the dashboard asks again at every redraw, and its `t` goes from tag to tag.
        let key = filtered ? "filtered-summaries:\(tag.debugDescription):\(device.debugDescription)" : "summaries"
        return derived(key, days: days) { () -> StatsInput in
            let logs = filtered ? focusLogs.filter { matches($0, self.device(ofSession: $0.id)) } : focusLogs
            let summaries = StatsService.daySummaries(focusLogs: logs, days: days)
            if !filtered { saveDerived(days: days, summaries: summaries) }
            return StatsInput(summaries: summaries)
        }
    }

    /// The focus and sessions of the local day `day`, and the streak alive on `today`: from the derived files while
    /// they match the journal, else from the sessions in memory (``load()`` first for the journal's).
    public func dayTotals(on day: Int, today: Int, days: LocalDays) -> (focused: Int, sessions: Int, streak: Streak) {
        if let derived = derivedJournal(days: days), let summary = try? derived.summaries(in: day...day),
            let runs = try? derived.streakRuns()
        {
            return (
                summary.first?.focused ?? 0, summary.first?.sessions ?? 0,
                StreakService.current(streakRuns: runs, today: today)
            )
        }
        // Kept while the history stays the same: the dashboard's Timer tab shows them every second.
        let totals = derived("totals:\(day)", days: days) {
            StatsService.totals(focusLogs: focusLogs, on: CivilDate(dayNumber: day), days: days)
        }
        let streak = StreakService.current(streakDays: streakDays(days: days), today: CivilDate(dayNumber: today))
        return (totals.focused, totals.sessions, streak)
    }

    /// Every tag once, the most recently used first (``tags``), from the derived files while they match the journal;
    /// else the journal is loaded (when it was not read) and the derived files are written for the next time.
    public func recentTags(days: LocalDays) throws(FocusError) -> [String] {
        if !isLoaded, let tags = derivedJournal(days: days)?.tags { return tags.map(\.tag) }
        if !isLoaded { try load() }
        saveDerived(days: days)
        return tags
    }

    /// The derived files brought up to the journal as it is now, or `nil` when the journal must be read.
    ///
    /// The one "what changed since I last looked" step for every derived file (``changedSince(_:)``). The cache is
    /// used as it is when every journal file has the same size, modification time, inode and tail hash as when it
    /// was built, for the same zone and day start. When files only grew (same inode, same tail before the new
    /// bytes, which end a line, after a saved end that ended one) by complete, readable sessions with ids that no
    /// record and no change record had, those are folded into every part of it (day summaries, streaks, ids,
    /// tags, the expedition) and it is replaced. Anything else (a change record among the new lines, an edit, a
    /// replaced or new file, another zone or day start) is `nil`; the caller loads the journal and
    /// ``saveDerived(days:summaries:expedition:)`` rebuilds it.
    func derivedJournal(days: LocalDays) -> DerivedJournal? {
        guard let file = StatsCacheFile.open(paths.statsCacheFile),
            file.fingerprint == StatsCache.fingerprint(days: days),
            file.sessionCount > 0, let change = try? changedSince(file)
        else { return nil }
        hasRecords = true
        guard !change.appended.isEmpty else { return DerivedJournal(file: file) }
        guard let digest = try? file.digest(),
            let added = try? newSessions(in: change.appended, file: file, digest: digest),
            let before = try? file.summaries()
        else { return nil }
        let summaries = StatsService.daySummaries(focusLogs: added.logs, days: days, adding: before)
        // A new id that shares its short id with another session's makes every short id longer: `log` rebuilds.
        let idLength = digest.history?.idLength ?? 0
        let prefixes = added.logs.map { JournalDigest.prefixHash($0.id, length: idLength) }
        let lengthens = Set(prefixes).count < prefixes.count || prefixes.contains(where: file.containsPrefix)
        let folded = digest.folding(
            added.logs, devices: added.devices, lengthensShortIDs: lengthens,
            definitions: try? loadExpeditionDefinitions(), days: days)
        let cache = StatsCache(
            fingerprint: file.fingerprint, files: change.files, sessionCount: file.sessionCount + added.logs.count,
            changeCount: file.changeCount, summaries: summaries, runs: StatsInput(summaries: summaries).streakRuns,
            idHashes: Self.merged(file.idHashes, added.hashes), digest: folded.digest,
            prefixHashes: folded.digest.history == nil ? [] : Self.merged(file.prefixHashes, prefixes.sorted()))
        try? writeStatsCache(cache)
        return DerivedJournal(cache: cache, events: folded.events)
    }

    /// What `focus profile` needs besides the expedition, from the derived files while they match the journal:
    /// the sessions' ``GrowthTotals`` and the runs of days with a completed session. `nil` when they cannot tell.
    public func derivedGrowth(days: LocalDays) -> (totals: GrowthTotals, streakRuns: [ClosedRange<Int>])? {
        guard let derived = derivedJournal(days: days), let growth = derived.core?.growth,
            let runs = try? derived.streakRuns()
        else { return nil }
        return (growth.totals, runs)
    }

    /// Whether no journal record has the id `id`, known without reading the history: the derived files match the
    /// journal (or it only grew) and neither their ids nor the lines appended since hold it. `false` when unknown.
    func lacksRecord(id: String) -> Bool {
        guard let file = StatsCacheFile.open(paths.statsCacheFile), let change = try? changedSince(file),
            !file.containsID(hash: StatsCache.hash(id))
        else { return false }
        let needle = Array(id.utf8)
        return !change.appended.contains { _, bytes in
            guard !needle.isEmpty, bytes.count >= needle.count else { return false }
            // A slice keeps the indices of the file's tail: they start where the appended lines do.
            return (bytes.startIndex...(bytes.endIndex - needle.count)).contains { at in
                bytes[at] == needle[0] && bytes[at..<at + needle.count].elementsEqual(needle)
            }
        }
    }

    /// The newest `limit` effective sessions, newest first, how many there are, and the length of their short ids
    /// (``ShortID/length(for:minimum:)``), from the derived files; `nil` when they cannot tell (then ``load()``).
    /// ``device(ofSession:)`` then names the device of each of them.
    public func newestSessions(limit: Int, days: LocalDays) -> (logs: [FocusLog], total: Int, idLength: Int)? {
        guard let derived = derivedJournal(days: days), let history = derived.history,
            limit <= JournalDigest.History.kept || derived.sessionCount <= history.newest.count
        else { return nil }
        let logs = Array(history.newest.prefix(limit))
        for (log, device) in zip(logs, history.devices) {
            if let device { sessionDevices[log.id] = device }
        }
        return (logs, derived.sessionCount, history.idLength)
    }

    /// Writes the derived files from the journal in memory (``load()``): the day summaries (computed when not
    /// given), the ids, and the digest, with `expedition` when the caller folded it already. Nothing is written
    /// for a journal with unreadable lines or no session, or when the file on disk already describes this journal: a
    /// command that read the history anyway (`focus log --tag`) makes the next ones cheap. Failing to write is no
    /// error.
    public func saveDerived(days: LocalDays, summaries: [DaySummary]? = nil, expedition: ExpeditionState? = nil) {
        guard issues.isEmpty, !focusLogs.isEmpty, !journalFileStates.isEmpty else { return }
        let fingerprint = StatsCache.fingerprint(days: days)
        let definitions = try? loadExpeditionDefinitions()
        if let file = StatsCacheFile.open(paths.statsCacheFile), file.fingerprint == fingerprint,
            file.files == journalFileStates, let digest = try? file.digest(), digest.history != nil,
            digest.expedition != nil || definitions == nil
        {
            return
        }
        let summaries = summaries ?? StatsService.daySummaries(focusLogs: focusLogs, days: days)
        let ids = (history.sessions.map(\.id) + history.changes.map(\.id)).map(StatsCache.hash).sorted()
        let digest = JournalDigest(
            logs: focusLogs, changes: history.changes, devices: sessionDevices, definitions: definitions,
            expedition: expedition, days: days)
        let idLength = digest.history?.idLength ?? 0
        let cache = StatsCache(
            fingerprint: fingerprint, files: journalFileStates, sessionCount: focusLogs.count,
            changeCount: history.changes.count, summaries: summaries, runs: StatsInput(summaries: summaries).streakRuns,
            idHashes: ids, digest: digest,
            prefixHashes: focusLogs.map { JournalDigest.prefixHash($0.id, length: idLength) }.sorted())
        try? writeStatsCache(cache)
    }

    private struct Stale: Error {}

    /// The journal's files now against those `file` was built from: the lines appended since (in file order) and
    /// the files' states now; `Stale` for any change but complete lines appended to the same files.
    private func changedSince(_ file: StatsCacheFile) throws -> (
        appended: [(name: String, bytes: ArraySlice<UInt8>)], files: [StatsCache.FileState]
    ) {
        let names = try Self.journalFileNames(paths.journalDirectory)
        guard names == file.files.map(\.name) else { throw Stale() }
        var appended: [(name: String, bytes: ArraySlice<UInt8>)] = []
        var states: [StatsCache.FileState] = []
        for saved in file.files {
            let path = paths.journalDirectory + "/" + saved.name
            guard var now = FileIO.status(path), now.inode == saved.inode, now.device == saved.device,
                now.size >= saved.size
            else { throw Stale() }
            if now.size == saved.size {
                guard now.mtimeSeconds == saved.mtimeSeconds, now.mtimeNanoseconds == saved.mtimeNanoseconds else {
                    throw Stale()
                }
            }
            let tailStart = max(0, saved.size - StatsCache.tailLength)
            guard let tail = FileIO.read(path, offset: tailStart, count: now.size - tailStart),
                tail.withUnsafeBytes({
                    StatsCache.hash(UnsafeRawBufferPointer(rebasing: $0[..<(saved.size - tailStart)]))
                }) == saved.tailHash
            else { throw Stale() }
            guard now.size > saved.size else {
                states.append(saved)
                continue
            }
            // Lines added after a saved end that was cut short would merge with it into one line: not an append.
            let added = tail[(saved.size - tailStart)...]
            guard added.last == 10, saved.size == 0 || tail[saved.size - tailStart - 1] == 10 else { throw Stale() }
            appended.append((saved.name, added))
            now.name = saved.name
            now.tailHash = tail.withUnsafeBytes {
                StatsCache.hash(UnsafeRawBufferPointer(rebasing: $0[max(0, $0.count - StatsCache.tailLength)...]))
            }
            states.append(now)
        }
        return (appended, states)
    }

    /// The sessions in `bytes` (appended lines), with their id hashes; `Stale` unless every line is a readable
    /// session (a record a crash cut short aside, skipped as by a full load) whose id no record, no change record
    /// and no other new line has.
    private func newSessions(
        in appended: [(name: String, bytes: ArraySlice<UInt8>)], file: StatsCacheFile, digest: JournalDigest
    ) throws -> (logs: [FocusLog], hashes: [Int], devices: [String: String]) {
        var hashes = Set<Int>()
        var logs: [FocusLog] = []
        var devices: [String: String] = [:]
        for (name, bytes) in appended {
            var records: [JournalRecord] = []
            var lines: [Int] = []
            var problems: [JournalIssue] = []
            JournalReader.parse(Array(bytes), file: "", into: &records, lines: &lines, issues: &problems)
            guard problems.allSatisfy(\.isTornTail) else { throw Stale() }
            let writer = JournalFileName(name)?.writer
            for record in records {
                guard case .session(let log) = record else { throw Stale() }
                let hash = StatsCache.hash(log.id)
                guard !file.containsID(hash: hash), !digest.isChangeTarget(hash), hashes.insert(hash).inserted else {
                    throw Stale()
                }
                logs.append(log)
                if let writer { devices[log.id] = writer.name }
            }
        }
        return (logs, hashes.sorted(), devices)
    }

    /// `added` (a few values) inserted into the sorted `saved` (a million ids): moves, no sort of the whole.
    private static func merged(_ saved: [Int], _ added: [Int]) -> [Int] {
        var out = saved
        for value in added {
            var low = 0
            var high = out.count
            while low < high {
                let mid = (low + high) / 2
                if out[mid] < value { low = mid + 1 } else { high = mid }
            }
            out.insert(value, at: low)
        }
        return out
    }

    private func writeStatsCache(_ cache: StatsCache) throws(FocusError) {
        try FileIO.makeDirectories(paths.cacheDirectory)
        try FileIO.replace(paths.statsCacheFile, with: cache.encoded())
    }
}

/// The derived files as of the journal now (``AppStore/derivedJournal(days:)``): the mapped cache file when nothing
/// changed, or the cache just folded and written.
final class DerivedJournal {
    private let file: StatsCacheFile?
    private let cache: StatsCache?
    /// The expedition's events of the sessions folded in now, by session id.
    let events: [String: [ExpeditionEvent]]

    init(file: StatsCacheFile) {
        self.file = file
        self.cache = nil
        self.events = [:]
    }

    init(cache: StatsCache, events: [String: [ExpeditionEvent]]) {
        self.file = nil
        self.cache = cache
        self.events = events
    }

    /// The tags, the expedition and the newest sessions, read when first asked for; `nil` when they cannot be read.
    /// The digest's parts, each read when first asked for; `nil` when it cannot be read or has none.
    private(set) lazy var core: JournalDigest.Core? =
        cache.map {
            JournalDigest.Core(tags: $0.digest.tags, changeTargets: $0.digest.changeTargets, growth: $0.digest.growth)
        }
        ?? (try? file?.digestCore())
    var tags: [JournalDigest.TagUse]? { core?.tags }
    private(set) lazy var expedition: JournalDigest.Expedition? =
        cache.map { $0.digest.expedition } ?? (try? file?.expedition()) ?? nil
    private(set) lazy var history: JournalDigest.History? =
        cache.map { $0.digest.history } ?? (try? file?.history()) ?? nil

    func summaries(in window: ClosedRange<Int>? = nil) throws -> [DaySummary] {
        if let file { return try file.summaries(in: window) }
        let all = cache?.summaries ?? []
        guard let window else { return all }
        return all.filter { window.contains($0.day) }
    }

    var sessionCount: Int { file?.sessionCount ?? cache?.sessionCount ?? 0 }

    func streakRuns() throws -> [ClosedRange<Int>] { try file?.streakRuns() ?? cache?.runs ?? [] }

    var span: ClosedRange<Int>? {
        if let file { return file.span }
        guard let first = cache?.summaries.first, let last = cache?.summaries.last else { return nil }
        return first.day...last.day
    }

    /// What `focus stats` reads for `range` (``StatsService/window(range:today:span:)``).
    func input(range: StatsRange, today: Int) throws -> StatsInput {
        let span = span
        let window = StatsService.window(range: range, today: today, span: span)
        return StatsInput(span: span, days: try summaries(in: window), streakRuns: try streakRuns())
    }
}
