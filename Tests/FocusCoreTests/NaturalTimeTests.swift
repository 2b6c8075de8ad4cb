import FocusCore
import Foundation
import Testing

/// The times people type: every form, every error and its wording, DST days, midnight, `day-start`, leap days.
///
/// Expected values are local `YYYY-MM-DD HH:MM` in the test's zone, or a UTC instant ending in `Z` where the
/// seconds or the offset matter (DST).
@Suite struct NaturalTimeTests {
    typealias Bare = NaturalTime.BareTime

    static let shanghai = Zone(identifier: "Asia/Shanghai")!
    /// Sunday 2026-11-29, 10:00 in Shanghai.
    static let now = Fixtures.instant("2026-11-29T02:00:00Z")

    /// The instant `text` names (a UTC instant ending in `Z`, else a local time in `zone`).
    static func at(_ text: String, _ zone: Zone) throws -> Date {
        text.hasSuffix("Z") ? Fixtures.instant(text) : try LocalDateTime.parse(text, in: zone)
    }

    /// `date` the way an expectation is written: UTC when `expected` ends in `Z`, else local to the minute.
    static func shown(_ date: Date, like expected: String, in zone: Zone) -> String {
        expected.hasSuffix("Z") ? UTCTimestamp.format(date) : LocalTime.dateTime(date, in: zone)
    }

    static func check(
        _ text: String, _ expected: String, now: Date = now, zone: Zone = shanghai, dayStart: Int = 0,
        bare: Bare = .mostRecent
    ) throws {
        let date = try NaturalTime.parse(text, now: now, zone: zone, dayStartSeconds: dayStart, bare: bare)
        #expect(shown(date, like: expected, in: zone) == expected, "\(text)")
    }

    @Test(arguments: [
        // A time of day alone: the latest such moment (10:30 has not come yet today, so it is yesterday's).
        ("9:30", "2026-11-29 09:30"), ("09:30", "2026-11-29 09:30"), ("  9:30\t", "2026-11-29 09:30"),
        ("10:00", "2026-11-29 10:00"), ("10:30", "2026-11-28 10:30"), ("9:30:15", "2026-11-29T01:30:15Z"),
        ("0:00", "2026-11-29 00:00"), ("23:59", "2026-11-28 23:59"),
        ("9am", "2026-11-29 09:00"), ("9 AM", "2026-11-29 09:00"), ("9:30pm", "2026-11-28 21:30"),
        ("9:30 PM", "2026-11-28 21:30"), ("12am", "2026-11-29 00:00"), ("12:30am", "2026-11-29 00:30"),
        ("12pm", "2026-11-28 12:00"), ("noon", "2026-11-28 12:00"), ("NOON", "2026-11-28 12:00"),
        ("midnight", "2026-11-29 00:00"), ("24:00", "2026-11-29 00:00"), ("24:00:00", "2026-11-29 00:00"),
        ("now", "2026-11-29 10:00"), ("Now", "2026-11-29 10:00"),
        // A named day and a time, either order; `today` stays today even when the time is still ahead.
        ("yesterday 14:00", "2026-11-28 14:00"), ("14:00 yesterday", "2026-11-28 14:00"),
        ("Yesterday 2pm", "2026-11-28 14:00"), ("yesterday  2 pm", "2026-11-28 14:00"),
        ("today 9:00", "2026-11-29 09:00"), ("today 23:00", "2026-11-29 23:00"),
        ("yesterday midnight", "2026-11-28 00:00"), ("yesterday 24:00", "2026-11-29 00:00"),
        ("today 24:00", "2026-11-30 00:00"),
        // Weekdays: today (a Sunday) when the moment has passed, else the one before.
        ("sun 9am", "2026-11-29 09:00"), ("sunday 11am", "2026-11-22 11:00"), ("mon 9am", "2026-11-23 09:00"),
        ("Monday 9:00", "2026-11-23 09:00"), ("9am mon", "2026-11-23 09:00"), ("tue 9am", "2026-11-24 09:00"),
        ("tues 9am", "2026-11-24 09:00"), ("wed 9am", "2026-11-25 09:00"), ("thu 20:00", "2026-11-26 20:00"),
        ("thurs 8pm", "2026-11-26 20:00"), ("fri noon", "2026-11-27 12:00"), ("SAT 14:00", "2026-11-28 14:00"),
        // Written dates, with any time form; a written date is taken as written, even ahead of now.
        ("2026-11-29 09:00", "2026-11-29 09:00"), ("2026-11-29T09:00", "2026-11-29 09:00"),
        ("2026-11-29t09:00", "2026-11-29 09:00"), ("2026-11-29 09:00:30", "2026-11-29T01:00:30Z"),
        ("2026-11-20 9pm", "2026-11-20 21:00"), ("9pm 2026-11-20", "2026-11-20 21:00"),
        ("2026-11-29 23:00", "2026-11-29 23:00"), ("2026-11-20 24:00", "2026-11-21 00:00"),
        ("2028-02-29 09:00", "2028-02-29 09:00"),
        // Instants with an offset (RFC 3339): the zone plays no part.
        ("2026-11-29T09:00:00Z", "2026-11-29T09:00:00Z"), ("2026-11-29t09:00:00z", "2026-11-29T09:00:00Z"),
        ("2026-11-29T09:00:00+08:00", "2026-11-29T01:00:00Z"), ("2026-11-29 09:00-05:00", "2026-11-29T14:00:00Z"),
        ("2026-11-29T09:00:00.250Z", "2026-11-29T09:00:00Z"),
        // Time ago, at most 24 hours; a bare number is minutes, as in every duration focus takes.
        ("-45m", "2026-11-29 09:15"), ("-1h30m", "2026-11-29 08:30"), ("-90s", "2026-11-29T01:58:30Z"),
        ("-45", "2026-11-29 09:15"), ("-24h", "2026-11-28 10:00"), ("-0m", "2026-11-29 10:00"),
        ("45m ago", "2026-11-29 09:15"), ("1h30m ago", "2026-11-29 08:30"), ("90 min ago", "2026-11-29 08:30"),
        ("1 hour 30 minutes ago", "2026-11-29 08:30"), ("2 hrs ago", "2026-11-29 08:00"),
        ("30 secs ago", "2026-11-29T01:59:30Z"),
        // Chinese.
        ("现在", "2026-11-29 10:00"), ("昨天 14:00", "2026-11-28 14:00"), ("昨天14:00", "2026-11-28 14:00"),
        ("昨天 14：00", "2026-11-28 14:00"), ("今天 9:30", "2026-11-29 09:30"), ("今天9点", "2026-11-29 09:00"),
        ("前天 8点", "2026-11-27 08:00"), ("下午3点", "2026-11-28 15:00"), ("上午9点", "2026-11-29 09:00"),
        ("9点半", "2026-11-29 09:30"), ("9点15分", "2026-11-29 09:15"), ("9点05", "2026-11-29 09:05"),
        ("15点", "2026-11-28 15:00"), ("昨天下午3点", "2026-11-28 15:00"), ("昨天 下午 3点", "2026-11-28 15:00"),
        ("昨天下午3:30", "2026-11-28 15:30"), ("周一 9点", "2026-11-23 09:00"),
        ("星期五下午2点", "2026-11-27 14:00"), ("礼拜六 晚上8点", "2026-11-28 20:00"),
        ("星期天 9点", "2026-11-29 09:00"), ("周日上午11点", "2026-11-22 11:00"), ("晚上8:30", "2026-11-28 20:30"),
        ("晚上12点", "2026-11-29 00:00"), ("凌晨2点", "2026-11-29 02:00"), ("凌晨12点", "2026-11-29 00:00"),
        ("早上7点", "2026-11-29 07:00"), ("上午12点", "2026-11-28 12:00"), ("中午", "2026-11-28 12:00"),
        ("中午1点", "2026-11-28 13:00"), ("傍晚6点", "2026-11-28 18:00"), ("午夜", "2026-11-29 00:00"),
        ("45分钟前", "2026-11-29 09:15"), ("半小时前", "2026-11-29 09:30"), ("2小时前", "2026-11-29 08:00"),
        ("1小时30分钟前", "2026-11-29 08:30"), ("2个小时前", "2026-11-29 08:00"),
    ])
    func everyForm(_ text: String, _ expected: String) throws {
        try Self.check(text, expected)
    }

    static let forms = NaturalTime.examples

    @Test(arguments: [
        ("", "the time is empty; try \(forms)"), ("  ", "the time is empty; try \(forms)"),
        ("soon", "'soon' is not a time; try \(forms)"), ("9", "'9' is not a time; try \(forms)"),
        ("930", "'930' is not a time; try \(forms)"), ("9:5", "'9:5' is not a time; try \(forms)"),
        ("9.30", "'9.30' is not a time; try \(forms)"),
        ("9:30 tomorrow", "'9:30 tomorrow' is not a time; try \(forms)"),
        ("yesterday today", "'yesterday today' is not a time; try \(forms)"),
        ("yesterday 14:00 sharp", "'yesterday 14:00 sharp' is not a time; try \(forms)"),
        ("9:30\nlater", "'9:30 later' is not a time; try \(forms)"),
        ("-45x", "'-45x' is not a time; try \(forms)"), ("-", "'-' is not a time; try \(forms)"),
        ("ago", "'ago' is not a time; try \(forms)"), ("1h1h ago", "'1h1h ago' is not a time; try \(forms)"),
        ("2026-11-29T09:00:00+25:00", "'2026-11-29T09:00:00+25:00' is not a time; try \(forms)"),
        ("25:00", "'25:00' is not a time: the hour must be 0 to 23 (24:00 is the end of the day)"),
        ("24:01", "'24:01' is not a time: the hour must be 0 to 23 (24:00 is the end of the day)"),
        ("9:60", "'9:60' is not a time: the minutes must be 00 to 59"),
        ("9:30:61", "'9:30:61' is not a time: the seconds must be 00 to 59"),
        ("13pm", "'13pm' is not a time: with am or pm the hour is 1 to 12"),
        ("0am", "'0am' is not a time: with am or pm the hour is 1 to 12"),
        ("yesterday 25:00", "'yesterday 25:00' is not a time: the hour must be 0 to 23 (24:00 is the end of the day)"),
        ("下午25点", "'下午25点' is not a time: with 下午 the hour is 1 to 12 (or 13 to 23)"),
        ("中午5点", "'中午5点' is not a time: with 中午 the hour is 11 to 2"),
        ("9点61分", "'9点61分' is not a time: the minutes must be 00 to 59"),
        ("晚上12点半", "'晚上12点半' is not a time: the hour must be 0 to 23 (24:00 is the end of the day)"),
        ("2026-02-30 09:00", "'2026-02-30 09:00' is not a time: there is no date 2026-02-30"),
        ("2027-02-29 09:00", "'2027-02-29 09:00' is not a time: there is no date 2027-02-29"),
        ("yesterday", "'yesterday' needs a time of day too, like 'yesterday 14:00'"),
        ("Mon", "'Mon' needs a time of day too, like 'Mon 14:00'"),
        ("昨天", "'昨天' needs a time of day too, like '昨天 14:00'"),
        ("2026-11-29", "'2026-11-29' needs a time of day too, like '2026-11-29 14:00'"),
        ("-36h", "'-36h' is more than 24 hours ago; name the day, like 'yesterday 14:00'"),
        ("25 hours ago", "'25 hours ago' is more than 24 hours ago; name the day, like 'yesterday 14:00'"),
        ("99999999m ago", "'99999999m ago' is more than 24 hours ago; name the day, like 'yesterday 14:00'"),
    ])
    func everyErrorIsOneUsageLineNamingTheForms(_ text: String, _ message: String) {
        #expect {
            try NaturalTime.parse(text, now: Self.now, zone: Self.shanghai)
        } throws: { error in
            (error as? FocusError).map { $0.kind == .usage && $0.description == message } == true
        }
    }

    /// The clocks spring forward (New York 2026-03-08 02:00→03:00, London 2026-03-29 01:00→02:00) and fall back
    /// (New York 2026-11-01 02:00→01:00, London 2026-10-25 02:00→01:00).
    @Test(arguments: [
        // After the gap, a skipped time today is refused, whichever way it is written.
        (
            "America/New_York", "2026-03-08T14:00:00Z", "2:30",
            "2026-03-08 02:30 does not exist in America/New_York (the clocks skip it)"
        ),
        (
            "America/New_York", "2026-03-08T14:00:00Z", "today 2:30am",
            "2026-03-08 02:30 does not exist in America/New_York (the clocks skip it)"
        ),
        (
            "America/New_York", "2026-03-08T14:00:00Z", "2026-03-08 02:30:10",
            "2026-03-08 02:30:10 does not exist in America/New_York (the clocks skip it)"
        ),
        (
            "America/New_York", "2026-03-08T14:00:00Z", "sun 2:00",
            "2026-03-08 02:00 does not exist in America/New_York (the clocks skip it)"
        ),
        (
            "Europe/London", "2026-03-29T11:00:00Z", "1:30",
            "2026-03-29 01:30 does not exist in Europe/London (the clocks skip it)"
        ),
        (
            "Europe/London", "2026-03-29T11:00:00Z", "今天1点半",
            "2026-03-29 01:30 does not exist in Europe/London (the clocks skip it)"
        ),
    ])
    func aSkippedTimeIsRefusedNamingTheZone(_ zone: String, _ now: String, _ text: String, _ message: String) {
        #expect {
            try NaturalTime.parse(text, now: Fixtures.instant(now), zone: Zone(identifier: zone)!)
        } throws: { error in
            (error as? FocusError).map { $0.kind == .usage && $0.description == message } == true
        }
    }

    @Test(arguments: [
        // Before the gap, 2:30 has not come yet: yesterday's.
        ("America/New_York", "2026-03-08T06:30:00Z", "2:30", "2026-03-07T07:30:00Z"),
        ("America/New_York", "2026-03-08T14:00:00Z", "3:00", "2026-03-08T07:00:00Z"),
        ("America/New_York", "2026-03-08T14:00:00Z", "1:59", "2026-03-08T06:59:00Z"),
        ("America/New_York", "2026-03-08T07:30:00Z", "-1h", "2026-03-08T06:30:00Z"),
        ("America/New_York", "2026-03-08T14:00:00Z", "yesterday 2:30", "2026-03-07T07:30:00Z"),
        // A repeated time is the earlier (EDT) one, the second pass included.
        ("America/New_York", "2026-11-01T15:00:00Z", "1:30", "2026-11-01T05:30:00Z"),
        ("America/New_York", "2026-11-01T15:00:00Z", "2026-11-01 01:30", "2026-11-01T05:30:00Z"),
        ("America/New_York", "2026-11-01T06:10:00Z", "1:30", "2026-11-01T05:30:00Z"),
        ("America/New_York", "2026-11-01T15:00:00Z", "2:00", "2026-11-01T07:00:00Z"),
        ("America/New_York", "2026-11-01T15:00:00Z", "-9h", "2026-11-01T06:00:00Z"),
        // In the first pass, 1:30 is still ahead: yesterday's.
        ("America/New_York", "2026-11-01T05:10:00Z", "1:30", "2026-10-31T05:30:00Z"),
        ("Europe/London", "2026-03-29T11:00:00Z", "yesterday 1:30", "2026-03-28T01:30:00Z"),
        ("Europe/London", "2026-03-29T11:00:00Z", "2:00", "2026-03-29T01:00:00Z"),
        ("Europe/London", "2026-10-25T12:00:00Z", "1:30", "2026-10-25T00:30:00Z"),
        ("Europe/London", "2026-10-25T12:00:00Z", "today 24:00", "2026-10-26T00:00:00Z"),
        ("Europe/London", "2026-10-25T12:00:00Z", "midnight", "2026-10-24T23:00:00Z"),
    ])
    func daylightSavingDays(_ zone: String, _ now: String, _ text: String, _ expected: String) throws {
        try Self.check(text, expected, now: Fixtures.instant(now), zone: Zone(identifier: zone)!)
    }

    /// With `day-start` 04:00, at 02:00 on Monday 30 November the user's day is still Sunday the 29th.
    @Test(arguments: [
        ("today 23:00", Bare.mostRecent, "2026-11-29 23:00"), ("today 1:00", .mostRecent, "2026-11-30 01:00"),
        ("today 4:00", .mostRecent, "2026-11-29 04:00"), ("today midnight", .mostRecent, "2026-11-30 00:00"),
        ("yesterday 23:00", .mostRecent, "2026-11-28 23:00"), ("yesterday 2:00", .mostRecent, "2026-11-29 02:00"),
        ("sun 23:00", .mostRecent, "2026-11-29 23:00"), ("sun 3:00", .mostRecent, "2026-11-23 03:00"),
        ("mon 9am", .mostRecent, "2026-11-23 09:00"), ("昨天 晚上11点", .mostRecent, "2026-11-28 23:00"),
        ("3:00", .mostRecent, "2026-11-29 03:00"), ("1:00", .mostRecent, "2026-11-30 01:00"),
        ("2026-11-30 01:00", .mostRecent, "2026-11-30 01:00"), ("5:00", .mostRecent, "2026-11-29 05:00"),
    ])
    func dayStartMakesTheSmallHoursTheNightBefore(_ text: String, _ bare: Bare, _ expected: String) throws {
        let now = try Self.at("2026-11-30 02:00", Self.shanghai)
        try Self.check(text, expected, now: now, dayStart: 4 * 3600, bare: bare)
    }

    /// At midnight exactly, 00:00 is now and 24:00 is the midnight that began today.
    @Test(arguments: [
        ("midnight", "2026-11-29 00:00"), ("0:00", "2026-11-29 00:00"), ("24:00", "2026-11-29 00:00"),
        ("12am", "2026-11-29 00:00"), ("23:59", "2026-11-28 23:59"), ("today 24:00", "2026-11-30 00:00"),
        ("yesterday 24:00", "2026-11-29 00:00"), ("-1m", "2026-11-28 23:59"),
    ])
    func atMidnight(_ text: String, _ expected: String) throws {
        try Self.check(text, expected, now: try Self.at("2026-11-29 00:00", Self.shanghai))
    }

    @Test(arguments: [
        ("yesterday 9:00", "2028-02-29 09:00"), ("tue 9:00", "2028-02-29 09:00"), ("-1h", "2028-03-01 09:00"),
        ("23:00", "2028-02-29 23:00"),
    ])
    func theDayAfterALeapDay(_ text: String, _ expected: String) throws {
        try Self.check(text, expected, now: try Self.at("2028-03-01 10:00", Self.shanghai))
    }

    /// The day a time of day alone falls on, for each rule; named days and written dates ignore the rule.
    @Test(arguments: [
        ("10:30", Bare.mostRecent, "2026-11-28 10:30"), ("9:00", .mostRecent, "2026-11-29 09:00"),
        ("10:30", .on(Fixtures.date("2026-11-20")), "2026-11-20 10:30"),
        ("10:30", .after(Fixtures.instant("2026-11-29T01:00:00Z")), "2026-11-29 10:30"),
        ("8:00", .after(Fixtures.instant("2026-11-29T01:00:00Z")), "2026-11-30 08:00"),
        ("9:00", .after(Fixtures.instant("2026-11-29T01:00:00Z")), "2026-11-30 09:00"),
        ("24:00", .after(Fixtures.instant("2026-11-29T01:00:00Z")), "2026-11-30 00:00"),
        ("midnight", .after(Fixtures.instant("2026-11-28T15:30:00Z")), "2026-11-29 00:00"),
        ("yesterday 10:30", .mostRecent, "2026-11-28 10:30"), ("mon 9am", .mostRecent, "2026-11-23 09:00"),
        ("sun 11am", .mostRecent, "2026-11-22 11:00"),
        ("sun 11am", .on(Fixtures.date("2026-11-20")), "2026-11-29 11:00"),
        ("2026-11-01 10:30", .after(Fixtures.instant("2026-11-29T01:00:00Z")), "2026-11-01 10:30"),
        ("-45m", .after(Fixtures.instant("2026-11-29T01:00:00Z")), "2026-11-29 09:15"),
    ])
    func theRuleForATimeAlone(_ text: String, _ bare: Bare, _ expected: String) throws {
        try Self.check(text, expected, bare: bare)
    }

    @Test(arguments: [
        ("2026-11-29", "2026-11-29"), ("today", "2026-11-29"), (" Yesterday ", "2026-11-28"), ("sun", "2026-11-29"),
        ("mon", "2026-11-23"), ("saturday", "2026-11-28"), ("今天", "2026-11-29"), ("昨天", "2026-11-28"),
        ("前天", "2026-11-27"), ("周一", "2026-11-23"), ("星期六", "2026-11-28"),
    ])
    func datesForRanges(_ text: String, _ expected: String) {
        #expect(NaturalTime.date(text, today: Fixtures.date("2026-11-29")) == Fixtures.date(expected))
    }

    @Test(arguments: ["", "tomorrow", "2026-02-30", "yesterday 9:00", "9:00", "monday next", "周八"])
    func notDates(_ text: String) {
        #expect(NaturalTime.date(text, today: Fixtures.date("2026-11-29")) == nil)
    }

    /// Now's fraction of a second is dropped: instants are whole seconds, as the journal keeps them.
    @Test func relativeTimesAreWholeSeconds() throws {
        let now = Self.now.addingTimeInterval(0.75)
        #expect(try NaturalTime.parse("now", now: now, zone: Self.shanghai) == Self.now)
        #expect(try NaturalTime.parse("-1m", now: now, zone: Self.shanghai) == Self.now.addingTimeInterval(-60))
    }
}
