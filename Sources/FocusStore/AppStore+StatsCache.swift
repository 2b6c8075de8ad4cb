import FocusJournal
import FocusModels
import FocusServices

extension AppStore {
    /// What `focus stats` (without `--tag`) needs for `range`, from the derived stats cache when it still matches the journal.
    ///
    /// - The cache is used as it is when every journal file has the same size,
    ///   modification time, inode and tail hash as when it was built.
    /// - When files only grew (same inode, same tail before the new bytes) and
    ///   the journal has no change records, the appended lines are folded in,
    ///   if they are all complete, readable sessions with new ids.
    /// - Otherwise the journal is loaded in full (``load()``), the cache is
    ///   rebuilt from its effective sessions, and the input comes from them.
    ///
    /// Returns `nil` when the journal is empty or has unreadable lines: then
    /// ``focusLogs`` and ``issues`` are loaded and the caller computes from them
    /// (and reports the issues). Deleting the cache changes nothing but speed;
    /// failing to write it is not an error.
    public func loadStatsInput(range: StatsRange, today: Int, days: LocalDays) throws(FocusError) -> StatsInput? {
        let fingerprint = StatsCache.fingerprint(days: days)
        if let cache = StatsCacheFile.open(paths.statsCacheFile), cache.fingerprint == fingerprint,
            cache.sessionCount > 0,
            let input = try? fromCache(cache, range: range, today: today, days: days)
        {
            return input
        }
        try load()
        guard issues.isEmpty, !focusLogs.isEmpty else { return nil }
        let summaries = StatsService.daySummaries(focusLogs: focusLogs, days: days)
        let ids = (history.sessions.map(\.id) + history.changes.map(\.id)).map(StatsCache.hash).sorted()
        let cache = StatsCache(
            fingerprint: fingerprint, files: journalFileStates, sessionCount: focusLogs.count,
            changeCount: history.changes.count,
            summaries: summaries, runs: StatsInput.streakRuns(summaries), idHashes: ids)
        try? writeStatsCache(cache)
        return StatsInput(
            span: summaries.first.map { $0.day...summaries[summaries.count - 1].day }, days: summaries,
            streakRuns: cache.runs)
    }

    private struct Stale: Error {}

    private func fromCache(_ cache: StatsCacheFile, range: StatsRange, today: Int, days: LocalDays) throws -> StatsInput
    {
        let names = try FileIO.list(paths.journalDirectory).filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }
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
            return StatsInput(span: span, days: try cache.summaries(in: window), streakRuns: cache.runs)
        }
        // Fold the appended lines: only new, readable sessions, and only when no change record could touch them.
        guard cache.changeCount == 0 else { throw Stale() }
        var records: [JournalRecord] = []
        var lines: [Int] = []
        var problems: [JournalIssue] = []
        JournalReader.parse(appended, file: "", into: &records, lines: &lines, issues: &problems)
        guard problems.isEmpty else { throw Stale() }
        var newHashes = Set<Int>()
        var byDay: [Int: DaySummary] = [:]
        for summary in try cache.summaries() { byDay[summary.day] = summary }
        for record in records {
            guard case .session(let log) = record else { throw Stale() }
            let hash = StatsCache.hash(log.id)
            guard !cache.containsID(hash: hash), newHashes.insert(hash).inserted else { throw Stale() }
            let day = days.dayNumber(of: log)
            byDay[day, default: DaySummary(day: day)].add(
                focused: log.focused, completed: log.completed, hour: days.startHour(of: log), tag: log.tag)
        }
        let summaries = byDay.values.sorted { $0.day < $1.day }
        let folded = StatsCache(
            fingerprint: cache.fingerprint, files: states, sessionCount: cache.sessionCount + records.count,
            changeCount: 0,
            summaries: summaries, runs: StatsInput.streakRuns(summaries),
            idHashes: (cache.idHashes + newHashes).sorted())
        try? writeStatsCache(folded)
        return StatsInput(
            span: summaries.first.map { $0.day...summaries[summaries.count - 1].day }, days: summaries,
            streakRuns: folded.runs)
    }

    private func writeStatsCache(_ cache: StatsCache) throws(FocusError) {
        try FileIO.makeDirectories(paths.dataDirectory)
        try FileIO.replace(paths.statsCacheFile, with: cache.encoded())
    }
}
