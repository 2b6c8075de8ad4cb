import FocusJournal
import FocusModels
import FocusServices

extension AppStore {
    /// What `focus stats` needs for `range` and `tag`: the day summaries of the window it reports, and the streaks.
    ///
    /// The one door to statistics: the answer comes from the derived stats cache while it still matches the
    /// journal (``derivedJournal(days:)``), else from the journal, and is the same either way.
    /// - With `tag`, only the sessions with that tag count (streaks too); with `device`, only the sessions that device
    ///   recorded (``device(ofSession:)``). A bounded range reads its own days' sessions and the streaks the cache
    ///   keeps (``indexedFilteredInput(range:tag:device:today:days:)``), else the journal streams by.
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
        if filtered, !isLoaded,
            let input = indexedFilteredInput(range: range, tag: tag, device: device, today: today, days: days)
        {
            return input
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
            let runs = try? derived.streakRuns(endingFrom: today - 1)
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
        if !isLoaded, let tags = derivedJournal(days: days)?.tags { return tags.map(\.tag.tagLabel) }
        if !isLoaded { try load() }
        saveDerived(days: days)
        return tags
    }

    /// What `focus profile` needs besides the expedition, from the derived files while they match the journal:
    /// the sessions' ``GrowthTotals`` and the runs of days with a completed session that tell its streaks on `today`
    /// (the current, the longest, the badges'; not every run). `nil` when they cannot tell.
    public func derivedGrowth(today: Int, days: LocalDays) -> (totals: GrowthTotals, streakRuns: [ClosedRange<Int>])? {
        guard let derived = derivedJournal(days: days, definitions: try? loadExpeditionDefinitions()),
            let growth = derived.growth,
            let runs = try? derived.tellingStreakRuns(today: today)
        else { return nil }
        return (growth.totals, runs)
    }

    /// Whether no journal record has the id `id`, known without reading the history: the derived files match the
    /// journal (or it only grew) and neither their ids nor the lines appended since hold it. `false` when unknown.
    func lacksRecord(id: String) -> Bool {
        guard let file = StatsCacheFile.open(paths.statsCacheFile), case let derived = DerivedJournal(file: file),
            let change = try? changedSince(derived), !derived.containsID(hash: StatsCache.hash(id))
        else { return false }
        return !change.appended.contains { _, bytes in
            bytes.withUnsafeBufferPointer { JSONTextSearch.mayHold(id, in: $0) }
        }
    }

    /// The newest `limit` effective sessions, newest first, how many there are, and the length of their short ids
    /// (``ShortID/length(for:minimum:)``), from the derived files; `nil` when they cannot tell (then ``load()``).
    /// ``device(ofSession:)`` then names the device of each of them.
    public func newestSessions(limit: Int, days: LocalDays) -> (logs: [FocusLog], total: Int, idLength: Int)? {
        guard let derived = derivedJournal(days: days),
            let history = limit < JournalDigest.History.kept ? derived.history(newest: limit) : derived.history,
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
        let fingerprint = cacheFingerprint(days: days)
        let definitions = try? loadExpeditionDefinitions()
        if let file = StatsCacheFile.open(paths.statsCacheFile), case let derived = DerivedJournal(file: file),
            derived.fingerprint == fingerprint, derived.files == journalFileStates, let digest = try? derived.digest(),
            digest.history != nil,
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
            prefixHashes: focusLogs.map { JournalDigest.prefixHash($0.id, length: idLength) }.sorted(),
            filterRuns: filterRuns(days: days))
        try? writeStatsCache(cache)
    }

    /// Each tag's and device's streak runs (``FilterStreaks``) of the sessions in memory.
    private func filterRuns(days: LocalDays) -> [String: [ClosedRange<Int>]] {
        var builder = FilterStreaks.Builder()
        for log in focusLogs { builder.add(log, device: device(ofSession: log.id), day: days.dayNumber(of: log)) }
        return builder.runs
    }

    /// The key of the derived files for `days`: the zone, the day start and the zone data
    /// (``StatsCache/zoneData(_:)``, read once while the history stays the same).
    func cacheFingerprint(days: LocalDays) -> String {
        StatsCache.fingerprint(days: days) + "|"
            + derived("zone-data", days: days) { StatsCache.zoneData(days.timeZone) }
    }

    func writeStatsCache(_ cache: StatsCache) throws(FocusError) {
        try FileIO.makeDirectories(paths.cacheDirectory)
        try FileIO.replace(paths.statsCacheFile, mode: 0o600, keepingMode: nil, producing: cache.encode)
    }
}
