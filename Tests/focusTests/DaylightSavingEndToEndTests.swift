import FocusCore
import Foundation
import Testing

/// `focus stats` on the built binary under `TZ` across DST changes: the binary, not the test
/// runner, must resolve the zone (with FoundationEssentials alone every sum would silently be GMT).
@Suite struct DaylightSavingEndToEndTests {
    @Test(arguments: [
        ("America/New_York", "2026-03-08"), ("Europe/London", "2026-10-25"), ("Australia/Sydney", "2026-10-04"),
        ("Australia/Lord_Howe", "2026-04-05"), ("America/Santiago", "2026-09-06"), ("America/Havana", "2026-11-01"),
    ])
    func sevenLocalDaysAndAStreakAcrossTheChange(zoneID: String, change: String) throws {
        let zone = try #require(Zone(identifier: zoneID))
        let day = try #require(CivilDate(iso: change))
        let home = try TempHome()
        // Local 23:30 every day from three before the change to three after; no `tz`, so the reader's zone applies.
        let lines = try (-3...3).map { offset in
            let start = try LocalDateTime.parse(day.adding(days: offset).isoString + " 23:30", in: zone)
            let log = FocusLog(
                id: "d\(offset)", start: start, end: start.addingTimeInterval(1500), planned: 1500, focused: 1500,
                completed: true)
            return JournalCodec.encode(log)
        }
        try home.writeJournal(lines)
        let now = try LocalDateTime.parse(day.adding(days: 3).isoString + " 23:59", in: zone)
        let r = try FocusBinary.run(
            ["stats", "--range", "7d", "--json"], home: home.path, tz: zoneID, now: UTCTimestamp.format(now))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout.contains(
                "\"from\":\"\(day.adding(days: -3).isoString)\",\"to\":\"\(day.adding(days: 3).isoString)\""),
            "\(r.stdout.prefix(200))")
        #expect(
            r.stdout.contains("\"sessions\":7,") && r.stdout.contains("\"currentStreak\":7,"), "\(r.stdout.prefix(700))"
        )
        #expect(
            !r.stdout.contains("\"sessions\":2}") && !r.stdout.contains("\"sessions\":0}"),
            "a session moved to the next day: \(r.stdout)")
    }
}
