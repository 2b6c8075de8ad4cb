import FocusJournal
import FocusModels
import FocusServices

/// A change record to any session folded into the stats cache, with the session index (``SessionIndex``): the
/// session as it read before the record and after, and the other sessions of its days, read by their lines.
extension AppStore {
    /// `derived` with the change record `record` (an edit, a deletion or an undo, the one line appended since) folded
    /// in: the day summaries of the session's days before and after (made again from the index's sessions of those
    /// days), the streaks, the tags' latest uses (a use the record takes away is found again back through the day
    /// summaries) and the newest sessions when it is or becomes one of them, the expedition and the growth totals
    /// where they can be told without the history (``DerivedJournal/progress(replacing:with:days:)``; else they are
    /// dropped, for the commands that show them to rebuild). `nil` when the index cannot tell.
    func foldWithIndex(
        _ record: JournalChange, files: [StatsCache.FileState], into derived: DerivedJournal, days: LocalDays
    ) -> DerivedJournal? {
        guard let core = derived.core, !derived.containsID(hash: StatsCache.hash(record.id)),
            let index = sessionIndex(), index.files.map(\.state) == files,
            let (old, new) = try? SessionLookup(store: self, index: index).change(record)
        else { return nil }
        let lookup = SessionLookup(store: self, index: index)
        let affected = Set([old, new].compactMap { $0 }.map(days.dayNumber(of:)))
        // The days' sessions are read only when their summaries, or a filter's streak, cannot be told by difference.
        var sessions: [(log: FocusLog, device: String?)]?
        func read() -> [(log: FocusLog, device: String?)]? {
            if sessions == nil { sessions = try? lookup.sessionsWithDevices(on: affected, days: days) }
            return sessions
        }
        var after: [DaySummary] = []
        if let folded = Self.summaries(on: affected.sorted(), of: derived, replacing: old, with: new, days: days) {
            after = folded
        } else if !affected.isEmpty {
            guard let found = read() else { return nil }
            let made = StatsService.daySummaries(focusLogs: found.map(\.log), days: days)
            after = affected.sorted().map { day in made.first { $0.day == day } ?? DaySummary(day: day) }
        }
        var tags = core.tags
        for tag in Set((old?.tags ?? []) + (new?.tags ?? [])) {
            let current = tags.first { $0.tag == tag }
            var latest = new.flatMap { $0.has(tag: tag) ? $0.start.timeIntervalSince1970 : nil }
            if let old, old.has(tag: tag), current == nil || current?.start == old.start.timeIntervalSince1970 {
                // The record may take the latest use away: the newest other one, in the day summaries (none: `nil`).
                let other: Double?
                do {
                    other = try latestUse(
                        of: tag, before: days.dayNumber(of: old) + 5, derived: derived, after: after, lookup: lookup,
                        days: days)
                } catch {
                    return nil
                }
                latest = [latest, other].compactMap { $0 }.max()
            } else if let current {
                latest = max(latest ?? current.start, current.start)
            }
            tags.removeAll { $0.tag == tag }
            if let latest { tags.append(JournalDigest.TagUse(tag: tag, start: latest)) }
        }
        tags.sort { $0.precedes($1) }
        guard var runs = try? derived.streakRuns() else { return nil }
        for summary in after { runs = Self.runs(runs, setting: summary.day, to: summary.completed > 0) }
        let previous = derived.delta
        let progress = derived.progress(
            replacing: old, with: new, days: days, definitions: foldedDefinitions(of: derived, days: days))
        var delta = StatsCacheDelta(
            files: files, sessionCount: derived.sessionCount + (new == nil ? 0 : 1) - (old == nil ? 0 : 1),
            changeCount: derived.changeCount + 1,
            core: JournalDigest.Core(
                tags: tags, changeTargets: DerivedJournal.merged(core.changeTargets, [StatsCache.hash(record.target)]),
                growth: progress.growth),
            expedition: progress.expedition, history: Self.history(derived, replacing: old, with: new, lookup: lookup))
        delta.pending = progress.pending
        if progress.sameExpedition { delta.encodedExpedition = derived.encodedExpedition }
        delta.runsFrom = min(previous?.runsFrom ?? Int.max, (affected.min() ?? Int.max) - 1)
        delta.runs = runs.filter { $0.upperBound >= delta.runsFrom }
        delta.days = Self.replacing(previous?.days ?? [], with: after)
        delta.ids = DerivedJournal.merged(previous?.ids ?? [], [StatsCache.hash(record.id)])
        if delta.history != nil { delta.prefixes = previous?.prefixes ?? [] }
        if let changed = new ?? old {
            guard let device = try? lookup.device(ofSession: changed.id) else { return nil }
            let streakDays: [String: [(day: Int, isStreakDay: Bool)]]
            if sessions == nil,
                let told = Self.filterStreakDays(
                    replacing: old, with: new, device: device,
                    soleWriter: index.files.allSatisfy { JournalFileName($0.state.name)?.writer?.name == device },
                    after: after, days: days)
            {
                streakDays = told
            } else {
                guard let found = read() else { return nil }
                streakDays = Self.filterStreakDays(
                    of: [old, new].compactMap { $0 }, device: device, on: affected.sorted(), among: found, days: days)
            }
            guard let filters = try? derived.filterChanges(setting: streakDays) else { return nil }
            delta.filters = filters
        } else {
            delta.filters = previous?.filters ?? []
        }
        return DerivedJournal(file: derived.file, delta: delta)
    }

    /// The summaries of the days `affected` (sorted) with the session `old` taken away and `new` added, told from
    /// `derived`'s own; `nil` when they cannot be (``DaySummary/remove(focused:completed:hour:tags:)``).
    private static func summaries(
        on affected: [Int], of derived: DerivedJournal, replacing old: FocusLog?, with new: FocusLog?, days: LocalDays
    ) -> [DaySummary]? {
        var out: [DaySummary] = []
        for day in affected {
            guard StatsCache.days.contains(day), let before = try? derived.summaries(in: day...day) else { return nil }
            var summary = before.first ?? DaySummary(day: day)
            if let old, days.dayNumber(of: old) == day {
                let hour = days.startHour(of: old)
                guard summary.remove(focused: old.focused, completed: old.completed, hour: hour, tags: old.tags) else {
                    return nil
                }
            }
            if let new, days.dayNumber(of: new) == day {
                summary.add(
                    focused: new.focused, completed: new.completed, hour: days.startHour(of: new), tags: new.tags)
            }
            out.append(summary)
        }
        return out
    }

    /// ``filterStreakDays(of:device:on:among:days:)`` told from the days' summaries `after` (the change folded in):
    /// a day a key's completed session `new` is on is in its streak; one that `old` was on is, if another completed
    /// session with the tag is left (the tag's count), or with the device: one is left and `device` (`soleWriter`)
    /// wrote every file; other days are as they were. `nil` when a device's day cannot be told so.
    private static func filterStreakDays(
        replacing old: FocusLog?, with new: FocusLog?, device: String?, soleWriter: Bool, after: [DaySummary],
        days: LocalDays
    ) -> [String: [(day: Int, isStreakDay: Bool)]]? {
        var out: [String: [(day: Int, isStreakDay: Bool)]] = [:]
        let tags = Set([old, new].compactMap { $0 }.flatMap(\.tags))
        for summary in after {
            // The session before and after as a completed one of this day: the only ones that can set its streaks.
            let newOn = new.flatMap { $0.completed && days.dayNumber(of: $0) == summary.day ? $0 : nil }
            let oldOn = old.flatMap { $0.completed && days.dayNumber(of: $0) == summary.day ? $0 : nil }
            for tag in tags {
                let added = newOn?.tags.contains(tag) ?? false
                guard added || oldOn?.tags.contains(tag) ?? false else { continue }
                let left = added || summary.tags.contains { $0.tag == tag && $0.completed > 0 }
                out[FilterStreaks.key(tag: tag), default: []].append((summary.day, left))
            }
            guard let device, newOn != nil || oldOn != nil else { continue }
            guard newOn != nil || summary.completed == 0 || soleWriter else { return nil }
            out[FilterStreaks.key(device: device), default: []].append((summary.day, summary.completed > 0))
        }
        return out
    }

    /// The newest sessions with `old` read as `new`, as a record over the base; `nil` when they cannot be told: a
    /// session gone or back (the short ids may change length), or one of them moved out of the newest (the one that
    /// would take its place is not known).
    private static func history(
        _ derived: DerivedJournal, replacing old: FocusLog?, with new: FocusLog?, lookup: SessionLookup
    ) -> JournalDigest.History? {
        guard let old, let new, derived.delta == nil || derived.delta?.history != nil else { return nil }
        // A session older than all of them, before and after, leaves them as they are: told without reading them.
        if derived.sessionCount > JournalDigest.History.kept, let floor = derived.historyFloor,
            (old.start, old.id) < floor, (new.start, new.id) < floor
        {
            return derived.delta?.history
                ?? derived.file.historyIDLength.map { JournalDigest.History(newest: [], devices: [], idLength: $0) }
        }
        guard let history = derived.history, let oldest = history.newest.last else { return nil }
        let previous =
            derived.delta?.history ?? JournalDigest.History(newest: [], devices: [], idLength: history.idLength)
        let holdsAll = derived.sessionCount <= history.newest.count
        let kept = history.newest.firstIndex { $0.id == old.id }
        guard holdsAll || (new.start, new.id) > (oldest.start, oldest.id) else { return kept == nil ? previous : nil }
        let device: String?
        if let kept {
            device = history.devices[kept]
        } else {
            guard let found = try? lookup.device(ofSession: new.id) else { return nil }
            device = found
        }
        return previous.merging(JournalDigest.History(newest: [new], devices: [device], idLength: history.idLength))
    }

    /// The start of the newest session with `tag` on a day before `end`, after a fold whose days `after` replace
    /// theirs in `derived`; `nil` when no session has it. A session's day is its start's in its own zone: the newest
    /// use is on the last day with the tag, or up to four days before it.
    private func latestUse(
        of tag: String, before end: Int, derived: DerivedJournal, after: [DaySummary], lookup: SessionLookup,
        days: LocalDays
    ) throws -> Double? {
        var high = end - 1
        var found: Int?
        while found == nil, high >= StatsCache.days.lowerBound {
            let low = max(StatsCache.days.lowerBound, high - 255)
            let summaries = Self.replacing(
                try derived.summaries(in: low...high), with: after.filter { (low...high).contains($0.day) })
            found = summaries.last { summary in summary.tags.contains { $0.tag == tag && $0.sessions > 0 } }?.day
            high = low - 1
        }
        guard let found else { return nil }
        let logs = try lookup.sessions(on: Set((found - 4)...found), days: days)
        return logs.filter { $0.has(tag: tag) }.map(\.start.timeIntervalSince1970).max()
    }
}
