import FocusCore
import FoundationEssentials
import Testing

@Suite struct TimeZoneSettingTests {
    // 2026-11-29 01:00:00 UTC
    static let instant = Date(timeIntervalSince1970: 1_795_914_000)

    @Test(arguments: [
        ("Asia/Shanghai", "09:00", false),
        (":America/New_York", "20:00", false),
        ("/usr/share/zoneinfo/Asia/Tokyo", "10:00", false),
        (":/usr/share/zoneinfo/Europe/Paris", "02:00", false),
        ("UTC+3", "22:00", false),  // POSIX: three hours west of Greenwich
        ("UTC-5:30", "06:30", false),
        ("<+0545>-5:45", "06:45", false),
        ("CET-1CEST", "02:00", true),
        ("EST5EDT", "20:00", false),
        ("UTC", "01:00", false),
        ("Not/AZone", "01:00", true),
    ])
    func resolvesTheFormsTheCLibraryAccepts(_ tz: String, _ localTime: String, _ warns: Bool) throws {
        let resolution = TimeZoneSetting.resolve(tz)
        let zone = try #require(resolution.timeZone)
        #expect(LocalTime.hourMinute(Self.instant, in: zone) == localTime)
        #expect((resolution.warning != nil) == warns)
    }

    @Test(arguments: [nil, ""] as [String?])
    func unsetMeansTheSystemZone(_ tz: String?) {
        let resolution = TimeZoneSetting.resolve(tz)
        #expect(resolution.timeZone == nil && resolution.warning == nil)
    }
}
