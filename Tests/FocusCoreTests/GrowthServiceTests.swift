import FocusCore
import Foundation
import Testing

@Suite("Growth profile")
struct GrowthServiceTests {
    /// Level, title and progress by total hours of focus.
    @Test(arguments: [
        (0, 1, "Wanderer", 0.0),
        (4, 1, "Wanderer", 0.8),
        (5, 2, "Day Tripper", 0.0),
        (10, 2, "Day Tripper", 0.5),
        (300, 7, "Explorer", 0.0),
        (1500, 10, "Cartographer", 1.0),
    ])
    func levels(hours: Int, level: Int, title: String, progress: Double) {
        let logs =
            hours == 0
            ? []
            : [
                FocusLog(
                    id: "x", start: Date(timeIntervalSince1970: 0),
                    end: Date(timeIntervalSince1970: Double(hours * 3600)), planned: hours * 3600,
                    focused: hours * 3600, completed: true)
            ]
        let profile = GrowthService.buildGrowthProfile(focusLogs: logs, streakDays: [], days: Sessions.utcDays)
        #expect(profile.level.level == level)
        #expect(profile.level.title.description == title)
        #expect(abs(profile.progressToNext - progress) < 1e-9)
        #expect(profile.nextLevel?.level == (level < 10 ? level + 1 : nil))
    }

    @Test func badgesCarryTheDateTheyWereEarned() {
        // 2026-11-02 … 2026-11-11: ten days in a row of one-hour sessions, the third of them completed deep focus.
        let logs = Sessions.daily(10, minutes: 60)
        let days = Sessions.utcDays
        let expedition = Sessions.fold(logs).state
        let profile = GrowthService.buildGrowthProfile(
            focusLogs: logs, streakDays: StreakService.streakDays(focusLogs: logs, days: days), expedition: expedition,
            days: days)
        func earned(_ id: String) -> String? { profile.badges.first { $0.id == id }?.earnedOn?.isoString }
        #expect(earned("first-session") == "2026-11-02")
        #expect(earned("first-deep-focus") == "2026-11-02")
        #expect(earned("streak-7") == "2026-11-08")
        #expect(earned("hours-10") == "2026-11-11")
        #expect(earned("first-stamp") == "2026-11-03")
        #expect(earned("expedition-complete") == "2026-11-06")
        #expect(earned("streak-30") == nil)
        #expect(earned("hours-100") == nil)
        #expect(profile.totalHours == 10)
        // Earned badges come first, by date.
        let dates = profile.badges.compactMap(\.earnedOn)
        #expect(dates == dates.sorted())
        #expect(profile.badges.prefix(dates.count).allSatisfy { $0.earned })
    }

    @Test func interruptedAndShortSessionsEarnNoDeepFocusBadge() {
        let logs = [
            Sessions.log("a", "2026-11-02T09:00:00Z", minutes: 60, completed: false),
            Sessions.log("b", "2026-11-02T11:00:00Z", minutes: 49),
        ]
        let profile = GrowthService.buildGrowthProfile(focusLogs: logs, streakDays: [], days: Sessions.utcDays)
        #expect(profile.badges.first { $0.id == "first-deep-focus" }?.earned == false)
        #expect(profile.totalFocusSeconds == 109 * 60)
    }
}
