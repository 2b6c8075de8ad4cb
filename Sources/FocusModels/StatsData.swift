/// Everything `focus stats` reports for one range, computed by
/// ``StatsService/buildStatsData(focusLogs:range:tag:now:days:dailyGoalMinutes:isDemo:)``.
///
/// A plain value: the text and JSON views only format it.
public struct StatsData: Equatable, Sendable {
    /// One local date of the range.
    public struct Day: Equatable, Sendable {
        public let date: CivilDate
        public let focusedSeconds: Int
        public let sessions: Int

        public init(date: CivilDate, focusedSeconds: Int, sessions: Int) {
            self.date = date
            self.focusedSeconds = focusedSeconds
            self.sessions = sessions
        }
    }

    /// Focus under one tag; `tag` is `nil` for sessions without one. A session with several tags counts under each.
    public struct TagTotal: Equatable, Sendable {
        public let tag: String?
        public let focusedSeconds: Int
        public let sessions: Int

        package init(tag: String?, focusedSeconds: Int, sessions: Int) {
            self.tag = tag
            self.focusedSeconds = focusedSeconds
            self.sessions = sessions
        }
    }

    /// The range of equal length just before this one.
    public struct Comparison: Equatable, Sendable {
        public let from: CivilDate
        public let to: CivilDate
        public let focusedSeconds: Int
        public let sessions: Int
        /// This range's focus minus the previous range's, in seconds.
        public let changeSeconds: Int
        /// The change as a fraction of the previous range's focus; `nil` when that was zero.
        public let changeRatio: Double?

        package init(
            from: CivilDate, to: CivilDate, focusedSeconds: Int, sessions: Int, changeSeconds: Int, changeRatio: Double?
        ) {
            self.from = from
            self.to = to
            self.focusedSeconds = focusedSeconds
            self.sessions = sessions
            self.changeSeconds = changeSeconds
            self.changeRatio = changeRatio
        }
    }

    /// Today's focus against the daily goal.
    public struct GoalProgress: Equatable, Sendable {
        public let date: CivilDate
        public let focusedSeconds: Int
        public let goalSeconds: Int

        package init(date: CivilDate, focusedSeconds: Int, goalSeconds: Int) {
            self.date = date
            self.focusedSeconds = focusedSeconds
            self.goalSeconds = goalSeconds
        }
        /// `focusedSeconds / goalSeconds`; may exceed 1.
        public var fraction: Double { goalSeconds > 0 ? Double(focusedSeconds) / Double(goalSeconds) : 0 }
    }

    /// First local date of the range.
    public let from: CivilDate
    /// Last local date of the range (included).
    public let to: CivilDate
    /// The `--tag` filter, if any: every number below counts only that tag.
    public let tag: String?
    public let focusedSeconds: Int
    public let sessions: Int
    public let completedSessions: Int
    public let interruptedSessions: Int
    /// Completed / sessions; `nil` when there were no sessions.
    public let completionRate: Double?
    /// Focused seconds per session, rounded down; 0 without sessions.
    public let averageSessionSeconds: Int
    public let longestSessionSeconds: Int
    /// Every date of the range in order, zeros included.
    public let days: [Day]
    /// The date with the most focus (the earliest on a tie); `nil` when nothing was focused.
    public let bestDay: Day?
    /// Per-tag totals, largest first (ties by tag name, untagged last); a session with several tags counts under
    /// each, so they can add up to more than the range's totals (``tagsOverlap``).
    public let byTag: [TagTotal]
    /// Focused seconds by the hour (0–23) each session started, in the session's own zone.
    public let byHour: [Int]
    /// The change against the previous range of equal length; `nil` when that range has no sessions.
    public let previous: Comparison?
    /// The streak alive today (today without a session yet does not break it), over the whole journal.
    public let currentStreak: Streak
    /// The longest streak in the whole journal.
    public let longestStreak: Streak
    public let today: GoalProgress
    /// Built from demo sessions because the journal is empty.
    public let isDemo: Bool

    package init(
        from: CivilDate,
        to: CivilDate,
        tag: String?,
        focusedSeconds: Int,
        sessions: Int,
        completedSessions: Int,
        interruptedSessions: Int,
        completionRate: Double?,
        averageSessionSeconds: Int,
        longestSessionSeconds: Int,
        days: [Day],
        bestDay: Day?,
        byTag: [TagTotal],
        byHour: [Int],
        previous: Comparison?,
        currentStreak: Streak,
        longestStreak: Streak,
        today: GoalProgress,
        isDemo: Bool
    ) {
        self.from = from
        self.to = to
        self.tag = tag
        self.focusedSeconds = focusedSeconds
        self.sessions = sessions
        self.completedSessions = completedSessions
        self.interruptedSessions = interruptedSessions
        self.completionRate = completionRate
        self.averageSessionSeconds = averageSessionSeconds
        self.longestSessionSeconds = longestSessionSeconds
        self.days = days
        self.bestDay = bestDay
        self.byTag = byTag
        self.byHour = byHour
        self.previous = previous
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.today = today
        self.isDemo = isDemo
    }

    /// Number of dates in the range.
    public var dayCount: Int { days.count }

    /// Whether some session of the range has several tags, so the per-tag table counts it more than once.
    public var tagsOverlap: Bool { byTag.reduce(0) { $0 + $1.sessions } > sessions }
}
