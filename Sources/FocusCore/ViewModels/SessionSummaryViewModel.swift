import FoundationEssentials

/// The summary printed when a timer session ends.
public struct SessionSummaryViewModel {
    public let store: AppStore
    /// The session just recorded; `nil` when it was discarded.
    public let recorded: FocusLog?
    /// Seconds counted when it was discarded (stopped under a minute).
    public let discardedSeconds: Int
    public let suspendedSeconds: Int
    public let now: Date
    public let days: LocalDays

    public init(store: AppStore, recorded: FocusLog?, discardedSeconds: Int = 0, suspendedSeconds: Int = 0, now: Date, days: LocalDays) {
        self.store = store
        self.recorded = recorded
        self.discardedSeconds = discardedSeconds
        self.suspendedSeconds = suspendedSeconds
        self.now = now
        self.days = days
    }

    /// `Done: 25m focused` / `Stopped early: 12m focused, recorded as interrupted` / discarded.
    public var headline: String {
        guard let recorded else {
            return "Stopped after \(LocalTime.duration(discardedSeconds)): under a minute, so nothing was recorded."
        }
        let focus = LocalTime.duration(recorded.focused)
        let tag = recorded.tag.map { " #\($0)" } ?? ""
        return recorded.completed
            ? "Done: \(focus) focused\(tag)."
            : "Stopped early: \(focus) focused\(tag), recorded as interrupted."
    }

    /// Sleep that was skipped, when there was any.
    public var suspendedLine: String? {
        suspendedSeconds > 0 ? "The machine slept for \(LocalTime.duration(suspendedSeconds)); that time is not counted as focus." : nil
    }

    /// `Today: 1h15m in 3 sessions · Streak: 4 days`.
    public var todayLine: String {
        let today = days.date(of: now)
        let totals = StatsService.totals(focusLogs: store.focusLogs, on: today, days: days)
        let streak = StreakService.current(streakDays: StreakService.streakDays(focusLogs: store.focusLogs, days: days), today: today)
        let sessions = totals.sessions == 1 ? "1 session" : "\(totals.sessions) sessions"
        let streakText = streak.days == 1 ? "1 day" : "\(streak.days) days"
        return "Today: \(LocalTime.duration(totals.focused)) in \(sessions) · Streak: \(streakText)"
    }
}
