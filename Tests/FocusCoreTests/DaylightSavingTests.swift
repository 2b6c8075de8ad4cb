import FocusCore
import Foundation
import Testing

/// Stats and streaks around every kind of DST change, in the zones where peers get them wrong:
/// an hour forward and back (New York, London), the southern hemisphere (Sydney), half an hour
/// (Lord Howe), and changes at midnight, where a day starts at 01:00 or midnight happens twice
/// (Santiago, Havana).
@Suite struct DaylightSavingTests {
    /// Zone and the local date of each 2026 change (spring forward, then fall back, in that zone's year).
    static let changes: [(String, String)] = [
        ("America/New_York", "2026-03-08"), ("America/New_York", "2026-11-01"),
        ("Europe/London", "2026-03-29"), ("Europe/London", "2026-10-25"),
        ("Australia/Sydney", "2026-04-05"), ("Australia/Sydney", "2026-10-04"),
        ("Australia/Lord_Howe", "2026-04-05"), ("Australia/Lord_Howe", "2026-10-04"),
        ("America/Santiago", "2026-04-05"), ("America/Santiago", "2026-09-06"),
        ("America/Havana", "2026-03-08"), ("America/Havana", "2026-11-01"),
    ]

    static func at(_ date: CivilDate, _ time: String, _ zone: Zone) throws -> Date {
        try LocalDateTime.parse(date.isoString + " " + time, in: zone)
    }

    /// One completed 25-minute session at local noon each day from three days before the change to three after,
    /// plus one at 23:50 on the change day and one at 00:10 the day after: every day is one bucket, the late ones stay
    /// on their own date.
    @Test(arguments: changes)
    func bucketsAndStreaksAcrossTheChange(zoneID: String, change: String) throws {
        let zone = try #require(Zone(identifier: zoneID))
        let day = try #require(CivilDate(iso: change))
        var logs: [FocusLog] = []
        func add(_ date: CivilDate, _ time: String) throws {
            let start = try Self.at(date, time, zone)
            logs.append(
                FocusLog(
                    id: "\(date.isoString) \(time)", start: start, end: start.addingTimeInterval(1500), planned: 1500,
                    focused: 1500, completed: true, tz: zoneID))
        }
        for offset in -3...3 { try add(day.adding(days: offset), "12:00") }
        try add(day, "23:50")
        try add(day.adding(days: 1), "00:10")
        let now = try Self.at(day.adding(days: 3), "18:00", zone)
        let data = Fixtures.stats(logs, range: .lastDays(7), now: now, days: Fixtures.days(zoneID))
        #expect(data.days.map(\.date) == (-3...3).map { day.adding(days: $0) })
        #expect(data.days.map(\.sessions) == [1, 1, 1, 2, 2, 1, 1])
        #expect(data.focusedSeconds == 9 * 1500 && data.sessions == 9)
        #expect(data.currentStreak.days == 7 && data.longestStreak.days == 7)
    }

    /// Missing the change day breaks the streak, whether that day had 23, 23.5, 24.5 or 25 hours.
    @Test(arguments: changes)
    func theChangeDayStillCountsAsOneDayForStreaks(zoneID: String, change: String) throws {
        let zone = try #require(Zone(identifier: zoneID))
        let day = try #require(CivilDate(iso: change))
        let logs = try [-2, -1, 1, 2].map { offset in
            let start = try Self.at(day.adding(days: offset), "12:00", zone)
            return FocusLog(
                id: "\(offset)", start: start, end: start.addingTimeInterval(1500), planned: 1500, focused: 1500,
                completed: true, tz: zoneID)
        }
        let data = Fixtures.stats(
            logs, now: try Self.at(day.adding(days: 2), "18:00", zone), days: Fixtures.days(zoneID))
        #expect(data.currentStreak.days == 2 && data.longestStreak.days == 2)
    }
}
