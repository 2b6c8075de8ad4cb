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
            return error.kind == .usage && error.message.contains(reason)
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
