import FocusJournal
import FocusModels
import FocusServices

/// The fold: the derived files brought up to journal lines appended since they were written, without reading the
/// history (``derivedJournal(days:definitions:)``).
extension AppStore {
    /// The derived files brought up to the journal as it is now, or `nil` when the journal must be read.
    ///
    /// The one "what changed since I last looked" step for every derived file (``changedSince(_:)``). The cache is
    /// used as it is when every journal file has the same size, modification time, inode and tail hash as when it
    /// was built (or last folded), for the same zone, zone data and day start. When files only grew (same inode,
    /// same tail before the new bytes, which end a line, after a saved end that ended one) by complete, readable
    /// sessions with ids that no record and no change record had, those are folded into it (day summaries,
    /// streaks, ids, tags, newest sessions) and a record of what changed since its base is appended to it
    /// (``StatsCacheDelta``), or past the records' limit the file is replaced by one new base. The expedition and
    /// the growth totals take them only when `definitions` are given (the commands that show those): until then
    /// they are pending. One change record to one of the newest sessions is folded too
    /// (``fold(_:files:into:days:)``). Anything else (other change records, an edit in place, a replaced or new
    /// file, growth focus did not write, another zone or day start) is rebuilt from the journal streamed by
    /// (``rebuiltJournal(days:definitions:)``), unless the store holds the journal already; `nil` when that cannot be
    /// done either: the caller loads the journal and ``saveDerived(days:summaries:expedition:)`` rebuilds it.
    func derivedJournal(days: LocalDays, definitions: ExpeditionDefinitions? = nil) -> DerivedJournal? {
        foldedJournal(days: days, definitions: definitions) ?? rebuiltJournal(days: days, definitions: definitions)
    }

    /// ``derivedJournal(days:definitions:)`` without a rebuild: `nil` when the files cannot be folded.
    private func foldedJournal(days: LocalDays, definitions: ExpeditionDefinitions?) -> DerivedJournal? {
        guard let file = StatsCacheFile.open(paths.statsCacheFile, reusing: statsCacheFile) else { return nil }
        statsCacheFile = file
        let derived = DerivedJournal(file: file)
        let fingerprint = cacheFingerprint(days: days)
        guard derived.fingerprint == fingerprint, derived.sessionCount > 0, let change = try? changedSince(derived)
        else { return nil }
        hasRecords = true
        guard !change.appended.isEmpty || change.files != derived.files || (definitions != nil && derived.hasPending)
        else { return derived }
        // Two processes folding the same lines take turns, the second folding from what the first wrote.
        guard let locked = StatsCacheFile.openLocked(paths.statsCacheFile, reusing: file) else {
            return fold(change, into: derived, days: days, definitions: definitions)
        }
        defer { locked.release() }
        // The file read above, unchanged since (no fold came between): the journal's lines read above are folded.
        var current = derived
        var now = change
        if locked !== file {
            current = DerivedJournal(file: locked)
            guard current.fingerprint == fingerprint, current.sessionCount > 0, let changed = try? changedSince(current)
            else { return nil }
            now = changed
            guard !now.appended.isEmpty || now.files != current.files || (definitions != nil && current.hasPending)
            else { return current }
        }
        guard let folded = fold(now, into: current, days: days, definitions: definitions),
            let delta = folded.delta
        else { return nil }
        let record = delta.record()
        if locked.hasTrailingBytes
            || locked.length - locked.baseLength + record.count > StatsCacheDelta.limit(baseLength: locked.baseLength)
            || !locked.append(record)
        {
            // A new base holds no pending sessions: they are folded first (or the expedition is left to a rebuild).
            let whole =
                folded.hasPending
                ? (try? loadExpeditionDefinitions()).flatMap { definitions in
                    fold(([], delta.files), into: folded, days: days, definitions: definitions)
                } ?? folded : folded
            if let cache = try? whole.compacted(files: delta.files) { try? writeStatsCache(cache) }
        }
        return folded
    }

    /// `derived` with the sessions `change` appended folded in, as a new record over the same base, and with
    /// `definitions` the pending ones folded into the expedition and the growth totals; `nil` when they cannot be
    /// (``newSessions(in:derived:digest:)``).
    private func fold(
        _ change: (appended: [(name: String, bytes: ArraySlice<UInt8>)], files: [StatsCache.FileState]),
        into derived: DerivedJournal, days: LocalDays, definitions: ExpeditionDefinitions?
    ) -> DerivedJournal? {
        let parsed = change.appended.map { Appended(name: $0.name, bytes: $0.bytes) }
        if let record = Self.onlyChange(in: parsed) {
            return fold(record, files: change.files, into: derived, days: days)
                ?? foldWithIndex(record, files: change.files, into: derived, days: days)
        }
        if let (sessions, changes) = Self.mixed(parsed) {
            // The sessions first (a change's days are made again from the index, which holds them), then each change.
            var folded = derived
            if sessions.contains(where: { !$0.records.isEmpty }) {
                guard
                    let next = fold(sessions, files: change.files, into: derived, days: days, definitions: definitions)
                else { return nil }
                folded = next
            }
            for record in changes {
                guard
                    let next = fold(record, files: change.files, into: folded, days: days)
                        ?? foldWithIndex(record, files: change.files, into: folded, days: days)
                else { return nil }
                folded = DerivedJournal(file: next.file, delta: next.delta, events: folded.events)
            }
            return folded
        }
        return fold(parsed, files: change.files, into: derived, days: days, definitions: definitions)
    }

    /// ``fold(_:into:days:definitions:)`` of appended lines that are all sessions.
    private func fold(
        _ parsed: [Appended], files: [StatsCache.FileState], into derived: DerivedJournal, days: LocalDays,
        definitions: ExpeditionDefinitions?
    ) -> DerivedJournal? {
        guard let core = derived.core else { return nil }
        let previous = derived.delta
        // The newest sessions are the record's own (those added since the base): the base's are not read.
        var digest = JournalDigest(core: core, history: nil, expedition: derived.foldedExpedition)
        guard let added = try? newSessions(in: parsed, derived: derived, digest: digest) else { return nil }
        let touched = Set(added.logs.map(days.dayNumber(of:))).sorted()
        var before: [DaySummary] = []
        for day in touched {
            guard let summary = try? derived.summaries(in: day...day) else { return nil }
            before += summary
        }
        let after = StatsService.daySummaries(focusLogs: added.logs, days: days, adding: before)
        let runsFrom = min(previous?.runsFrom ?? Int.max, touched.first.map { $0 - 1 } ?? Int.max)
        // Only the runs the record keeps: a streak day joins or extends runs that end the day before it or later.
        guard var runs = try? derived.streakRuns(endingFrom: runsFrom) else { return nil }
        for summary in after where summary.completed > 0 { runs = Self.runs(runs, setting: summary.day, to: true) }
        // A new id that shares its short id with another session's makes every short id longer: `log` rebuilds.
        let idLength = derived.file.historyIDLength
        let prefixes = added.logs.map { JournalDigest.prefixHash($0.id, length: idLength ?? 0) }
        let lengthens = Set(prefixes).count < prefixes.count || prefixes.contains(where: derived.containsPrefix)
        let keepsHistory = idLength != nil && !lengthens && (previous == nil || previous?.history != nil)
        digest = digest.folding(added.logs, devices: added.devices, lengthensShortIDs: true)
        var pending = (previous?.pending ?? []) + added.logs
        var events: [String: [ExpeditionEvent]] = [:]
        if let definitions {
            (digest, events) = digest.foldingProgress(pending, definitions: definitions, days: days)
            pending = []
        }
        var delta = StatsCacheDelta(
            files: files, sessionCount: derived.sessionCount + added.logs.count,
            changeCount: derived.changeCount,
            core: JournalDigest.Core(tags: digest.tags, changeTargets: digest.changeTargets, growth: digest.growth),
            expedition: digest.expedition,
            history: idLength.flatMap { idLength in
                keepsHistory
                    ? (previous?.history ?? JournalDigest.History(newest: [], devices: [], idLength: idLength))
                        .merging(
                            JournalDigest.History(
                                newest: added.logs, devices: added.logs.map { added.devices[$0.id] },
                                idLength: idLength)) : nil
            })
        // Without definitions the expedition is the one read: its bytes are copied, not written again.
        if definitions == nil { delta.encodedExpedition = derived.encodedExpedition }
        delta.pending = pending.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        delta.runsFrom = runsFrom
        delta.runs = runs
        delta.days = Self.replacing(previous?.days ?? [], with: after)
        delta.ids = DerivedJournal.merged(previous?.ids ?? [], added.hashes)
        // Without the history (a new id made the short ids longer) the short ids are not kept: `log` rebuilds them.
        if delta.history != nil { delta.prefixes = DerivedJournal.merged(previous?.prefixes ?? [], prefixes.sorted()) }
        var streakDays: [String: [(day: Int, isStreakDay: Bool)]] = [:]
        for log in added.logs where log.completed {
            for key in FilterStreaks.keys(of: log, device: added.devices[log.id]) {
                streakDays[key, default: []].append((days.dayNumber(of: log), true))
            }
        }
        guard let filters = try? derived.filterChanges(setting: streakDays) else { return nil }
        delta.filters = filters
        return DerivedJournal(file: derived.file, delta: delta, events: events)
    }

    /// The lines appended to one journal file, read: their records, and the problems of those that cannot be read.
    /// (A struct, not a tuple: an array of tuples has its type made at run time.)
    private struct Appended {
        let name: String
        var records: [JournalRecord] = []
        var problems: [JournalIssue] = []

        init(name: String, bytes: ArraySlice<UInt8>) {
            self.name = name
            var lines: [Int] = []
            JournalReader.parse(Array(bytes), file: "", into: &records, lines: &lines, issues: &problems)
        }
    }

    /// Appended lines of sessions and change records (`log add` then `log edit`, a split, edits of two sessions),
    /// all readable: the sessions, and the change records in journal order; `nil` when there is no change record, a
    /// change names a record appended with it but not before it in the same file, or two changes may name one
    /// session (an undo among several changes, or one target twice): the index tells what a change does as of the
    /// whole journal, so each change folded must be the only one of its session.
    private static func mixed(_ appended: [Appended]) -> (sessions: [Appended], changes: [JournalChange])? {
        var sessions: [Appended] = []
        var changes: [JournalChange] = []
        // Where each record appended is: its file and its place in it.
        var added: [String: (file: Int, line: Int)] = [:]
        for (file, lines) in appended.enumerated() {
            guard lines.problems.isEmpty else { return nil }
            var kept = lines
            kept.records = []
            for (line, record) in lines.records.enumerated() {
                added[record.id] = (file, line)
                switch record {
                case .session: kept.records.append(record)
                case .change(let change): changes.append(change)
                }
            }
            sessions.append(kept)
        }
        guard !changes.isEmpty,
            changes.count == 1
                || (changes.allSatisfy { $0.kind != .undo } && Set(changes.map(\.target)).count == changes.count)
        else { return nil }
        for change in changes {
            guard let target = added[change.target] else { continue }
            guard let own = added[change.id], target.file == own.file, target.line < own.line else { return nil }
        }
        return (sessions, changes)
    }

    /// The appended lines when they are one change record (an edit, a deletion, an undo), else `nil`.
    private static func onlyChange(in appended: [Appended]) -> JournalChange? {
        guard appended.count == 1, appended[0].problems.isEmpty, appended[0].records.count == 1,
            case .change(let change) = appended[0].records[0]
        else { return nil }
        return change
    }

    /// `derived` with the change record `record` folded in: the day summaries, streaks, tags and newest sessions
    /// follow it, and the expedition and the growth totals where they can be told without the history
    /// (``DerivedJournal/progress(replacing:with:days:)``; else they are dropped, for the commands that show them to
    /// rebuild).
    /// Only a change to one of the newest sessions (``JournalDigest/History``) that no change record named before,
    /// whose days (before and after) hold no older session, can be folded; `nil` for any other.
    private func fold(
        _ record: JournalChange, files: [StatsCache.FileState], into derived: DerivedJournal, days: LocalDays
    ) -> DerivedJournal? {
        guard derived.historyMayHold(id: record.target), let core = derived.core, let history = derived.history,
            let oldest = history.newest.last, let index = history.newest.firstIndex(where: { $0.id == record.target }),
            !derived.containsID(hash: StatsCache.hash(record.id)),
            !DerivedJournal.contains(StatsCache.hash(record.target), in: core.changeTargets)
        else { return nil }
        let old = history.newest[index]
        let new = JournalHistory(sessions: [old], changes: [record]).effectiveLogs.first
        // The history holds every session that starts after its oldest: all of a day's when that is two days before.
        let holdsAll = derived.sessionCount <= history.newest.count
        let affected = Set([old, new].compactMap { $0 }.map(days.dayNumber(of:))).sorted()
        guard holdsAll || affected.allSatisfy({ Double($0 - 2) * 86_400 > oldest.start.timeIntervalSince1970 }),
            holdsAll || new.map({ ($0.start, $0.id) > (oldest.start, oldest.id) }) ?? true
        else { return nil }
        var entries = Array(zip(history.newest, history.devices))
        entries.remove(at: index)
        if let new { entries.append((new, history.devices[index])) }
        let sessions = entries.map(\.0)
        let summaries = StatsService.daySummaries(
            focusLogs: sessions.filter { affected.contains(days.dayNumber(of: $0)) }, days: days)
        let after = affected.map { day in summaries.first { $0.day == day } ?? DaySummary(day: day) }
        // A tag's latest use is among the newest sessions unless every session with it is older than all of them.
        var tags = core.tags
        for tag in Set(old.tags + (new?.tags ?? [])) {
            let latest = sessions.filter { $0.has(tag: tag) }.map(\.start.timeIntervalSince1970).max()
            tags.removeAll { $0.tag == tag }
            if let latest {
                tags.append(JournalDigest.TagUse(tag: tag, start: latest))
            } else if !holdsAll {
                return nil
            }
        }
        tags.sort { $0.precedes($1) }
        guard var runs = try? derived.streakRuns() else { return nil }
        for summary in after { runs = Self.runs(runs, setting: summary.day, to: summary.completed > 0) }
        let previous = derived.delta
        let targets = core.changeTargets
        let target = StatsCache.hash(record.target)
        let progress = derived.progress(
            replacing: old, with: new, days: days, definitions: foldedDefinitions(of: derived, days: days))
        var delta = StatsCacheDelta(
            files: files, sessionCount: derived.sessionCount - (new == nil ? 1 : 0),
            changeCount: derived.changeCount + 1,
            core: JournalDigest.Core(
                tags: tags,
                changeTargets: DerivedJournal.merged(targets, [target]),
                growth: progress.growth),
            expedition: progress.expedition,
            // A deletion can make the short ids shorter: `log` rebuilds them.
            history: new.flatMap { new in
                guard previous == nil || previous?.history != nil else { return nil }
                return
                    (previous?.history
                    ?? JournalDigest.History(newest: [], devices: [], idLength: history.idLength)).merging(
                        JournalDigest.History(
                            newest: [new], devices: [history.devices[index]], idLength: history.idLength))
            })
        delta.pending = progress.pending
        if progress.sameExpedition { delta.encodedExpedition = derived.encodedExpedition }
        delta.runsFrom = min(previous?.runsFrom ?? Int.max, (affected.first ?? Int.max) - 1)
        delta.runs = runs.filter { $0.upperBound >= delta.runsFrom }
        delta.days = Self.replacing(previous?.days ?? [], with: after)
        delta.ids = DerivedJournal.merged(previous?.ids ?? [], [StatsCache.hash(record.id)])
        if delta.history != nil { delta.prefixes = previous?.prefixes ?? [] }
        let device = history.devices[index]
        guard
            let filters = try? derived.filterChanges(
                setting: Self.filterStreakDays(
                    of: [old, new].compactMap { $0 }, device: device, on: affected,
                    among: entries.map { ($0.0, $0.1) }, days: days))
        else { return nil }
        delta.filters = filters
        return DerivedJournal(file: derived.file, delta: delta)
    }

    /// The streak days of the tags of `changed` (a session before and after a change record) and of `device`, its
    /// recorder, on each of the days `affected`, from `sessions` (every session of those days, with its device).
    static func filterStreakDays(
        of changed: [FocusLog], device: String?, on affected: some Sequence<Int>,
        among sessions: [(log: FocusLog, device: String?)], days: LocalDays
    ) -> [String: [(day: Int, isStreakDay: Bool)]] {
        var keys = Set(changed.flatMap(\.tags).map(FilterStreaks.key(tag:)))
        if let device { keys.insert(FilterStreaks.key(device: device)) }
        var streaks: [String: Set<Int>] = [:]
        for (log, device) in sessions where log.completed {
            for key in FilterStreaks.keys(of: log, device: device) where keys.contains(key) {
                streaks[key, default: []].insert(days.dayNumber(of: log))
            }
        }
        var out: [String: [(day: Int, isStreakDay: Bool)]] = [:]
        for key in keys { out[key] = affected.map { day in (day, streaks[key]?.contains(day) ?? false) } }
        return out
    }

    /// The sorted, disjoint `runs` with `day` among their days, or not.
    static func runs(_ runs: [ClosedRange<Int>], setting day: Int, to isStreakDay: Bool) -> [ClosedRange<Int>] {
        var low = 0
        var high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].upperBound < day { low = mid + 1 } else { high = mid }
        }
        let inside = low < runs.count && runs[low].contains(day)
        guard isStreakDay else {
            guard inside else { return runs }
            var out = runs
            let run = out.remove(at: low)
            if day < run.upperBound { out.insert(day + 1...run.upperBound, at: low) }
            if run.lowerBound < day { out.insert(run.lowerBound...day - 1, at: low) }
            return out
        }
        if inside { return runs }
        var out = runs
        let joinsNext = low < out.count && out[low].lowerBound == day + 1
        let joinsPrevious = low > 0 && out[low - 1].upperBound == day - 1
        switch (joinsPrevious, joinsNext) {
        case (true, true):
            out[low - 1] = out[low - 1].lowerBound...out[low].upperBound
            out.remove(at: low)
        case (true, false): out[low - 1] = out[low - 1].lowerBound...day
        case (false, true): out[low] = day...out[low].upperBound
        case (false, false): out.insert(day...day, at: low)
        }
        return out
    }

    /// The sorted `summaries` with each of the sorted `changed` in place of the one of its day, or added.
    static func replacing(_ summaries: [DaySummary], with changed: [DaySummary]) -> [DaySummary] {
        var byDay = Dictionary(summaries.map { ($0.day, $0) }, uniquingKeysWith: { $1 })
        for summary in changed { byDay[summary.day] = summary }
        return byDay.values.sorted { $0.day < $1.day }
    }

    /// The sessions in `bytes` (appended lines), with their id hashes; `Stale` unless every line is a readable
    /// session (a record a crash cut short aside, skipped as by a full load) whose id no record, no change record
    /// and no other new line has.
    private func newSessions(
        in appended: [Appended], derived: DerivedJournal, digest: JournalDigest
    ) throws -> (logs: [FocusLog], hashes: [Int], devices: [String: String]) {
        var hashes = Set<Int>()
        var logs: [FocusLog] = []
        var devices: [String: String] = [:]
        for file in appended {
            guard file.problems.allSatisfy(\.isTornTail) else { throw Stale() }
            let writer = JournalFileName(file.name)?.writer
            for record in file.records {
                guard case .session(let log) = record else { throw Stale() }
                let hash = StatsCache.hash(log.id)
                guard !derived.containsID(hash: hash), !digest.isChangeTarget(hash), hashes.insert(hash).inserted else {
                    throw Stale()
                }
                logs.append(log)
                if let writer { devices[log.id] = writer.name }
            }
        }
        return (logs, hashes.sorted(), devices)
    }
}
