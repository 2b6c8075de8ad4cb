import FocusModels
import FocusServices

extension AppStore {
    /// What `focus stats --tag` or `--device` needs for a bounded `range`, without the history: the streak runs of
    /// the matching sessions from the stats cache (``FilterStreaks``), the window's day summaries from its own
    /// sessions, read through the session index (``SessionLookup/sessionsWithDevices(on:days:)``). `nil` when they
    /// cannot tell: `all` (its span is the matching sessions'), both filters at once, no session index built yet (a
    /// first filtered run does not build one), an index or cache that does not follow the journal.
    func indexedFilteredInput(
        range: StatsRange, tag: String?, device: String?, today: Int, days: LocalDays
    ) -> StatsInput? {
        guard range != .all, (tag == nil) != (device == nil), FileIO.status(paths.sessionIndexFile) != nil,
            let derived = derivedJournal(days: days), let index = sessionIndex(),
            // Each matches the journal as it is: the same files of the same sizes hold the same bytes. (The index
            // keeps the states it saw: a file a sync engine replaced by the same bytes has another inode now.)
            index.files.map(\.state.name) == derived.files.map(\.name),
            index.files.map(\.state.size) == derived.files.map(\.size)
        else { return nil }
        let key = tag.map(FilterStreaks.key(tag:)) ?? FilterStreaks.key(device: device!)
        let window = StatsService.window(range: range, today: today, span: nil)
        guard let runs = try? derived.filterRuns(key),
            let found = try? SessionLookup(store: self, index: index).sessionsWithDevices(
                on: Set(window), days: days)
        else { return nil }
        let logs = found.filter { tag.map($0.log.has(tag:)) ?? ($0.device == device) }.map(\.log)
        var input = StatsInput(summaries: StatsService.daySummaries(focusLogs: logs, days: days))
        input.streakRuns = runs
        return input
    }
}
