import FocusCore
import Testing

@Suite struct StatsServiceTests {
    // now = 2026-11-29T18:00:00Z (Sunday); 7d = 2026-11-23 … 2026-11-29 in UTC.
    @Test(arguments: [
        ("2026-11-22T23:59:59Z", false),  // the last second before the first date
        ("2026-11-22T23:50:00Z", false),  // crosses midnight: belongs to its start date
        ("2026-11-23T00:00:00Z", true),  // midnight of the first date
        ("2026-11-29T00:00:00Z", true),  // midnight of today
        ("2026-11-29T17:30:00Z", true),  // today, before now
        ("2026-11-30T00:00:00Z", false),  // tomorrow
    ])
    func sevenDayEdges(start: String, included: Bool) {
        let data = Fixtures.stats([Fixtures.log(start)], range: .lastDays(7))
        #expect(data.from == Fixtures.date("2026-11-23") && data.to == Fixtures.date("2026-11-29"))
        #expect(data.days.count == 7)
        #expect(data.sessions == (included ? 1 : 0))
    }

    @Test(arguments: [
        ("2026-10-31T23:59:59Z", false), ("2026-11-01T00:00:00Z", true),
        ("2026-11-03T23:59:59Z", true), ("2026-11-04T00:00:00Z", false),
    ])
    func fromToEdges(start: String, included: Bool) {
        let range = StatsRange.dates(from: Fixtures.date("2026-11-01"), to: Fixtures.date("2026-11-03"))
        let data = Fixtures.stats([Fixtures.log(start)], range: range)
        #expect(data.days.map(\.date.isoString) == ["2026-11-01", "2026-11-02", "2026-11-03"])
        #expect(data.sessions == (included ? 1 : 0))
    }

    /// Instants either side of local midnight on DST days, with the local date each belongs to.
    @Test(arguments: [
        ("America/New_York", "2026-03-08T04:59:59Z", "2026-03-07"),
        ("America/New_York", "2026-03-08T05:00:00Z", "2026-03-08"),
        ("America/New_York", "2026-03-09T03:59:59Z", "2026-03-08"),  // 23-hour day ends at 04:00Z
        ("America/New_York", "2026-03-09T04:00:00Z", "2026-03-09"),
        ("America/New_York", "2026-11-01T03:59:59Z", "2026-10-31"),
        ("America/New_York", "2026-11-01T04:00:00Z", "2026-11-01"),
        ("America/New_York", "2026-11-02T04:59:59Z", "2026-11-01"),  // 25-hour day ends at 05:00Z
        ("America/New_York", "2026-11-02T05:00:00Z", "2026-11-02"),
        ("Australia/Lord_Howe", "2026-04-04T12:59:59Z", "2026-04-04"),  // +11:00
        ("Australia/Lord_Howe", "2026-04-04T13:00:00Z", "2026-04-05"),
        ("Australia/Lord_Howe", "2026-04-05T13:29:59Z", "2026-04-05"),  // 24.5-hour day, now +10:30
        ("Australia/Lord_Howe", "2026-04-05T13:30:00Z", "2026-04-06"),
        ("Australia/Lord_Howe", "2026-10-03T13:29:59Z", "2026-10-03"),
        ("Australia/Lord_Howe", "2026-10-03T13:30:00Z", "2026-10-04"),
        ("Australia/Lord_Howe", "2026-10-04T12:59:59Z", "2026-10-04"),  // 23.5-hour day, now +11:00
        ("Australia/Lord_Howe", "2026-10-04T13:00:00Z", "2026-10-05"),
    ])
    func dstMidnights(zone: String, start: String, date: String) {
        let data = Fixtures.stats([Fixtures.log(start)], days: Fixtures.days(zone))
        #expect(data.days.filter { $0.sessions > 0 }.map(\.date.isoString) == [date])
    }

    /// One session starting every hour of a DST day lands in that day's single bucket.
    @Test(arguments: [
        ("America/New_York", "2026-03-08", "2026-03-08T05:00:00Z", 23),
        ("America/New_York", "2026-11-01", "2026-11-01T04:00:00Z", 25),
        ("Australia/Lord_Howe", "2026-10-04", "2026-10-03T13:30:00Z", 24),  // 23.5 hours: 24 hourly starts
        ("Australia/Lord_Howe", "2026-04-05", "2026-04-04T13:00:00Z", 25),  // 24.5 hours: 25 hourly starts
    ])
    func dstDayIsOneBucket(zone: String, date: String, firstStart: String, hours: Int) {
        let first = Fixtures.instant(firstStart)
        let logs = (0..<hours).map { Fixtures.log(UTCTimestamp.format(first.addingTimeInterval(Double($0 * 3600)))) }
        let day = Fixtures.date(date)
        let data = Fixtures.stats(
            logs, range: .dates(from: day.adding(days: -1), to: day.adding(days: 1)), days: Fixtures.days(zone))
        #expect(data.days.map(\.sessions) == [0, hours, 0])
    }

    /// The reader is in UTC; each session lands on the local date of its own zone.
    @Test(
        arguments: [
            ("2026-11-28T17:00:00Z", "Asia/Shanghai", "2026-11-29"),  // 01:00 in Shanghai
            ("2026-11-29T06:00:00Z", "America/Los_Angeles", "2026-11-28"),  // 22:00 the evening before
            ("2026-11-29T06:00:00Z", nil, "2026-11-29"),  // no tz: the reader's
            ("2026-11-28T13:45:00Z", "Asia/Kathmandu", "2026-11-28"),  // 19:30 at +05:45
            ("2026-11-28T18:15:00Z", "Asia/Kathmandu", "2026-11-29"),  // 00:00 at +05:45
            ("2026-11-29T06:00:00Z", "Not/AZone", "2026-11-29"),  // unknown zone: the reader's
        ] as [(String, String?, String)])
    func sessionsFromSeveralZones(start: String, tz: String?, date: String) {
        let data = Fixtures.stats([Fixtures.log(start, tz: tz)])
        #expect(data.days.filter { $0.sessions > 0 }.map(\.date.isoString) == [date])
    }

    @Test(arguments: [
        ("2026-11-29T03:59:00Z", "2026-11-28"), ("2026-11-29T04:00:00Z", "2026-11-29"),
    ])
    func dayStartMovesTheBoundary(start: String, date: String) {
        let data = Fixtures.stats([Fixtures.log(start)], days: Fixtures.days(dayStart: 4 * 3600))
        #expect(data.days.filter { $0.sessions > 0 }.map(\.date.isoString) == [date])
    }

    /// Day offsets from today (2026-11-29) with a completed or interrupted session, and the streaks they make.
    @Test(
        arguments: [
            ([], [], 0, 0),
            ([0], [], 1, 1),
            ([-1, -2], [], 2, 2),  // today without a session does not break it
            ([-2, -3], [], 0, 2),  // yesterday missed: broken
            ([-1], [0], 1, 1),  // an interrupted session today is not a streak day
            ([], [0, -1], 0, 0),  // interrupted sessions never make a streak
            ([0, -1, -2, -5, -6, -7, -8], [-3, -4], 3, 4),
            ([1, 0], [], 1, 2),  // a future date does not extend today's streak
        ] as [([Int], [Int], Int, Int)])
    func streakRules(completed: [Int], interrupted: [Int], current: Int, longest: Int) {
        let logs =
            completed.map { Fixtures.log(dayOffset: $0) }
            + interrupted.map { Fixtures.log(dayOffset: $0, completed: false) }
        let data = Fixtures.stats(logs, range: .lastDays(7))
        #expect(data.currentStreak.days == current)
        #expect(data.longestStreak.days == longest)
    }

    @Test func currentStreakCarriesItsDates() {
        let data = Fixtures.stats([-1, -2, -3].map { Fixtures.log(dayOffset: $0) })
        #expect(
            data.currentStreak == Streak(days: 3, start: Fixtures.date("2026-11-26"), end: Fixtures.date("2026-11-28")))
    }

    @Test func summaryNumbers() {
        let logs = [
            Fixtures.log("2026-11-29T09:00:00Z", minutes: 50, tag: "writing"),
            Fixtures.log("2026-11-29T14:10:00Z", minutes: 25, tag: "coding"),
            Fixtures.log("2026-11-27T09:30:00Z", minutes: 90, tag: "coding"),
            Fixtures.log("2026-11-26T20:00:00Z", minutes: 10, completed: false),
            Fixtures.log("2026-11-20T09:00:00Z", minutes: 100, tag: "writing"),  // previous 7 days
        ]
        let data = StatsService.buildStatsData(
            focusLogs: logs, range: .lastDays(7), now: Fixtures.now, days: Fixtures.days(), dailyGoalMinutes: 60)
        #expect(data.focusedSeconds == 175 * 60)
        #expect((data.sessions, data.completedSessions, data.interruptedSessions) == (4, 3, 1))
        #expect(data.completionRate == 0.75)
        #expect(data.averageSessionSeconds == 175 * 60 / 4)
        #expect(data.longestSessionSeconds == 90 * 60)
        #expect(data.bestDay == StatsData.Day(date: Fixtures.date("2026-11-27"), focusedSeconds: 90 * 60, sessions: 1))
        #expect(data.byTag.map(\.tag) == ["coding", "writing", nil])
        #expect(data.byTag.map(\.focusedSeconds) == [115 * 60, 50 * 60, 10 * 60])
        #expect(data.byHour[9] == 140 * 60 && data.byHour[14] == 25 * 60 && data.byHour[20] == 10 * 60)
        #expect(data.byHour.reduce(0, +) == data.focusedSeconds)
        #expect(data.previous?.focusedSeconds == 100 * 60)
        #expect(data.previous?.changeSeconds == 75 * 60)
        #expect(data.previous?.from == Fixtures.date("2026-11-16") && data.previous?.to == Fixtures.date("2026-11-22"))
        #expect(data.today.focusedSeconds == 75 * 60 && data.today.goalSeconds == 3600 && data.today.fraction == 1.25)
        #expect(data.days.map(\.sessions) == [0, 0, 0, 1, 1, 0, 2])
    }

    @Test func noPreviousComparisonWhenThatRangeIsEmpty() {
        #expect(Fixtures.stats([Fixtures.log(dayOffset: 0)], range: .lastDays(7)).previous == nil)
        #expect(
            Fixtures.stats([Fixtures.log(dayOffset: -100), Fixtures.log(dayOffset: 0)], range: .all).previous == nil)
    }

    @Test func tagFilterAppliesToEveryNumber() {
        let logs = [Fixtures.log("2026-11-29T09:00:00Z", tag: "a"), Fixtures.log("2026-11-28T09:00:00Z", tag: "b")]
        let data = Fixtures.stats(logs, range: .lastDays(7), tag: "a")
        #expect(data.sessions == 1 && data.byTag.map(\.tag) == ["a"] && data.currentStreak.days == 1 && data.tag == "a")
    }

    @Test func allRunsFromTheFirstSessionToToday() {
        let data = Fixtures.stats([Fixtures.log("2026-11-01T09:00:00Z")], range: .all)
        #expect(
            data.from == Fixtures.date("2026-11-01") && data.to == Fixtures.date("2026-11-29") && data.days.count == 29)
        #expect(Fixtures.stats([], range: .all).days.count == 1)
    }

    @Test func emptyRangeHasNoBestDayOrRate() {
        let data = Fixtures.stats([], range: .lastDays(30))
        #expect(data.days.count == 30 && data.days.allSatisfy { $0.sessions == 0 })
        #expect(data.bestDay == nil && data.completionRate == nil && data.averageSessionSeconds == 0)
    }
}
