import FocusModels
import FoundationEssentials

/// Statistics over sessions, as pure functions: no clock, no file, no global state.
///
/// Every function takes `now` and the ``LocalDays`` (zone and day start) it
/// needs. Sessions are bucketed by ``LocalDays/dayNumber(of:)`` into arrays
/// indexed by day offset, so the cost grows linearly with sessions and days.
public enum StatsService {
    /// Focused seconds and session count on one local date.
    public static func totals(focusLogs: [FocusLog], on date: CivilDate, days: LocalDays) -> (
        focused: Int, sessions: Int
    ) {
        let target = date.dayNumber
        var focused = 0
        var sessions = 0
        for log in focusLogs where days.dayNumber(of: log) == target {
            focused += log.focused
            sessions += 1
        }
        return (focused, sessions)
    }

    /// Everything `focus stats` reports for `range`, in one pass over the sessions.
    ///
    /// - Parameters:
    ///   - focusLogs: the sessions, in any order.
    ///   - range: which local dates to report; see ``StatsRange``.
    ///   - tag: when set, only sessions with exactly this tag count, streaks included.
    ///   - now: the instant that decides "today".
    ///   - days: the reader's zone and day start; each session uses its own `tz`.
    ///   - dailyGoalMinutes: the goal today's focus is measured against.
    ///   - isDemo: passed through to ``StatsData/isDemo``.
    public static func buildStatsData(
        focusLogs: [FocusLog], range: StatsRange, tag: String? = nil, now: Date, days: LocalDays,
        dailyGoalMinutes: Int = 100, isDemo: Bool = false
    ) -> StatsData {
        let logs = tag.map { wanted in focusLogs.filter { $0.has(tag: wanted) } } ?? focusLogs
        return buildStatsData(
            input: StatsInput(summaries: daySummaries(focusLogs: logs, days: days)), range: range, tag: tag, now: now,
            days: days, dailyGoalMinutes: dailyGoalMinutes, isDemo: isDemo)
    }

    /// The sessions summed per local date, added to `summaries` (sorted by date; days without sessions left out).
    ///
    /// The one fold from sessions to day summaries: the journal's full history and a few appended sessions
    /// on top of the derived stats cache both go through it.
    public static func daySummaries(
        focusLogs: some Sequence<FocusLog>, days: LocalDays, adding summaries: [DaySummary] = []
    ) -> [DaySummary] {
        fold(focusLogs, days: days, adding: summaries)
    }

    /// ``daySummaries(focusLogs:days:adding:)`` of an array, compiled for it: a caller in another module would
    /// otherwise go through the generic entry, whose first run has the runtime look up the array's iterator type.
    public static func daySummaries(
        focusLogs: [FocusLog], days: LocalDays, adding summaries: [DaySummary] = []
    ) -> [DaySummary] {
        fold(focusLogs, days: days, adding: summaries)
    }

    @inline(__always)
    private static func fold(
        _ focusLogs: some Sequence<FocusLog>, days: LocalDays, adding summaries: [DaySummary]
    ) -> [DaySummary] {
        func add(_ log: FocusLog, to summary: inout DaySummary) {
            summary.add(focused: log.focused, completed: log.completed, hour: days.startHour(of: log), tags: log.tags)
        }
        guard summaries.isEmpty else {
            // A few sessions on top of sorted summaries (a fold): each finds its day by binary search.
            var out = summaries
            for log in focusLogs {
                let day = days.dayNumber(of: log)
                var low = 0
                var high = out.count
                while low < high {
                    let mid = (low + high) / 2
                    if out[mid].day < day { low = mid + 1 } else { high = mid }
                }
                if low == out.count || out[low].day != day { out.insert(DaySummary(day: day), at: low) }
                add(log, to: &out[low])
            }
            return out
        }
        var byDay: [Int: DaySummary] = [:]
        for log in focusLogs {
            let day = days.dayNumber(of: log)
            add(log, to: &byDay[day, default: DaySummary(day: day)])
        }
        return byDay.values.sorted { $0.day < $1.day }
    }

    /// The days ``buildStatsData(input:range:tag:now:days:dailyGoalMinutes:isDemo:)`` reads for `range`:
    /// the range, the period of the same length before it, and today.
    public static func window(range: StatsRange, today: Int, span: ClosedRange<Int>?) -> ClosedRange<Int> {
        let bounds = range.bounds(today: today, sessionSpan: span)
        return min(bounds.lowerBound - bounds.count, today)...max(bounds.upperBound, today)
    }

    /// ``buildStatsData(focusLogs:range:tag:now:days:dailyGoalMinutes:isDemo:)`` from day summaries;
    /// `tag` is only reported (the summaries are already of that tag's sessions).
    public static func buildStatsData(
        input: StatsInput, range: StatsRange, tag: String? = nil, now: Date, days: LocalDays,
        dailyGoalMinutes: Int = 100, isDemo: Bool = false
    ) -> StatsData {
        let today = days.date(of: now).dayNumber
        let bounds = range.bounds(today: today, sessionSpan: input.span)
        let first = bounds.lowerBound
        let count = bounds.count
        let previousFirst = first - count

        var dayFocus = [Int](repeating: 0, count: count)
        var daySessions = [Int](repeating: 0, count: count)
        var byHour = [Int](repeating: 0, count: 24)
        // Keyed by `String`, the untagged total apart: a dictionary keyed by an optional makes the runtime look up
        // `Optional: Hashable` on its first use, a search that costs more than the rest of this function.
        var tags: [String: (focused: Int, sessions: Int)] = [:]
        var untagged: (focused: Int, sessions: Int)?
        func add(_ sum: DaySummary.TagSum, to total: inout (focused: Int, sessions: Int)) {
            total.focused += sum.focused
            total.sessions += sum.sessions
        }
        var focused = 0
        var sessions = 0
        var completed = 0
        var longest = 0
        var previousFocus = 0
        var previousSessions = 0
        var todayFocus = 0
        for summary in input.days {
            let day = summary.day
            if day == today { todayFocus += summary.focused }
            if bounds.contains(day) {
                dayFocus[day - first] += summary.focused
                daySessions[day - first] += summary.sessions
                focused += summary.focused
                sessions += summary.sessions
                completed += summary.completed
                longest = max(longest, summary.longest)
                // One look-up a tag and a day: every day of a long history goes through here.
                for t in summary.tags {
                    guard let tag = t.tag else {
                        var total = untagged ?? (0, 0)
                        add(t, to: &total)
                        untagged = total
                        continue
                    }
                    add(t, to: &tags[tag, default: (0, 0)])
                }
                for hour in 0..<24 { byHour[hour] += summary.hours[hour] }
            } else if day >= previousFirst && day < first {
                previousFocus += summary.focused
                previousSessions += summary.sessions
            }
        }

        let dayList = (0..<count).map {
            Day(date: CivilDate(dayNumber: first + $0), focusedSeconds: dayFocus[$0], sessions: daySessions[$0])
        }
        let best = dayList.reduce(nil as Day?) { best, day in
            day.focusedSeconds > (best?.focusedSeconds ?? 0) ? day : best
        }
        let previous =
            previousSessions == 0
            ? nil
            : StatsData.Comparison(
                from: CivilDate(dayNumber: previousFirst), to: CivilDate(dayNumber: first - 1),
                focusedSeconds: previousFocus, sessions: previousSessions, changeSeconds: focused - previousFocus,
                changeRatio: previousFocus > 0 ? Double(focused - previousFocus) / Double(previousFocus) : nil)
        return StatsData(
            from: CivilDate(dayNumber: first), to: CivilDate(dayNumber: bounds.upperBound), tag: tag,
            focusedSeconds: focused, sessions: sessions, completedSessions: completed,
            interruptedSessions: sessions - completed,
            completionRate: sessions > 0 ? Double(completed) / Double(sessions) : nil,
            averageSessionSeconds: sessions > 0 ? focused / sessions : 0, longestSessionSeconds: longest,
            days: dayList, bestDay: best, byTag: sortedTags(tags, untagged: untagged), byHour: byHour,
            previous: previous,
            currentStreak: StreakService.current(streakRuns: input.streakRuns, today: today),
            longestStreak: StreakService.longest(streakRuns: input.streakRuns),
            today: StatsData.GoalProgress(
                date: CivilDate(dayNumber: today), focusedSeconds: todayFocus, goalSeconds: dailyGoalMinutes * 60),
            isDemo: isDemo)
    }

    private typealias Day = StatsData.Day

    private static func sortedTags(
        _ tags: [String: (focused: Int, sessions: Int)], untagged: (focused: Int, sessions: Int)?
    ) -> [StatsData.TagTotal] {
        var totals = tags.map {
            StatsData.TagTotal(tag: $0.key.tagLabel, focusedSeconds: $0.value.focused, sessions: $0.value.sessions)
        }
        if let untagged {
            totals.append(StatsData.TagTotal(tag: nil, focusedSeconds: untagged.focused, sessions: untagged.sessions))
        }
        return totals.sorted { a, b in
            if a.focusedSeconds != b.focusedSeconds { return a.focusedSeconds > b.focusedSeconds }
            switch (a.tag, b.tag) {
            case (let x?, let y?): return x < y
            case (_?, nil): return true
            default: return false
            }
        }
    }
}
