/// Statistics over sessions, as pure functions: no clock, no file, no global state.
public enum StatsService {
    /// Focused seconds and session count on one local date.
    public static func totals(focusLogs: [FocusLog], on date: CivilDate, days: LocalDays) -> (focused: Int, sessions: Int) {
        let target = date.dayNumber
        var focused = 0, sessions = 0
        for log in focusLogs where days.dayNumber(of: log) == target {
            focused += log.focused
            sessions += 1
        }
        return (focused, sessions)
    }
}
