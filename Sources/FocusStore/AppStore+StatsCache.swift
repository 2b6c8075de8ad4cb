import FocusJournal
import FocusModels
import FocusServices

extension AppStore {
    /// What `focus stats` needs for `range` and `tag`: the day summaries of the window it reports, and the streaks.
    ///
    /// The one door to statistics: the answer comes from the derived stats cache while it still matches the
    /// journal, else from the journal, and is the same either way.
    /// - Without `tag`, the cache is used as it is when every journal file has the same size, modification
    ///   time, inode and tail hash as when it was built. When files only grew (same inode, same tail before
    ///   the new bytes) and the journal has no change records, the appended lines are folded in, if they are
    ///   all complete, readable sessions with new ids. Otherwise the journal is loaded (``load()``) and the
    ///   cache rebuilt from its effective sessions.
    /// - With `tag`, only the sessions with that tag count (streaks too), from the journal; with `device`, only
    ///   the sessions that device recorded (``device(ofSession:)``).
    ///
    /// Deleting the cache changes nothing but speed; failing to write it is not an error. A journal with
    /// unreadable lines is never cached: ``issues`` then holds them for the caller to report. A record a crash cut
    /// short (``tornTails``) is not an unreadable line: it was never saved, and the cache is built without it.
    public func statsInput(
        range: StatsRange, tag: String?, device: String? = nil, today: Int, days: LocalDays
    ) throws(FocusError) -> StatsInput {
        let fingerprint = StatsCache.fingerprint(days: days)
        let filtered = tag != nil || device != nil
        if !filtered, !isLoaded, let cache = StatsCacheFile.open(paths.statsCacheFile),
            cache.fingerprint == fingerprint, cache.sessionCount > 0,
            let input = try? fromCache(cache, range: range, today: today, days: days)
        {
            hasRecords = true
            return input
        }
        if !isLoaded { try load() }
        let logs =
            filtered
            ? focusLogs.filter { log in
                (tag.map(log.has(tag:)) ?? true) && (device == nil || self.device(ofSession: log.id) == device)
            } : focusLogs
        let summaries = StatsService.daySummaries(focusLogs: logs, days: days)
        let input = StatsInput(summaries: summaries)
        if !filtered, issues.isEmpty, !focusLogs.isEmpty, !journalFileStates.isEmpty {
            let ids = (history.sessions.map(\.id) + history.changes.map(\.id)).map(StatsCache.hash).sorted()
            let cache = StatsCache(
                fingerprint: fingerprint, files: journalFileStates, sessionCount: focusLogs.count,
                changeCount: history.changes.count, summaries: summaries, runs: input.streakRuns, idHashes: ids)
            try? writeStatsCache(cache)
        }
        return input
    }

    private struct Stale: Error {}

    private func fromCache(_ cache: StatsCacheFile, range: StatsRange, today: Int, days: LocalDays) throws
        -> StatsInput
    {
        let names = try Self.journalFileNames(paths.journalDirectory)
        guard names == cache.files.map(\.name) else { throw Stale() }
        var appended: [UInt8] = []
        var states: [StatsCache.FileState] = []
        for saved in cache.files {
            let path = paths.journalDirectory + "/" + saved.name
            guard var now = FileIO.status(path), now.inode == saved.inode, now.device == saved.device,
                now.size >= saved.size
            else { throw Stale() }
            if now.size == saved.size,
                now.mtimeSeconds != saved.mtimeSeconds || now.mtimeNanoseconds != saved.mtimeNanoseconds
            {
                throw Stale()
            }
            let tailStart = max(0, saved.size - StatsCache.tailLength)
            guard let tail = FileIO.read(path, offset: tailStart, count: now.size - tailStart),
                tail.withUnsafeBytes({
                    StatsCache.hash(UnsafeRawBufferPointer(rebasing: $0[..<(saved.size - tailStart)]))
                }) == saved.tailHash
            else { throw Stale() }
            if now.size > saved.size {
                let added = tail[(saved.size - tailStart)...]
                guard added.last == 10 else { throw Stale() }
                appended += added
                now.name = saved.name
                now.tailHash = tail.withUnsafeBytes {
                    StatsCache.hash(UnsafeRawBufferPointer(rebasing: $0[max(0, $0.count - StatsCache.tailLength)...]))
                }
                states.append(now)
            } else {
                states.append(saved)
            }
        }
        if appended.isEmpty {
            let span = cache.span
            let window = StatsService.window(range: range, today: today, span: span)
            return StatsInput(span: span, days: try cache.summaries(in: window), streakRuns: try cache.streakRuns())
        }
        // Fold the appended lines: only new, readable sessions, and only when no change record could touch them.
        guard cache.changeCount == 0 else { throw Stale() }
        var records: [JournalRecord] = []
        var lines: [Int] = []
        var problems: [JournalIssue] = []
        JournalReader.parse(appended, file: "", into: &records, lines: &lines, issues: &problems)
        // A record a crash cut short was never saved: it is skipped here as by a full load.
        guard problems.allSatisfy(\.isTornTail) else { throw Stale() }
        var newHashes = Set<Int>()
        var added: [FocusLog] = []
        for record in records {
            guard case .session(let log) = record else { throw Stale() }
            let hash = StatsCache.hash(log.id)
            guard !cache.containsID(hash: hash), newHashes.insert(hash).inserted else { throw Stale() }
            added.append(log)
        }
        let summaries = StatsService.daySummaries(focusLogs: added, days: days, adding: try cache.summaries())
        let input = StatsInput(summaries: summaries)
        let folded = StatsCache(
            fingerprint: cache.fingerprint, files: states, sessionCount: cache.sessionCount + records.count,
            changeCount: 0, summaries: summaries, runs: input.streakRuns,
            idHashes: (cache.idHashes + newHashes).sorted())
        try? writeStatsCache(folded)
        return input
    }

    private func writeStatsCache(_ cache: StatsCache) throws(FocusError) {
        try FileIO.makeDirectories(paths.cacheDirectory)
        try FileIO.replace(paths.statsCacheFile, with: cache.encoded())
    }
}
