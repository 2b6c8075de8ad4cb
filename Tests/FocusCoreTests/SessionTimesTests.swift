import FocusCore
import Foundation
import Testing

/// The session times `log add`, `log edit` and `start --at` are given, from the option texts to instants.
@Suite struct SessionTimesTests {
    static let shanghai = NaturalTimeTests.shanghai
    static let newYork = Zone(identifier: "America/New_York")!
    /// Sunday 2026-11-29, 10:00 in Shanghai.
    static let now = NaturalTimeTests.now
    static let forms = NaturalTime.examples

    @Test(
        arguments: [
            ("9:00", nil, 1500, "2026-11-29 09:00", 1500), ("9:00", "9:25", nil, "2026-11-29 09:00", 1500),
            ("yesterday 23:30", "0:15", nil, "2026-11-28 23:30", 2700),
            ("23:30", "0:15", nil, "2026-11-28 23:30", 2700),
            ("23:30", "midnight", nil, "2026-11-28 23:30", 1800), ("23:30", "24:00", nil, "2026-11-28 23:30", 1800),
            ("-45m", "now", nil, "2026-11-29 09:15", 2700), ("9:00", "-10m", nil, "2026-11-29 09:00", 3000),
            ("mon 9am", "mon 10:30", nil, "2026-11-23 09:00", 5400),
            ("mon 9am", "10:30", nil, "2026-11-23 09:00", 5400),
            ("2026-11-29 09:00", "2026-11-29T01:30:00Z", nil, "2026-11-29 09:00", 1800),
            ("yesterday 9:00", "9:00", nil, "2026-11-28 09:00", 86_400),
            ("昨天 下午3点", "下午4点", nil, "2026-11-28 15:00", 3600),
        ] as [(String, String?, Int?, String, Int)])
    func logAdd(_ start: String, _ end: String?, _ duration: Int?, _ first: String, _ seconds: Int) throws {
        let times = try SessionTimes.resolve(
            start: start, end: end, duration: duration, now: Self.now, zone: Self.shanghai)
        #expect(LocalTime.dateTime(times.start, in: Self.shanghai) == first)
        #expect(times.seconds == seconds)
        #expect(times.end == times.start.addingTimeInterval(Double(seconds)))
    }

    /// Lengths across DST changes are real elapsed time: 01:30 to 03:15 on a spring-forward night is 45 minutes.
    @Test(arguments: [
        ("2026-03-08 01:30", "3:15", 2700), ("2026-11-01 00:30", "2:00", 9000), ("2026-11-01 01:30", "1:45", 900),
    ])
    func logAddAcrossTheChange(_ start: String, _ end: String, _ seconds: Int) throws {
        let times = try SessionTimes.resolve(
            start: start, end: end, duration: nil, now: Fixtures.instant("2026-12-01T00:00:00Z"), zone: Self.newYork)
        #expect(times.seconds == seconds)
    }

    @Test(
        arguments: [
            (nil, nil, 1500, "'focus log add' needs --start, like --start 9:30 or --start \"yesterday 14:00\""),
            ("9:00", nil, nil, "'focus log add' needs --end or --duration, like --duration 25m"),
            ("9:00", "9:25", 1500, "give either --end or --duration, not both"),
            ("soon", nil, 1500, "--start: 'soon' is not a time; try \(forms)"),
            ("9:00", "later", nil, "--end: 'later' is not a time; try \(forms)"),
            ("yesterday", nil, 1500, "--start: 'yesterday' needs a time of day too, like 'yesterday 14:00'"),
            ("9:00", "today 8:00", nil, "--end 2026-11-29 08:00 is not after the start, 2026-11-29 09:00"),
            ("9:00", "-2h", nil, "--end 2026-11-29 08:00 is not after the start, 2026-11-29 09:00"),
            (
                "yesterday 9:00", "today 9:30", nil,
                "--end makes the session 24h30m long; a session lasts at most 24 hours"
            ),
        ] as [(String?, String?, Int?, String)])
    func logAddRefuses(_ start: String?, _ end: String?, _ duration: Int?, _ message: String) {
        #expect {
            try SessionTimes.resolve(start: start, end: end, duration: duration, now: Self.now, zone: Self.shanghai)
        } throws: { error in
            (error as? FocusError).map { $0.kind == .usage && $0.description == message } == true
        }
    }

    @Test func anEndTheClocksSkipIsRefused() {
        #expect {
            try SessionTimes.resolve(
                start: "2026-03-08 01:30", end: "2:30", duration: nil, now: Fixtures.instant("2026-12-01T00:00:00Z"),
                zone: Self.newYork)
        } throws: { error in
            (error as? FocusError)
                == FocusError(.usage, "--end: 2026-03-08 02:30 does not exist in America/New_York (the clocks skip it)")
        }
    }

    /// A session on Friday 2026-11-20, 09:00–09:25 in Shanghai.
    static let session = FocusLog(
        id: "s", start: Fixtures.instant("2026-11-20T01:00:00Z"), end: Fixtures.instant("2026-11-20T01:25:00Z"),
        planned: 1500, focused: 1500, completed: true, tz: "Asia/Shanghai")

    @Test(
        arguments: [
            ("10:15", nil, nil, "2026-11-20 10:15", nil), ("8am", nil, nil, "2026-11-20 08:00", nil),
            (nil, "10:00", nil, nil, 3600), ("10:15", "11:00", nil, "2026-11-20 10:15", 2700),
            (nil, nil, 2400, nil, 2400), ("yesterday 8:00", nil, nil, "2026-11-28 08:00", nil),
            ("2026-11-21 08:00", "8:30", nil, "2026-11-21 08:00", 1800), (nil, nil, nil, nil, nil),
        ] as [(String?, String?, Int?, String?, Int?)])
    func logEdit(_ start: String?, _ end: String?, _ duration: Int?, _ first: String?, _ seconds: Int?) throws {
        let change = try SessionTimes.edit(
            Self.session, start: start, end: end, duration: duration, now: Self.now, zone: Self.shanghai)
        #expect(change.start.map { LocalTime.dateTime($0, in: Self.shanghai) } == first)
        #expect(change.seconds == seconds)
    }

    @Test(
        arguments: [
            (nil, "10:00", 1500, "give either --end or --duration, not both"),
            (nil, "2026-11-20 08:00", nil, "--end 2026-11-20 08:00 is not after the start, 2026-11-20 09:00"),
            ("10:15", "2026-11-20 10:00", nil, "--end 2026-11-20 10:00 is not after the start, 2026-11-20 10:15"),
            ("soon", nil, nil, "--start: 'soon' is not a time; try \(forms)"),
        ] as [(String?, String?, Int?, String)])
    func logEditRefuses(_ start: String?, _ end: String?, _ duration: Int?, _ message: String) {
        #expect {
            try SessionTimes.edit(
                Self.session, start: start, end: end, duration: duration, now: Self.now, zone: Self.shanghai)
        } throws: { error in
            (error as? FocusError).map { $0.kind == .usage && $0.description == message } == true
        }
    }

    /// With `day-start` 04:00 a session at 02:00 on the 21st belongs to the 20th, and a new start stays on that day.
    @Test(arguments: [("23:00", "2026-11-20 23:00"), ("3:00", "2026-11-21 03:00"), ("5:00", "2026-11-20 05:00")])
    func logEditKeepsTheUsersDay(_ start: String, _ first: String) throws {
        var late = Self.session
        late.start = Fixtures.instant("2026-11-20T18:00:00Z")
        late.end = late.start.addingTimeInterval(1500)
        let change = try SessionTimes.edit(
            late, start: start, end: nil, duration: nil, now: Self.now, zone: Self.shanghai,
            dayStartSeconds: 4 * 3600)
        #expect(change.start.map { LocalTime.dateTime($0, in: Self.shanghai) } == first)
    }

    /// A time of day alone is the latest such moment that has passed: yesterday's when today's is still ahead.
    @Test(arguments: [
        ("9:30", 0, "2026-11-29 09:30"), ("-20m", 0, "2026-11-29 09:40"), ("now", 0, "2026-11-29 10:00"),
        ("yesterday 23:00", 0, "2026-11-28 23:00"), ("10:00", 0, "2026-11-29 10:00"),
        ("23:00", 0, "2026-11-28 23:00"), ("10:30", 0, "2026-11-28 10:30"), ("3:00", 14_400, "2026-11-29 03:00"),
    ])
    func startAt(_ text: String, _ dayStart: Int, _ expected: String) throws {
        let start = try SessionTimes.startAt(text, now: Self.now, zone: Self.shanghai, dayStartSeconds: dayStart)
        #expect(LocalTime.dateTime(start, in: Self.shanghai) == expected)
    }

    @Test(arguments: [
        (
            "today 10:30", "2026-11-29 10:00", 0,
            "--at 'today 10:30' is 2026-11-29 10:30, later than now; give a time that has passed"
        ),
        (
            "2026-11-30 09:00", "2026-11-29 10:00", 0,
            "--at '2026-11-30 09:00' is 2026-11-30 09:00, later than now; give a time that has passed"
        ),
        (
            "today 3:00", "2026-11-30 02:00", 14_400,
            "--at 'today 3:00' is 2026-11-30 03:00, later than now; give a time that has passed"
        ),
        (
            "yesterday 9:00", "2026-11-29 10:00", 0,
            "--at 'yesterday 9:00' is 2026-11-28 09:00, more than 24 hours ago; a session lasts at most 24 hours"
        ),
        (
            "2026-11-27 23:00", "2026-11-29 10:00", 0,
            "--at '2026-11-27 23:00' is 2026-11-27 23:00, more than 24 hours ago; a session lasts at most 24 hours"
        ),
        ("soon", "2026-11-29 10:00", 0, "--at: 'soon' is not a time; try \(forms)"),
    ])
    func startAtRefuses(_ text: String, _ now: String, _ dayStart: Int, _ message: String) throws {
        let now = try LocalDateTime.parse(now, in: Self.shanghai)
        #expect {
            try SessionTimes.startAt(text, now: now, zone: Self.shanghai, dayStartSeconds: dayStart)
        } throws: { error in
            (error as? FocusError).map { $0.kind == .usage && $0.description == message } == true
        }
    }

    /// With `day-start` 04:00, at 02:00 the evening before is still today.
    @Test func startAtTodayIsTheUsersDay() throws {
        let now = try LocalDateTime.parse("2026-11-30 02:00", in: Self.shanghai)
        let start = try SessionTimes.startAt("today 23:00", now: now, zone: Self.shanghai, dayStartSeconds: 14_400)
        #expect(LocalTime.dateTime(start, in: Self.shanghai) == "2026-11-29 23:00")
    }
}
