import FocusCore
import FoundationEssentials
import Testing

@Suite struct CalendarMathTests {
    @Test(arguments: [
        (0, "1970-01-01"), (-1, "1969-12-31"), (20_786, "2026-11-29"), (11_016, "2000-02-29"), (-25_567, "1900-01-01"),
        (2_932_896, "9999-12-31"),
    ])
    func civilDates(_ dayNumber: Int, _ iso: String) {
        let date = CivilDate(dayNumber: dayNumber)
        #expect(date.isoString == iso)
        #expect(date.dayNumber == dayNumber)
        #expect(CivilDate(iso: iso) == date)
    }

    /// Years of four digits are written byte by byte; the others (never in a journal) as they always were.
    @Test(arguments: [
        (CivilDate(year: 0, month: 1, day: 1), "0000-01-01"), (CivilDate(year: 7, month: 10, day: 9), "0007-10-09"),
        (CivilDate(year: 999, month: 12, day: 31), "0999-12-31"),
        (CivilDate(year: 2026, month: 2, day: 28), "2026-02-28"),
        (CivilDate(year: 9999, month: 12, day: 31), "9999-12-31"),
        (CivilDate(year: 10000, month: 1, day: 1), "10000-01-01"),
        (CivilDate(year: -5, month: 3, day: 4), "00-5-03-04"),
        (CivilDate(year: -2026, month: 11, day: 29), "-2026-11-29"),
    ])
    func isoStrings(_ date: CivilDate, _ iso: String) {
        #expect(date.isoString == iso)
        #expect(date.description == iso)
    }

    @Test func weekdays() {
        #expect(CivilDate(iso: "2026-11-29")?.isoWeekday == 7)  // a Sunday
        #expect(CivilDate(iso: "2026-11-30")?.isoWeekday == 1)
        #expect(CivilDate(iso: "1969-12-29")?.isoWeekday == 1)
    }

    @Test(arguments: ["2026-13-01", "2026-02-29", "26-11-29", "2026-1-01", "２０２６-11-29", ""])
    func refusesBadDates(_ text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test(arguments: [
        ("2026-11-29T09:00:00Z", 1_795_942_800), ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1),
        ("2026-11-29T17:00:00+08:00", 1_795_942_800), ("2026-11-29T04:00:00-05:00", 1_795_942_800),
    ])
    func timestamps(_ text: String, _ epoch: Int) {
        #expect(UTCTimestamp.parse(Array(text.utf8)) == epoch)
    }

    @Test func formatsWholeSecondsInUTC() {
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 1_795_942_800.9)) == "2026-11-29T09:00:00Z")
        #expect(UTCTimestamp.format(epochSeconds: -1) == "1969-12-31T23:59:59Z")
    }

    @Test(arguments: [
        (0.2, "00:01"), (59.0, "00:59"), (1500, "25:00"), (3600, "1:00:00"), (3661.5, "1:01:02"), (0, "00:00"),
    ])
    func countdown(_ seconds: Double, _ text: String) {
        #expect(LocalTime.countdown(seconds) == text)
    }

    @Test(arguments: [
        ("Asia/Shanghai", "17:00"), ("America/New_York", "04:00"), ("Asia/Kolkata", "14:30"), ("UTC", "09:00"),
    ])
    func localTimes(_ zone: String, _ text: String) throws {
        let tz = try #require(Zone(identifier: zone))
        // 2026-11-29 09:00 UTC
        #expect(LocalTime.hourMinute(Date(timeIntervalSince1970: 1_795_942_800), in: tz) == text)
    }
}
