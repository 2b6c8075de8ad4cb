import FocusCore
import Testing

@Suite struct StatsRangeTests {
    static let today = Fixtures.date("2026-11-29")

    @Test(
        arguments: [
            (nil, StatsRange.lastDays(7)), ("7d", .lastDays(7)), ("30d", .lastDays(30)), ("90d", .lastDays(90)),
            ("1y", .lastDays(365)), ("14d", .lastDays(14)), ("all", .all),
        ] as [(String?, StatsRange)])
    func namedRanges(text: String?, expected: StatsRange) throws {
        #expect(try StatsRange.parse(range: text, from: nil, to: nil, today: Self.today) == expected)
    }

    /// Each named period on a Sunday, a Monday, the first of a month, January 1st and the day after a leap day,
    /// with weeks from Monday (the default), Sunday and Saturday.
    @Test(arguments: [
        ("2026-11-29", Weekday.monday, "today", "2026-11-29", "2026-11-29"),
        ("2026-11-29", .monday, "yesterday", "2026-11-28", "2026-11-28"),
        ("2026-11-29", .monday, "week", "2026-11-23", "2026-11-29"),
        ("2026-11-29", .monday, "last-week", "2026-11-16", "2026-11-22"),
        ("2026-11-29", .sunday, "week", "2026-11-29", "2026-11-29"),
        ("2026-11-29", .sunday, "last-week", "2026-11-22", "2026-11-28"),
        ("2026-11-29", .saturday, "week", "2026-11-28", "2026-11-29"),
        ("2026-11-29", .saturday, "last-week", "2026-11-21", "2026-11-27"),
        ("2026-11-29", .monday, "month", "2026-11-01", "2026-11-29"),
        ("2026-11-29", .monday, "last-month", "2026-10-01", "2026-10-31"),
        ("2026-11-29", .monday, "year", "2026-01-01", "2026-11-29"),
        ("2026-11-29", .monday, "last-year", "2025-01-01", "2025-12-31"),
        ("2026-11-30", .monday, "week", "2026-11-30", "2026-11-30"),
        ("2026-11-30", .monday, "last-week", "2026-11-23", "2026-11-29"),
        ("2026-11-30", .sunday, "week", "2026-11-29", "2026-11-30"),
        ("2026-11-30", .saturday, "last-week", "2026-11-21", "2026-11-27"),
        ("2026-12-01", .monday, "month", "2026-12-01", "2026-12-01"),
        ("2026-12-01", .monday, "last-month", "2026-11-01", "2026-11-30"),
        ("2026-12-01", .monday, "yesterday", "2026-11-30", "2026-11-30"),
        ("2026-12-01", .monday, "week", "2026-11-30", "2026-12-01"),
        ("2027-01-01", .monday, "year", "2027-01-01", "2027-01-01"),
        ("2027-01-01", .monday, "yesterday", "2026-12-31", "2026-12-31"),
        ("2027-01-01", .monday, "month", "2027-01-01", "2027-01-01"),
        ("2027-01-01", .monday, "last-month", "2026-12-01", "2026-12-31"),
        ("2027-01-01", .monday, "last-year", "2026-01-01", "2026-12-31"),
        ("2027-01-01", .monday, "week", "2026-12-28", "2027-01-01"),
        ("2027-01-01", .sunday, "last-week", "2026-12-20", "2026-12-26"),
        ("2028-03-01", .monday, "last-month", "2028-02-01", "2028-02-29"),
        ("2028-03-01", .monday, "yesterday", "2028-02-29", "2028-02-29"),
        ("2026-03-01", .monday, "last-month", "2026-02-01", "2026-02-28"),
    ])
    func periods(_ today: String, _ weekStart: Weekday, _ name: String, _ first: String, _ last: String) throws {
        let range = try StatsRange.parse(
            range: name, from: nil, to: nil, today: Fixtures.date(today), weekStart: weekStart)
        #expect(
            range == .period(StatsRange.Period(rawValue: name)!, from: Fixtures.date(first), to: Fixtures.date(last)))
        #expect(range.name == name)
        #expect(
            range.bounds(today: 0, sessionSpan: nil) == Fixtures.date(first).dayNumber...Fixtures.date(last).dayNumber)
    }

    /// For every week start and every day of a week: `week` starts on that day and holds today, and `last-week`
    /// is the seven days before it.
    @Test(arguments: Weekday.allCases, 0..<7)
    func everyWeekStart(_ weekStart: Weekday, _ offset: Int) {
        let today = Fixtures.date("2026-11-23").adding(days: offset)
        let week = StatsRange.Period.week.dates(today: today, weekStart: weekStart)
        let last = StatsRange.Period.lastWeek.dates(today: today, weekStart: weekStart)
        #expect(week.lowerBound.isoWeekday == weekStart.rawValue)
        #expect(week.upperBound == today && today.dayNumber - week.lowerBound.dayNumber < 7)
        #expect(
            last.lowerBound == week.lowerBound.adding(days: -7) && last.upperBound == week.lowerBound.adding(days: -1))
    }

    @Test(arguments: [
        ("Week", "week"), (" today ", "today"), ("LAST-MONTH", "last-month"), ("本周", "week"), ("上周", "last-week"),
        ("今天", "today"), ("昨天", "yesterday"), ("本月", "month"), ("上月", "last-month"), ("今年", "year"),
        ("去年", "last-year"), ("7D", "7d"), ("ALL", "all"),
    ])
    func namesAnyCaseAndInChinese(_ text: String, _ name: String) throws {
        #expect(try StatsRange.parse(range: text, from: nil, to: nil, today: Self.today).name == name)
    }

    @Test func everyNameParsesToItself() throws {
        for name in StatsRange.names {
            #expect(try StatsRange.parse(range: name, from: nil, to: nil, today: Self.today).name == name)
        }
    }

    @Test(
        arguments: [
            ("yesterday", nil, "2026-11-28", "2026-11-29"), ("mon", "yesterday", "2026-11-23", "2026-11-28"),
            ("2026-11-01", "sun", "2026-11-01", "2026-11-29"), ("周一", "今天", "2026-11-23", "2026-11-29"),
        ] as [(String, String?, String, String)])
    func fromAndToTakeDayWords(_ from: String, _ to: String?, _ first: String, _ last: String) throws {
        let range = try StatsRange.parse(range: nil, from: from, to: to, today: Self.today)
        #expect(range == .dates(from: Fixtures.date(first), to: Fixtures.date(last)))
    }

    @Test(
        arguments: [
            (
                "8x", nil, nil,
                "'8x' is not a range; use today, yesterday, week, last-week, month, last-month, year, last-year,"
                    + " 7d, 30d, 90d, 1y, all or a number of days like 14d"
            ),
            (
                nil, "tomorrow", nil,
                "--from 'tomorrow' is not a date; use YYYY-MM-DD (like 2026-11-29), today, yesterday"
                    + " or a weekday like mon"
            ),
            (
                nil, "2026-11-01", "2026-02-30",
                "--to '2026-02-30' is not a date; use YYYY-MM-DD (like 2026-11-29), today, yesterday"
                    + " or a weekday like mon"
            ),
            (
                nil, "0001-01-01", nil,
                "--from 0001-01-01 to 2026-11-29 is 739949 days, more than 3660 (ten years); --range all covers every"
                    + " session"
            ),
            (
                nil, "2026-11-29", "9999-12-31",
                "--from 2026-11-29 to 9999-12-31 is 2912111 days, more than 3660 (ten years); --range all covers"
                    + " every session"
            ),
        ] as [(String?, String?, String?, String)])
    func errorsListWhatIsAccepted(_ range: String?, _ from: String?, _ to: String?, _ message: String) {
        #expect {
            try StatsRange.parse(range: range, from: from, to: to, today: Self.today)
        } throws: { error in
            (error as? FocusError).map { $0.kind == .usage && $0.description == message } == true
        }
    }

    /// Ten years of dates (3660) is the most a pair may span, as for `Nd`.
    @Test func fromAndToSpanAtMostTenYears() throws {
        let last = try StatsRange.parse(range: nil, from: "2016-11-22", to: nil, today: Self.today)
        #expect(last.bounds(today: 0, sessionSpan: nil).count == StatsRange.maximumDays)
        #expect(throws: FocusError.self) {
            try StatsRange.parse(range: nil, from: "2016-11-21", to: nil, today: Self.today)
        }
    }

    @Test func fromAndToAreInclusiveAndToDefaultsToToday() throws {
        let pair = try StatsRange.parse(range: nil, from: "2026-11-01", to: "2026-11-03", today: Self.today)
        #expect(pair == .dates(from: Fixtures.date("2026-11-01"), to: Fixtures.date("2026-11-03")))
        #expect(pair.bounds(today: 0, sessionSpan: nil).count == 3)
        let open = try StatsRange.parse(range: nil, from: "2026-11-29", to: nil, today: Self.today)
        #expect(open == .dates(from: Self.today, to: Self.today))
    }

    @Test(
        arguments: [
            ("8x", nil, nil, "not a range"), ("7", nil, nil, "not a range"), ("d", nil, nil, "not a range"),
            ("-1d", nil, nil, "not a range"), ("0d", nil, nil, "from 1d"), ("99999d", nil, nil, "from 1d"),
            (nil, "2026-11-30", "2026-11-01", "after --to"), (nil, nil, "2026-11-01", "needs --from"),
            (nil, "2026-02-30", nil, "not a date"), (nil, "2026-11-01", "tomorrow", "not a date"),
            ("7d", "2026-11-01", nil, "not both"),
        ] as [(String?, String?, String?, String)])
    func badRangesAreUsageErrors(range: String?, from: String?, to: String?, reason: String) {
        #expect {
            try StatsRange.parse(range: range, from: from, to: to, today: Self.today)
        } throws: { error in
            let error = error as! FocusError
            return error.kind == .usage && error.message.description.contains(reason)
        }
    }

    @Test func sevenDaysIsTodayAndSixBefore() {
        let today = Self.today.dayNumber
        #expect(StatsRange.lastDays(7).bounds(today: today, sessionSpan: nil) == today - 6...today)
        #expect(StatsRange.all.bounds(today: today, sessionSpan: today - 40...today - 3) == today - 40...today)
        #expect(StatsRange.all.bounds(today: today, sessionSpan: nil) == today...today)
    }

    /// `all` ends today, as documented, even when a session recorded in a zone ahead is dated tomorrow.
    @Test func allEndsTodayEvenWithASessionDatedTomorrow() {
        let today = Self.today.dayNumber
        #expect(StatsRange.all.bounds(today: today, sessionSpan: today - 40...today + 1) == today - 40...today)
        #expect(StatsRange.all.bounds(today: today, sessionSpan: today + 1...today + 1) == today...today)
        // 18:00 UTC on 2026-11-29 is 13:00 in New York and already 03:00 on the 30th in Tokyo.
        let tokyo = Fixtures.log("2026-11-29T17:30:00Z", tz: "Asia/Tokyo")
        let home = Fixtures.log("2026-11-29T12:00:00Z", tz: "America/New_York")
        let data = Fixtures.stats([tokyo, home], range: .all, days: Fixtures.days("America/New_York"))
        #expect(data.days.last?.date.isoString == "2026-11-29")
        #expect(data.sessions == 1 && data.today.focusedSeconds == 1500)
    }
}
