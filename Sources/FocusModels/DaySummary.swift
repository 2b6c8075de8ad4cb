/// One local date's totals: what `focus stats` needs of that day, whatever its sessions were.
///
/// Statistics are sums of these, so they can come from the journal
/// (``StatsService/daySummaries(focusLogs:days:)``) or from the derived stats
/// cache, and give the same ``StatsData`` either way.
public struct DaySummary: Equatable, Sendable {
    /// Days since 1970-01-01 of the local date.
    public var day: Int
    public var focused = 0
    public var sessions = 0
    public var completed = 0
    /// The longest session's focused seconds.
    public var longest = 0
    /// How many sessions focused ``longest`` seconds: with it, taking one away
    /// (``remove(focused:completed:hour:tags:)``) tells the longest still, unless it was the only one.
    public var longestCount = 0
    /// Focused seconds by the local hour sessions started in (24 entries).
    public var hours = [Int](repeating: 0, count: 24)
    /// Focused seconds and sessions per tag (`nil`: untagged), sorted by tag with `nil` first. A session with
    /// several tags counts under each of them.
    public var tags: [TagSum] = []

    public struct TagSum: Equatable, Sendable {
        public var tag: String?
        public var focused: Int
        public var sessions: Int
        /// How many of ``sessions`` were completed: whether the day is in the tag's streak.
        public var completed: Int

        package init(tag: String?, focused: Int, sessions: Int, completed: Int) {
            self.tag = tag
            self.focused = focused
            self.sessions = sessions
            self.completed = completed
        }
    }

    public init(day: Int) { self.day = day }

    /// Adds one session that belongs to this day and started in local hour `hour`.
    package mutating func add(focused seconds: Int, completed done: Bool, hour: Int, tags: [String]) {
        focused += seconds
        sessions += 1
        if done { completed += 1 }
        if seconds > longest {
            longest = seconds
            longestCount = 1
        } else if seconds == longest {
            longestCount += 1
        }
        hours[hour] += seconds
        if tags.isEmpty { add(seconds, done, tag: nil) }
        for tag in tags { add(seconds, done, tag: tag) }
    }

    /// Takes away one session that ``add(focused:completed:hour:tags:)`` added with the same values: `false`, with
    /// the summary as it was, when the result cannot be told (the session was the only one as long as the day's
    /// longest, whose next is not kept) or the session cannot have been added (a sum would go below zero).
    package mutating func remove(focused seconds: Int, completed done: Bool, hour: Int, tags: [String]) -> Bool {
        var next = self
        next.focused -= seconds
        next.sessions -= 1
        if done { next.completed -= 1 }
        next.hours[hour] -= seconds
        for tag in tags.isEmpty ? [nil] : tags.map(Optional.some) {
            guard let i = next.tags.firstIndex(where: { $0.tag == tag }) else { return false }
            next.tags[i].focused -= seconds
            next.tags[i].sessions -= 1
            if done { next.tags[i].completed -= 1 }
            let sum = next.tags[i]
            guard sum.focused >= 0, sum.completed >= 0, sum.completed <= sum.sessions else { return false }
            if next.tags[i].sessions == 0 { next.tags.remove(at: i) }
        }
        guard next.focused >= 0, next.sessions >= 0, next.completed >= 0, next.completed <= next.sessions,
            next.hours[hour] >= 0, seconds <= longest
        else { return false }
        if next.sessions == 0 {
            next = DaySummary(day: day)
        } else if seconds == longest {
            guard longestCount > 1 else { return false }
            next.longestCount -= 1
        }
        self = next
        return true
    }

    private mutating func add(_ seconds: Int, _ done: Bool, tag: String?) {
        if let i = tags.firstIndex(where: { $0.tag == tag }) {
            tags[i].focused += seconds
            tags[i].sessions += 1
            if done { tags[i].completed += 1 }
        } else {
            tags.append(TagSum(tag: tag, focused: seconds, sessions: 1, completed: done ? 1 : 0))
            tags.sort { a, b in a.tag == nil ? b.tag != nil : (b.tag.map { a.tag! < $0 } ?? false) }
        }
    }
}

/// What ``StatsService/buildStatsData(input:range:tag:now:days:dailyGoalMinutes:isDemo:)`` reads.
public struct StatsInput: Equatable, Sendable {
    /// The first and last local dates with a session, `nil` with none.
    public var span: ClosedRange<Int>?
    /// Day summaries sorted by day, at least every day with sessions in ``StatsService/window(range:today:span:)``.
    public var days: [DaySummary]
    /// Runs of consecutive days with a completed session, sorted: over the whole history, or (from the derived files)
    /// only those that tell the current and the longest streak (``StreakService``), which are then the same.
    public var streakRuns: [ClosedRange<Int>]

    public init(span: ClosedRange<Int>?, days: [DaySummary], streakRuns: [ClosedRange<Int>]) {
        self.span = span
        self.days = days
        self.streakRuns = streakRuns
    }

    /// The input of every day in `summaries` (sorted by day), with the streaks they hold.
    public init(summaries: [DaySummary]) {
        self.init(
            span: summaries.first.map { $0.day...summaries[summaries.count - 1].day }, days: summaries,
            streakRuns: Self.streakRuns(summaries))
    }

    /// Runs of consecutive days among sorted day summaries that have a completed session.
    static func streakRuns(_ days: [DaySummary]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for summary in days where summary.completed > 0 {
            if let last = runs.last, last.upperBound == summary.day - 1 {
                runs[runs.count - 1] = last.lowerBound...summary.day
            } else {
                runs.append(summary.day...summary.day)
            }
        }
        return runs
    }
}
