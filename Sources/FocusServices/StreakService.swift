import FocusModels

/// Streak rules, as pure functions.
///
/// A streak day is a local date with at least one completed session;
/// interrupted sessions do not count. Today without a session yet does not
/// break the current streak: it then ends yesterday.
public enum StreakService {
    /// The sorted, distinct day numbers with a completed session.
    public static func streakDays(focusLogs: [FocusLog], days: LocalDays) -> [Int] {
        streakDays(completedDayNumbers: focusLogs.lazy.filter(\.completed).map(days.dayNumber(of:)))
    }

    /// The sorted, distinct values of `completedDayNumbers`: the day numbers of completed sessions.
    public static func streakDays(completedDayNumbers: some Sequence<Int>) -> [Int] {
        Set(completedDayNumbers).sorted()
    }

    /// The streak that is still alive on `today`; `streakDays` sorted and distinct, as ``streakDays(focusLogs:days:)``
    /// gives them.
    public static func current(streakDays: [Int], today: CivilDate) -> Streak {
        let t = today.dayNumber
        // Binary search for the last day not after today: the expedition asks once per session.
        var low = 0
        var high = streakDays.count
        while low < high {
            let mid = (low + high) / 2
            if streakDays[mid] <= t { low = mid + 1 } else { high = mid }
        }
        guard low > 0, streakDays[low - 1] >= t - 1 else { return .none }
        let last = streakDays[low - 1]
        var first = last
        var index = low - 1
        while index > 0, streakDays[index - 1] == first - 1 {
            first -= 1
            index -= 1
        }
        return Streak(days: last - first + 1, start: CivilDate(dayNumber: first), end: CivilDate(dayNumber: last))
    }

    /// The longest run ever (the latest one when several tie).
    public static func longest(streakDays: [Int]) -> Streak {
        var best = Streak.none
        var runStart = 0
        for (i, day) in streakDays.enumerated() {
            if i == 0 || streakDays[i - 1] != day - 1 { runStart = day }
            let length = day - runStart + 1
            if length >= best.days {
                best = Streak(days: length, start: CivilDate(dayNumber: runStart), end: CivilDate(dayNumber: day))
            }
        }
        return best
    }

    /// ``current(streakDays:today:)`` from runs of consecutive days (``StatsInput/streakRuns``).
    public static func current(streakRuns runs: [ClosedRange<Int>], today t: Int) -> Streak {
        var low = 0
        var high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].lowerBound <= t { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return .none }
        let run = runs[low - 1]
        let last = min(run.upperBound, t)
        guard last >= t - 1 else { return .none }
        return Streak(
            days: last - run.lowerBound + 1, start: CivilDate(dayNumber: run.lowerBound),
            end: CivilDate(dayNumber: last))
    }

    /// ``longest(streakDays:)`` from runs of consecutive days: the latest of the longest.
    public static func longest(streakRuns runs: [ClosedRange<Int>]) -> Streak {
        guard let index = longestRun(in: runs) else { return .none }
        let run = runs[index]
        return Streak(
            days: run.count, start: CivilDate(dayNumber: run.lowerBound), end: CivilDate(dayNumber: run.upperBound))
    }

    /// The index in `runs` of the run ``longest(streakRuns:)`` tells (the latest of the longest); `nil` with none.
    public static func longestRun(in runs: [ClosedRange<Int>]) -> Int? {
        var best: Int?
        for (i, run) in runs.enumerated() where run.count >= best.map({ runs[$0].count }) ?? 0 { best = i }
        return best
    }
}
