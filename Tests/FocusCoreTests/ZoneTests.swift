import FocusCore
import Foundation
import Testing

/// How `Zone` names what it read, warns, and reads the `tz` of a session; the offsets themselves are
/// compared with the C library in ``ZoneLibcTests``.
@Suite struct ZoneTests {
    // 2026-11-29 01:00:00 UTC
    static let instant = Date(timeIntervalSince1970: 1_795_914_000)

    /// `TZ` values: the local time at 2026-11-29 01:00 UTC, the zone's identifier, the IANA name
    /// sessions are stamped with, and whether focus warns.
    @Test(
        arguments: [
            ("Asia/Shanghai", "09:00", "Asia/Shanghai", "Asia/Shanghai", false),
            (":America/New_York", "20:00", "America/New_York", "America/New_York", false),
            ("/usr/share/zoneinfo/Asia/Tokyo", "10:00", "Asia/Tokyo", "Asia/Tokyo", false),
            (":/usr/share/zoneinfo/Europe/Paris", "02:00", "Europe/Paris", "Europe/Paris", false),
            ("/usr/share/zoneinfo/posix/Europe/London", "01:00", "Europe/London", "Europe/London", false),
            ("posix/Asia/Kolkata", "06:30", "Asia/Kolkata", "Asia/Kolkata", false),
            ("right/UTC", "00:59", "right/UTC", nil, false),  // 27 leap seconds behind
            ("UTC+3", "22:00", "UTC+3", "Etc/GMT+3", false),  // POSIX: three hours west of Greenwich
            ("GMT+3", "22:00", "GMT+3", "Etc/GMT+3", false),
            ("UTC-14", "15:00", "UTC-14", "Etc/GMT-14", false),
            ("UTC+13", "12:00", "UTC+13", nil, false),  // tzdata has no Etc/GMT+13
            ("UTC-5:30", "06:30", "UTC-5:30", nil, false),
            ("<+0545>-5:45", "06:45", "<+0545>-5:45", nil, false),
            ("CET-1CEST,M3.5.0,M10.5.0/3", "02:00", "CET-1CEST,M3.5.0,M10.5.0/3", nil, false),
            ("CET-1CEST", "02:00", "CET-1CEST", nil, false),  // the dates come from posixrules
            ("EST5EDT", "20:00", "EST5EDT", "EST5EDT", false),  // a tzdata name
            ("UTC", "01:00", "UTC", "UTC", false),
            ("", "01:00", "Universal", "Universal", false),  // set and empty: UTC, as glibc reads it
            (":", "01:00", "Etc/UTC", "Etc/UTC", false),
            ("PST", "01:00", "PST", "Etc/UTC", true),  // glibc needs an offset: UTC
            ("IST", "01:00", "IST", "Etc/UTC", true),
            ("Not/AZone", "01:00", "Not/AZone", "Etc/UTC", true),
            ("GMT-0300", "01:00", "GMT-0300", nil, true),  // 300 hours, clamped to 24 ahead
            ("UTC+3:", "01:00", "UTC+3:", nil, true),  // glibc keeps a nameless daylight part at UTC
        ] as [(String, String, String, String?, Bool)])
    func theEnvironmentIsReadAndNamed(
        _ tz: String, _ local: String, _ identifier: String, _ iana: String?, _ warns: Bool
    ) {
        let resolution = ZoneSetting.resolve(tz, files: .system)
        #expect(LocalTime.hourMinute(Self.instant, in: resolution.zone) == local)
        #expect(resolution.zone.identifier == identifier)
        #expect(resolution.zone.ianaIdentifier == iana)
        #expect((resolution.warning != nil) == warns)
        if let warning = resolution.warning {
            #expect(warning.description.hasPrefix("focus: TZ='\(tz)' is neither a zone name nor a complete POSIX rule"))
            #expect(!warning.description.contains("\n"))
        }
    }

    /// A zone's identifier reads back as the same zone; what the C library reads only as a fallback is
    /// no identifier, as Foundation's `TimeZone(identifier:)` says `nil`.
    @Test(arguments: ["Europe/Paris", "UTC+3", "<+0530>-5:30", "CET-1CEST,M3.5.0,M10.5.0/3", "right/UTC", "Etc/GMT-14"])
    func identifiersReadBackAsTheSameZone(_ name: String) throws {
        let zone = try #require(Zone(identifier: name))
        let again = try #require(Zone(identifier: zone.identifier))
        #expect(again.identifier == zone.identifier)
        for t in stride(from: 0, to: 4_000_000_000, by: 9_999_991) {
            #expect(again.secondsFromGMT(at: t) == zone.secondsFromGMT(at: t))
        }
    }

    @Test(arguments: ["", "PST", "IST", "Mars/Olympus", "GMT-0300", "/nonexistent", "AAA3BBB,M13.1.0,M1.1.0"])
    func fallbacksAreNoIdentifier(_ name: String) {
        #expect(Zone(identifier: name) == nil)
    }

    /// Fixed offsets: tzdata's `Etc` name for whole hours, a POSIX rule otherwise; the same readings as the files.
    @Test(arguments: [
        (0, "Etc/UTC", "UTC"), (10_800, "Etc/GMT-3", "+03"), (-36_000, "Etc/GMT+10", "-10"),
        (19_800, "<+0530>-5:30", "+0530"), (-12_600, "<-0330>3:30", "-0330"), (1_172, "<+001932>-0:19:32", "+001932"),
        (14 * 3600, "Etc/GMT-14", "+14"), (-13 * 3600, "<-13>13", "-13"),
    ])
    func fixedOffsets(_ seconds: Int, _ identifier: String, _ abbreviation: String) throws {
        let zone = try #require(Zone(secondsFromGMT: seconds))
        #expect(zone.identifier == identifier)
        #expect(zone.abbreviation(for: Self.instant) == abbreviation)
        #expect(!zone.isDaylightSavingTime(for: Self.instant))
        let read = try #require(Zone(identifier: identifier))
        #expect(read.secondsFromGMT(for: Self.instant) == seconds && zone.secondsFromGMT(for: Self.instant) == seconds)
        #expect(read.abbreviation(for: Self.instant) == abbreviation)
    }

    @Test func offsetsBeyondWhatPOSIXCanWriteAreNoZone() {
        #expect(Zone(secondsFromGMT: 25 * 3600) == nil && Zone(secondsFromGMT: -25 * 3600) == nil)
        #expect(Zone.gmt.identifier == "Etc/UTC" && Zone.gmt.secondsFromGMT(at: 0) == 0)
    }

    /// The system zone's name: the target of the `localtime` link, else Debian's `timezone` file when it
    /// names a zone with the same contents, else an `Etc` name for a fixed whole-hour offset, else none.
    @Test func theSystemZoneIsNamedFromItsLinkOrItsTimezoneFile() throws {
        let root = try TemporaryFolder()
        for name in ["Asia/Tokyo", "Europe/Paris", "Etc/GMT-3"] {
            try root.copy("/usr/share/zoneinfo/" + name, to: "zoneinfo/" + name)
        }
        func files(_ localtime: String, timezone: String? = nil) throws -> ZoneFiles {
            if let timezone { try root.write(Array((timezone + "\n").utf8), to: "timezone") }
            return ZoneFiles(
                directory: root.path + "/zoneinfo", localtime: root.path + "/" + localtime,
                timezoneName: root.path + "/timezone")
        }
        try FileManager.default.createSymbolicLink(
            atPath: root.path + "/linked", withDestinationPath: root.path + "/zoneinfo/Asia/Tokyo")
        let linked = ZoneSetting.resolve(nil, files: try files("linked")).zone
        #expect(linked.identifier == "Asia/Tokyo" && linked.ianaIdentifier == "Asia/Tokyo")

        try root.copy("/usr/share/zoneinfo/Europe/Paris", to: "copied")
        let named = ZoneSetting.resolve(nil, files: try files("copied", timezone: "Europe/Paris")).zone
        #expect(named.identifier == "Europe/Paris" && named.ianaIdentifier == "Europe/Paris")
        // Another file: a value is read once per process.
        try root.copy("/usr/share/zoneinfo/Europe/Paris", to: "copied-again")
        let stale = ZoneSetting.resolve(nil, files: try files("copied-again", timezone: "Asia/Tokyo")).zone
        #expect(stale.identifier == root.path + "/copied-again" && stale.ianaIdentifier == nil)
        #expect(stale.secondsFromGMT(for: Self.instant) == 3600)

        try root.copy("/usr/share/zoneinfo/Etc/GMT-3", to: "fixed")
        let fixed = ZoneSetting.resolve(nil, files: try files("fixed", timezone: "nowhere")).zone
        #expect(fixed.ianaIdentifier == "Etc/GMT-3")

        let missing = ZoneSetting.resolve(nil, files: try files("absent"))
        #expect(missing.zone.identifier == "Etc/UTC" && missing.warning == nil)
    }

    /// A session's `tz`: an IANA name, the offset earlier versions of focus wrote, else what the C
    /// library reads; the offset at 2026-11-29 01:00 UTC and the local date it dates a session to.
    @Test(arguments: [
        ("Asia/Shanghai", 8 * 3600, SessionZone.Kind.name, "2026-11-29"),
        ("GMT+3", -3 * 3600, .rule, "2026-11-28"),  // three hours west, as TZ=GMT+3 (ICU said east)
        ("UTC+8", -8 * 3600, .rule, "2026-11-28"),
        ("PST", 0, .fallback, "2026-11-29"),
        ("IST", 0, .fallback, "2026-11-29"),
        ("Mars/Olympus", 0, .fallback, "2026-11-29"),
        ("GMT-0300", -3 * 3600, .legacyOffset, "2026-11-28"),  // what TZ=UTC+3 made earlier versions write
        ("GMT+0530", 19_800, .legacyOffset, "2026-11-29"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", 3600, .rule, "2026-11-29"),
        ("posix/Asia/Tokyo", 9 * 3600, .rule, "2026-11-29"),
        ("Etc/GMT+3", -3 * 3600, .name, "2026-11-28"),
    ])
    func sessionZonesAreReadOneWay(_ tz: String, _ offset: Int, _ kind: SessionZone.Kind, _ date: String) {
        let reading = SessionZone(tz, files: .system)
        #expect(reading.kind == kind)
        #expect(reading.zone.secondsFromGMT(for: Self.instant) == offset)
        let days = LocalDays(timeZone: Zone(identifier: "Asia/Tokyo")!)
        #expect(days.zone(tz).secondsFromGMT(for: Self.instant) == offset)
        let log = FocusLog(
            id: "a", start: Self.instant, end: Self.instant.addingTimeInterval(1500), planned: 1500, focused: 1500,
            completed: true, tz: tz)
        #expect(days.date(of: log).isoString == date)
    }

    @Test(arguments: [nil, ""] as [String?])
    func aSessionWithoutZoneIsDatedInTheReadersZone(_ tz: String?) throws {
        let reader = try #require(Zone(identifier: "America/New_York"))
        #expect(reader.zone(forSession: tz).identifier == "America/New_York")
    }

    /// Even when the reader's own `TZ` is `GMT-0300`, a session's `GMT-0300` is the offset focus meant.
    @Test func aLegacySessionOffsetIsNotTheReadersSameNamedZone() {
        let reader = ZoneSetting.resolve("GMT-0300", files: .system).zone
        #expect(reader.secondsFromGMT(at: 0) == 24 * 3600)
        #expect(reader.zone(forSession: "GMT-0300").secondsFromGMT(at: 0) == -3 * 3600)
    }

    @Test(arguments: [
        ("UTC+3", "UTC-03:00"), ("PST", "UTC"), ("<+0530>-5:30", "UTC+05:30"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "UTC+01:00 and UTC+02:00 in daylight saving time"),
        ("Europe/London", "the rules of Europe/London"),
    ])
    func offsetsInWords(_ tz: String, _ text: String) {
        #expect(ZoneSetting.resolve(tz, files: .system).zone.offsetsDescription.description == text)
    }
}

/// `focus doctor` on session zones: every `tz` that is not an IANA name is reported with how it is read,
/// a note when the C library reads it exactly, a problem when it falls back.
@Suite struct SessionZoneDoctorTests {
    @Test func zonesThatAreNotIANANamesAreReportedWithTheirReading() {
        let logs = ["Asia/Shanghai", "GMT-0300", "UTC+3", "PST", "Mars/Olympus", "UTC+3"].enumerated().map {
            index, tz in
            Fixtures.log("2026-11-2\(index)T09:00:00Z", tz: tz)
        }
        let findings = JournalDoctor.check(
            history: JournalHistory(sessions: logs, changes: []), sessions: logs, issues: [], duplicates: [],
            now: Fixtures.now, days: Fixtures.days())
        #expect(findings.map(\.isProblem) == [false, true, true, false])
        #expect(
            findings.map(\.text.description) == [
                "time zone 'GMT-0300' is an offset as earlier versions of focus wrote it: 1 session(s) are dated in "
                    + "UTC-03:00",
                "time zone 'Mars/Olympus' is not a zone name this machine knows: 1 session(s) are dated as the C "
                    + "library reads TZ='Mars/Olympus', UTC",
                "time zone 'PST' is not a zone name this machine knows: 1 session(s) are dated as the C library "
                    + "reads TZ='PST', UTC",
                "time zone 'UTC+3' is not a zone name: 2 session(s) are dated as the C library reads TZ='UTC+3', "
                    + "UTC-03:00",
            ])
    }
}
