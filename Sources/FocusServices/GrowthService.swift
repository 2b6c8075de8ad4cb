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
        let total = focusLogs.reduce(0) { $0 + $1.focused }
        let index = levels.lastIndex { $0.minimumHours * 3600 <= total } ?? 0
        let next = index + 1 < levels.count ? levels[index + 1] : nil
        var progress = 1.0
        if let next {
            let floor = levels[index].minimumHours * 3600
            progress = Double(total - floor) / Double(next.minimumHours * 3600 - floor)
        }
        let badges = badges(
            focusLogs: focusLogs, streakDays: streakDays, expedition: expedition, deepFocusMinutes: deepFocusMinutes,
            days: days)
        return GrowthProfile(
            level: levels[index], nextLevel: next, totalFocusSeconds: total, progressToNext: progress, badges: badges,
            isDemo: isDemo)
    }

    /// Every badge with the date it was earned, earned ones first by date.
    static func badges(
        focusLogs: [FocusLog], streakDays: [Int], expedition: ExpeditionState, deepFocusMinutes: Int, days: LocalDays
    ) -> [Badge] {
        let completed = focusLogs.filter(\.completed)
        let deep = completed.filter { $0.focused >= deepFocusMinutes * 60 }
        let stamps = expedition.stampedChapters.compactMap(\.stampedOn)
        func nth<T>(_ items: [T], _ n: Int, _ date: (T) -> CivilDate?) -> CivilDate? {
            items.count >= n ? date(items[n - 1]) : nil
        }
        let all = [
            Badge(
                id: "first-session", title: "First Step", detail: "Complete a focus session",
                earnedOn: nth(completed, 1, days.date(of:))),
            Badge(
                id: "first-deep-focus", title: "Deep Diver",
                detail: "Complete a session of \(deepFocusMinutes) minutes or more",
                earnedOn: nth(deep, 1, days.date(of:))),
            Badge(
                id: "deep-focus-10", title: "Depth Gauge", detail: "Complete 10 deep focus sessions",
                earnedOn: nth(deep, 10, days.date(of:))),
            Badge(
                id: "streak-7", title: "Week Unbroken", detail: "Focus 7 days in a row",
                earnedOn: streakReached(7, streakDays)),
            Badge(
                id: "streak-30", title: "Month Unbroken", detail: "Focus 30 days in a row",
                earnedOn: streakReached(30, streakDays)),
            Badge(
                id: "streak-100", title: "Hundred Days", detail: "Focus 100 days in a row",
                earnedOn: streakReached(100, streakDays)),
            Badge(
                id: "hours-10", title: "Ten Hours", detail: "Focus 10 hours in total",
                earnedOn: hoursReached(10, focusLogs, days)),
            Badge(
                id: "hours-100", title: "Hundred Hours", detail: "Focus 100 hours in total",
                earnedOn: hoursReached(100, focusLogs, days)),
            Badge(
                id: "hours-1000", title: "Thousand Hours", detail: "Focus 1000 hours in total",
                earnedOn: hoursReached(1000, focusLogs, days)),
            Badge(
                id: "first-stamp", title: "First Stamp", detail: "Stamp a chapter of the expedition",
                earnedOn: nth(stamps, 1) { $0 }),
            Badge(
                id: "stamps-5", title: "Seasoned Traveller", detail: "Stamp 5 chapters", earnedOn: nth(stamps, 5) { $0 }
            ),
            Badge(
                id: "expedition-complete", title: "Journey's End", detail: "Stamp every chapter of the route",
                earnedOn: expedition.isComplete ? stamps.last : nil),
        ]
        let earned = all.enumerated().filter { $0.element.earned }.sorted {
            ($0.element.earnedOn!, $0.offset) < ($1.element.earnedOn!, $1.offset)
        }.map(\.element)
        return earned + all.filter { !$0.earned }
    }

    /// The first date on which a run of consecutive days reached `length`.
    static func streakReached(_ length: Int, _ streakDays: [Int]) -> CivilDate? {
        var run = 0
        for (i, day) in streakDays.enumerated() {
            run = i > 0 && streakDays[i - 1] == day - 1 ? run + 1 : 1
            if run == length { return CivilDate(dayNumber: day) }
        }
        return nil
    }

    /// The date of the session with which total focus reached `hours`.
    static func hoursReached(_ hours: Int, _ focusLogs: [FocusLog], _ days: LocalDays) -> CivilDate? {
        var total = 0
        for log in focusLogs {
            total += log.focused
            if total >= hours * 3600 { return days.date(of: log) }
        }
        return nil
    }
}
