import FocusModels
import FocusServices

extension AppStore {
    /// `compute()`'s value, computed once for the history as it is: kept under `name` (and the zone and day start
    /// of `days`, when the value depends on them) until the journal is read again or a record is added.
    ///
    /// For values a live screen asks for again and again (the dashboard redraws a tab many times between two
    /// journal changes), which every one-shot command computes once anyway: the short id length, the streak days,
    /// the day summaries of one tag.
    package func derived<Value>(_ name: String, days: LocalDays? = nil, _ compute: () -> Value) -> Value {
        let key = days.map { name + "|" + StatsCache.fingerprint(days: $0) } ?? name
        if let value = derivedValues[key] as? Value { return value }
        let value = compute()
        derivedValues[key] = value
        return value
    }

    /// ``StreakService/streakDays(focusLogs:days:)`` of the journal's sessions, kept while the history stays the same.
    package func streakDays(days: LocalDays) -> [Int] {
        derived("streak-days", days: days) { StreakService.streakDays(focusLogs: focusLogs, days: days) }
    }
}
