import FocusCore
import Foundation
import Testing

/// The dashboard's UI state goes into each view model's init: the view models stay structs without state of their
/// own, and the same state in gives the same screen out.
@Suite struct DashboardViewModelTests {
    @Test func theStatsWindowMovesByOneRange() throws {
        let store = Fixtures.store([Fixtures.log(dayOffset: 0), Fixtures.log(dayOffset: -8)])
        let days = Fixtures.days()
        let model = StatsViewModel(store: store, range: .lastDays(7), windowOffset: -1, now: Fixtures.now, days: days)
        let today = days.date(of: Fixtures.now)
        #expect(model.shownRange == .dates(from: today.adding(days: -13), to: today.adding(days: -7)))
        #expect(try model.data.sessions == 1)
    }

    @Test(arguments: [(StatsRange.lastDays(30), -2, -89, -60), (.lastDays(365), -1, -729, -365)])
    func shiftedWindows(range: StatsRange, by: Int, from: Int, to: Int) {
        let today = Fixtures.days().date(of: Fixtures.now)
        #expect(
            range.shifted(by: by, today: today) == .dates(from: today.adding(days: from), to: today.adding(days: to)))
    }

    @Test func allStaysAllWhenMoved() {
        #expect(StatsRange.all.shifted(by: -3, today: Fixtures.days().date(of: Fixtures.now)) == .all)
    }

    @Test func theLogScrollsByOffset() {
        let store = Fixtures.store((0..<5).map { Fixtures.log(dayOffset: -$0) })
        let model = HistoryViewModel(store: store, limit: 2, offset: 2, now: Fixtures.now, days: Fixtures.days())
        #expect(model.rows.map(\.log.id) == Array(store.focusLogs.reversed().map(\.id)[2..<4]))
        #expect(model.hiddenCount == 1)
    }

    /// The whole history reads only the window it shows; the rows and the count below it are those of a tag every
    /// session has, which goes through the filtered list.
    @Test(arguments: [(0, 2), (2, 2), (4, 3), (5, 1), (9, 2), (0, nil), (3, nil)] as [(Int, Int?)])
    func theLogWindowIsTheFilteredOnesWindow(offset: Int, limit: Int?) {
        let store = Fixtures.store((0..<5).map { Fixtures.log("2026-11-2\($0)T12:00:00Z", tag: "all") })
        let days = Fixtures.days()
        let every = HistoryViewModel(store: store, limit: limit, offset: offset, now: Fixtures.now, days: days)
        let tagged = HistoryViewModel(
            store: store, tag: "all", limit: limit, offset: offset, now: Fixtures.now, days: days)
        #expect(every.rows == tagged.rows)
        #expect(every.hiddenCount == tagged.hiddenCount)
        #expect(
            every.rows.map(\.log.id) == Array(store.focusLogs.reversed().dropFirst(offset).prefix(limit ?? 5)).map(\.id)
        )
    }

    /// The profile is kept while the history stays the same (the Profile tab redraws it often), and follows a session
    /// recorded since.
    @Test func theProfileFollowsANewSession() throws {
        let folder = NSTemporaryDirectory() + "focus-core-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = AppStore(paths: DataPaths(dataDirectory: folder, configDirectory: folder))
        try store.record(Fixtures.log("2026-11-28T12:00:00Z", minutes: 60))
        let days = Fixtures.days()
        func profile() -> GrowthProfile { GrowthViewModel(store: store, now: Fixtures.now, days: days).profile }
        #expect(profile().totalFocusSeconds == 3600)
        #expect(profile() == profile())
        try store.record(Fixtures.log("2026-11-29T12:00:00Z", minutes: 30))
        #expect(profile().totalFocusSeconds == 5400)
        #expect(
            profile()
                == GrowthService.buildGrowthProfile(
                    focusLogs: store.focusLogs,
                    streakDays: StreakService.streakDays(focusLogs: store.focusLogs, days: days),
                    expedition: store.expedition, days: days))
    }

    @Test func aShortScreenDrawsAMonthInWeeks() {
        #expect(ChartBucket.size(forDayCount: 30, maxBars: 40) == .day)
        #expect(ChartBucket.size(forDayCount: 30, maxBars: 12) == .week)
        #expect(ChartBucket.size(forDayCount: 365, maxBars: 4) == .month)
    }
}
