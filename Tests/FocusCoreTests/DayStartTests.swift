import FocusCore
import Foundation
import Testing

/// The rule that dates never go backwards within one zone: a day begins the first time the clock
/// reaches its day start, and an instant belongs to the latest day that has begun.
@Suite struct DayStartTests {
    static let newYork = Zone(identifier: "America/New_York")!

    static func date(_ utc: String, _ zone: Zone = newYork, dayStart: Int) -> String {
        LocalDays(timeZone: zone, dayStartSeconds: dayStart).date(of: UTCTimestamp.parse(utc)!).isoString
    }

    /// New York, day start 01:30, clocks back at 02:00 EDT on 2026-11-01: 01:45 EDT begins 1 November,
    /// and 01:15 EST half an hour later stays on it (the date of 01:15 − 1:30 would be 31 October).
    @Test(arguments: [
        ("2026-11-01T05:29:59Z", "2026-10-31"),  // 01:29:59 EDT
        ("2026-11-01T05:30:00Z", "2026-11-01"),  // 01:30 EDT: the day begins
        ("2026-11-01T05:45:00Z", "2026-11-01"),  // 01:45 EDT
        ("2026-11-01T05:59:59Z", "2026-11-01"),  // 01:59:59 EDT
        ("2026-11-01T06:00:00Z", "2026-11-01"),  // 01:00 EST, the clock went back
        ("2026-11-01T06:15:00Z", "2026-11-01"),  // 01:15 EST
        ("2026-11-01T06:29:59Z", "2026-11-01"),  // 01:29:59 EST
        ("2026-11-01T06:30:00Z", "2026-11-01"),  // 01:30 EST
        ("2026-11-02T06:29:59Z", "2026-11-01"),  // 01:29:59 EST the next night
        ("2026-11-02T06:30:00Z", "2026-11-02"),
    ])
    func aFallBackAcrossTheDayStartNeverDatesALaterSessionEarlier(_ utc: String, _ date: String) {
        #expect(Self.date(utc, dayStart: 5400) == date)
    }

    /// Springing forward past the day start (02:30 does not exist on 2026-03-08): the day begins at 03:00 EDT.
    @Test(arguments: [
        ("2026-03-08T06:59:59Z", "2026-03-07"),  // 01:59:59 EST
        ("2026-03-08T07:00:00Z", "2026-03-08"),  // 03:00 EDT
        ("2026-03-09T06:29:59Z", "2026-03-08"),  // 02:29:59 EDT
        ("2026-03-09T06:30:00Z", "2026-03-09"),
    ])
    func aSkippedDayStartBeginsTheDayAfterTheGap(_ utc: String, _ date: String) {
        #expect(Self.date(utc, dayStart: 9000) == date)
    }

    /// The two sessions in the statistics: one day, one bucket, a one-day streak.
    @Test func theTwoSessionsOfTheFallBackNightAreOneDay() {
        let logs = ["2026-11-01T05:45:00Z", "2026-11-01T06:15:00Z"].map {
            Fixtures.log($0, minutes: 20, tz: "America/New_York")
        }
        let days = Fixtures.days("America/New_York", dayStart: 5400)
        let data = Fixtures.stats(logs, range: .lastDays(3), now: Fixtures.instant("2026-11-01T20:00:00Z"), days: days)
        #expect(data.days.map(\.date.isoString) == ["2026-10-30", "2026-10-31", "2026-11-01"])
        #expect(data.days.map(\.sessions) == [0, 0, 2])
        #expect(data.currentStreak.days == 1)
    }

    /// Around changes from 1850 to 2100, in zones with every kind of change (an hour, half an hour, at
    /// midnight, a day skipped in Samoa, Alaska's day repeated in 1867, leap seconds), with several day
    /// starts: each date is the latest date the clock minus the day start has shown since a day before
    /// (the clock read every ten minutes and either side of each change), so it never goes backwards.
    @Test(arguments: [
        "America/New_York", "Australia/Lord_Howe", "America/Santiago", "America/Havana", "America/Juneau",
        "Pacific/Apia", "Europe/London", "right/Europe/Paris",
    ])
    func datesAreTheLatestTheClockHasShownAndNeverGoBackwards(_ name: String) throws {
        let zone = try #require(Zone(identifier: name))
        let changes = zone.changeCandidates(in: -3_786_825_600, 4_102_444_800).filter {
            zone.secondsFromGMT(at: $0) != zone.secondsFromGMT(at: $0 - 1)
        }
        #expect(changes.count > 10)
        var problems: [String] = []
        for dayStart in [0, 1800, 5400, 14_400, 86_399] {
            func naive(_ t: Int) -> Int { (t + zone.secondsFromGMT(at: t) - dayStart).floorDiv(86_400) }
            for change in changes.prefix(60) + changes.suffix(40) {
                let window = change - 90_000...change + 90_000
                let nearby = changes.filter { window.contains($0) }.flatMap { [$0 - 1, $0] }
                let samples = Set(Array(stride(from: window.lowerBound, through: window.upperBound, by: 600)) + nearby)
                var latest = Int.min
                var previous = Int.min
                for t in samples.sorted() {
                    latest = max(latest, naive(t))
                    let day = zone.dayNumber(at: t, dayStart: dayStart)
                    if t >= change - 3600 && day != latest {
                        problems.append("\(name) day start \(dayStart) at \(t): \(day), expected \(latest)")
                    }
                    if day < previous { problems.append("\(name) day start \(dayStart) went backwards at \(t)") }
                    previous = day
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(5))")
    }
}

extension Int {
    /// Division rounding towards negative infinity.
    fileprivate func floorDiv(_ d: Int) -> Int { Int((Double(self) / Double(d)).rounded(.down)) }
}
