import FocusModels

/// Levels, titles and badges from the journal and the expedition, as pure functions.
public enum GrowthService {
    /// The ladder, by total hours of focus.
    public static let levels: [GrowthLevel] = [
        GrowthLevel(level: 1, title: "Wanderer", minimumHours: 0),
        GrowthLevel(level: 2, title: "Day Tripper", minimumHours: 5),
        GrowthLevel(level: 3, title: "Backpacker", minimumHours: 15),
        GrowthLevel(level: 4, title: "Traveller", minimumHours: 40),
        GrowthLevel(level: 5, title: "Voyager", minimumHours: 80),
        GrowthLevel(level: 6, title: "Navigator", minimumHours: 150),
        GrowthLevel(level: 7, title: "Explorer", minimumHours: 300),
        GrowthLevel(level: 8, title: "Pathfinder", minimumHours: 500),
        GrowthLevel(level: 9, title: "Globetrotter", minimumHours: 800),
        GrowthLevel(level: 10, title: "Cartographer", minimumHours: 1200),
    ]

    /// The streaks a badge is earned by, in days (``badges(totals:streakRuns:expedition:)``): the runs of days that
    /// first reach each are all the profile reads of the streaks besides the current and the longest.
    public static let streakLengths = [7, 30, 100]

    /// The profile for `focusLogs` (sorted by start, as the store keeps them).
    ///
    /// - Parameters:
    ///   - streakDays: the sorted day numbers with a completed session (``StreakService/streakDays(focusLogs:days:)``).
    ///   - expedition: for the stamp badges.
    ///   - deepFocusMinutes: a completed session this long is deep focus.
    ///   - days: maps sessions and stamps to the local dates badges show.
    public static func buildGrowthProfile(
        focusLogs: [FocusLog], streakDays: [Int], expedition: ExpeditionState = ExpeditionState(),
        deepFocusMinutes: Int = 50,
        days: LocalDays, isDemo: Bool = false
    ) -> GrowthProfile {
        buildGrowthProfile(
            totals: GrowthTotals(focusLogs: focusLogs, deepFocusMinutes: deepFocusMinutes, days: days),
            streakRuns: runs(streakDays), expedition: expedition, isDemo: isDemo)
    }

    /// The profile from the sessions' ``GrowthTotals`` and the runs of days with a completed session
    /// (``StatsInput/streakRuns``): what the derived files hold.
    public static func buildGrowthProfile(
        totals: GrowthTotals, streakRuns: [ClosedRange<Int>], expedition: ExpeditionState, isDemo: Bool = false
    ) -> GrowthProfile {
        let total = totals.focused
        let index = levels.lastIndex { $0.minimumHours * 3600 <= total } ?? 0
        let next = index + 1 < levels.count ? levels[index + 1] : nil
        var progress = 1.0
        if let next {
            let floor = levels[index].minimumHours * 3600
            progress = Double(total - floor) / Double(next.minimumHours * 3600 - floor)
        }
        return GrowthProfile(
            level: levels[index], nextLevel: next, totalFocusSeconds: total, progressToNext: progress,
            badges: badges(totals: totals, streakRuns: streakRuns, expedition: expedition), isDemo: isDemo)
    }

    /// Every badge with the date it was earned, earned ones first by date.
    static func badges(totals: GrowthTotals, streakRuns: [ClosedRange<Int>], expedition: ExpeditionState) -> [Badge] {
        let stamps = expedition.stampedChapters.compactMap(\.stampedOn)
        func day(_ number: Int?) -> CivilDate? { number.map(CivilDate.init(dayNumber:)) }
        let all = [
            Badge(
                id: "first-session", title: "First Step", detail: "Complete a focus session",
                earnedOn: day(totals.firstCompleted)),
            Badge(
                id: "first-deep-focus", title: "Deep Diver",
                detail: "Complete a session of \(totals.deepFocusMinutes) minutes or more",
                earnedOn: day(totals.firstDeep)),
            Badge(
                id: "deep-focus-10", title: "Depth Gauge", detail: "Complete 10 deep focus sessions",
                earnedOn: day(totals.tenthDeep)),
            Badge(
                id: "streak-7", title: "Week Unbroken", detail: "Focus 7 days in a row",
                earnedOn: streakReached(streakLengths[0], streakRuns)),
            Badge(
                id: "streak-30", title: "Month Unbroken", detail: "Focus 30 days in a row",
                earnedOn: streakReached(streakLengths[1], streakRuns)),
            Badge(
                id: "streak-100", title: "Hundred Days", detail: "Focus 100 days in a row",
                earnedOn: streakReached(streakLengths[2], streakRuns)),
            Badge(
                id: "hours-10", title: "Ten Hours", detail: "Focus 10 hours in total",
                earnedOn: day(totals.hoursReached[0])),
            Badge(
                id: "hours-100", title: "Hundred Hours", detail: "Focus 100 hours in total",
                earnedOn: day(totals.hoursReached[1])),
            Badge(
                id: "hours-1000", title: "Thousand Hours", detail: "Focus 1000 hours in total",
                earnedOn: day(totals.hoursReached[2])),
            Badge(
                id: "first-stamp", title: "First Stamp", detail: "Stamp a chapter of the expedition",
                earnedOn: stamps.first),
            Badge(
                id: "stamps-5", title: "Seasoned Traveller", detail: "Stamp 5 chapters",
                earnedOn: stamps.count >= 5 ? stamps[4] : nil),
            Badge(
                id: "expedition-complete", title: "Journey's End", detail: "Stamp every chapter of the route",
                earnedOn: expedition.isComplete ? stamps.last : nil),
        ]
        let earned = all.enumerated().filter { $0.element.earned }.sorted {
            ($0.element.earnedOn!, $0.offset) < ($1.element.earnedOn!, $1.offset)
        }.map(\.element)
        return earned + all.filter { !$0.earned }
    }

    /// Runs of consecutive days among sorted, distinct `days`.
    package static func runs(_ days: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for day in days {
            if let last = runs.last, last.upperBound == day - 1 {
                runs[runs.count - 1] = last.lowerBound...day
            } else {
                runs.append(day...day)
            }
        }
        return runs
    }

    /// The first date on which a run of consecutive days reached `length`.
    static func streakReached(_ length: Int, _ runs: [ClosedRange<Int>]) -> CivilDate? {
        firstRun(reaching: length, in: runs).map { CivilDate(dayNumber: runs[$0].lowerBound + length - 1) }
    }

    /// The index in `runs` of the first run `length` days long or longer (the one a streak badge is earned by);
    /// `nil` with none.
    public static func firstRun(reaching length: Int, in runs: [ClosedRange<Int>]) -> Int? {
        runs.firstIndex { $0.count >= length }
    }
}
