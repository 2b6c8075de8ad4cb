import FocusCore
import Foundation
import Testing

@Suite("Expedition, passport and growth view models")
struct ExpeditionViewModelTests {
    let days = Sessions.utcDays
    /// 2026-11-29T18:00:00Z
    let now = Date(timeIntervalSince1970: 1_795_975_200)

    @Test func emptyJournalShowsLabelledDemoAndSavesNothing() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        try store.loadExpedition(days: days)
        let model = ExpeditionViewModel(store: store, now: now, days: days)
        #expect(model.isDemo)
        #expect(model.stampedCount > 0)
        #expect(PassportViewModel(store: store, now: now, days: days).isDemo)
        #expect(GrowthViewModel(store: store, now: now, days: days).profile.isDemo)
        #expect(store.expedition == ExpeditionState())
        let files = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory)
        #expect(files.isEmpty)
    }

    @Test func beforeTheFirstSessionTheFirstChapterWaits() throws {
        let store = AppStore(
            paths: try Sessions.temporaryPaths(),
            focusLogs: [Sessions.log("m", "2026-11-02T09:00:00Z", source: .manual)])
        try store.loadExpedition(days: days)
        let model = ExpeditionViewModel(store: store, now: now, days: days)
        #expect(!model.isDemo && model.notStarted)
        #expect(model.current?.id == "lisbon")
        #expect(model.current?.missions.map(\.progress) == [0, 0, 0])
        #expect(model.nextCity == "Seville, Spain")
    }

    @Test func currentChapterMissionsAndNextCity() throws {
        let store = AppStore(paths: try Sessions.temporaryPaths(), focusLogs: Sessions.daily(1))
        try store.loadExpedition(days: days)
        let model = ExpeditionViewModel(store: store, now: now, days: days)
        let current = try #require(model.current)
        #expect(current.number == 1 && current.title == "Lisbon")
        #expect(current.missions.map(\.numbers) == ["1/2 sessions", "25/45 min", "1/3 sessions"])
        #expect(model.totalMiles == 0)
        #expect(model.nextCity == "Seville, Spain")
    }

    @Test func passportListsStampsTheSoundsThatPlayAndTheRoadAhead() throws {
        let store = AppStore(paths: try Sessions.temporaryPaths(), focusLogs: Sessions.daily(3))
        try store.loadExpedition(days: days)
        let model = PassportViewModel(store: store, now: now, days: days)
        #expect(model.stamps.map(\.id) == ["lisbon"])
        #expect(model.stamps.first?.stampedOn.isoString == "2026-11-04")
        #expect(model.stamps.first?.miles == 180)
        // Lisbon's stamp unlocks its own sound and the wind, beside the noises everyone has: as `sound list` says.
        #expect(model.sounds.map(\.name) == ["white", "pink", "brown", "wind", "lisbon"])
        #expect(
            model.sounds.map(\.name)
                == SoundListViewModel(store: store).rows.filter { $0.lockedUntil == nil }.map(\.name))
        #expect(model.soundCount == SoundListViewModel(store: store).rows.count)
        #expect(model.ahead.first?.id == "seville" && model.ahead.first?.open == true)
        #expect(model.ahead.count == ExpeditionDefinitions.builtIn.chapters.count - 1)
    }

    @Test func sessionSummaryShowsMilesStampAndNextCity() throws {
        let logs = Sessions.daily(3)
        let store = AppStore(paths: try Sessions.temporaryPaths(), focusLogs: logs)
        let events = try store.loadExpedition(days: days)[logs[2].id] ?? []
        let summary = SessionSummaryViewModel(store: store, recorded: logs[2], now: now, days: days, events: events)
        #expect(
            summary.expeditionLines.map(\.description) == [
                "Mission complete: Three sessions before the ferry (80 miles)",
                "Passport stamped: Lisbon, Portugal, +180 miles. Soundscape unlocked: Tram 28 on the hill",
                "Next city: Seville, Spain. Orange trees line the river road east, and the bells of the Giralda mark "
                    + "each hour of work.",
            ])
    }

    @Test func firstSessionSummaryBeginsTheExpedition() throws {
        let logs = Sessions.daily(1)
        let store = AppStore(paths: try Sessions.temporaryPaths(), focusLogs: logs)
        let events = try store.loadExpedition(days: days)[logs[0].id] ?? []
        let lines = SessionSummaryViewModel(store: store, recorded: logs[0], now: now, days: days, events: events)
            .expeditionLines.map(\.description)
        #expect(lines.first?.hasPrefix("Expedition begins: Lisbon, Portugal.") == true)
        #expect(
            lines.last
                == "Expedition: Two sessions to find your feet 1/2 sessions · 45 minutes by the Tagus 25/45 min · "
                + "Three sessions before the ferry 1/3 sessions"
        )
    }

    /// A session that began before midnight is summed on the day it began, not as "Today: 0s".
    @Test func aSessionAcrossMidnightIsSummarisedOnTheDayItBegan() throws {
        let late = Sessions.log("late", "2026-11-28T23:40:00Z", minutes: 50)
        let store = AppStore(paths: try Sessions.temporaryPaths(), focusLogs: [late])
        let after = UTCTimestamp.parse("2026-11-29T00:30:00Z")!
        let line = SessionSummaryViewModel(store: store, recorded: late, now: after, days: days).todayLine
        #expect(line.description == "Yesterday: 50m in 1 session · Streak: 1 day")
        let today = SessionSummaryViewModel(store: store, recorded: nil, now: after, days: days).todayLine
        #expect(today.description.hasPrefix("Today: 0s in 0 sessions"))
    }

    /// A completed timer session under the route's minimum says why the expedition did not move.
    @Test(arguments: [(9, true), (10, false)])
    func aSessionTooShortForTheExpeditionSaysSo(minutes: Int, said: Bool) throws {
        let short = Sessions.log("s", "2026-11-29T09:00:00Z", minutes: minutes)
        let store = AppStore(paths: try Sessions.temporaryPaths(), focusLogs: [short])
        let events = try store.loadExpedition(days: days)[short.id] ?? []
        let lines = SessionSummaryViewModel(store: store, recorded: short, now: now, days: days, events: events)
            .expeditionLines
        #expect(lines.contains("Expedition: sessions under 10m earn no progress.") == said)
    }
}
