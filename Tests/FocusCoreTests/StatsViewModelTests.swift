import FocusCore
import Foundation
import Testing

@Suite struct StatsViewModelTests {
    @Test func emptyStoreShowsLabelledDemoThatIsNeverSaved() throws {
        let store = Fixtures.store()
        let model = StatsViewModel(store: store, range: .lastDays(30), now: Fixtures.now, days: Fixtures.days())
        let data = try model.data
        #expect(data.isDemo && data.sessions > 0)
        #expect(store.focusLogs.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.paths.dataDirectory))
    }

    @Test func demoSessionsAreDeterministicAndEndBeforeNow() {
        let a = DemoData.focusLogs(now: Fixtures.now, days: Fixtures.days("Asia/Shanghai"))
        let b = DemoData.focusLogs(now: Fixtures.now, days: Fixtures.days("Asia/Shanghai"))
        #expect(a == b && a.count > 40)
        #expect(a.allSatisfy { $0.end <= Fixtures.now && $0.focused <= Int($0.end.timeIntervalSince($0.start)) })
        #expect(Set(a.map(\.id)).count == a.count)
    }

    @Test func realDataIsNotDemo() throws {
        let model = StatsViewModel(
            store: Fixtures.store([Fixtures.log(dayOffset: 0)]), range: .lastDays(7), now: Fixtures.now,
            days: Fixtures.days())
        let data = try model.data
        #expect(!data.isDemo && data.sessions == 1)
    }

    /// Every view shows the same demo history: the streak `stats` reports is the one `profile` reports.
    @Test func everyViewShowsTheSameDemo() throws {
        let store = Fixtures.store()
        let days = Fixtures.days("Asia/Shanghai")
        let stats = try StatsViewModel(store: store, range: .lastDays(30), now: Fixtures.now, days: days).data
        let growth = GrowthViewModel(store: store, now: Fixtures.now, days: days)
        #expect(stats.isDemo && growth.isDemo && growth.profile.isDemo)
        #expect(stats.currentStreak == growth.currentStreak && stats.longestStreak == growth.longestStreak)
        #expect(stats.currentStreak.days > 0)
        #expect(ExpeditionViewModel(store: store, now: Fixtures.now, days: days).isDemo)
    }

    /// A user who deleted their only session sees zeros, not the demo.
    @Test func deletingTheOnlySessionShowsZerosNotTheDemo() throws {
        let paths = try Sessions.temporaryPaths()
        let log = Fixtures.log(dayOffset: 0)
        try AppStore(paths: paths).record(log)
        try AppStore(paths: paths).record(
            JournalChange(id: "delete-1", kind: .delete, target: log.id, at: Fixtures.now))
        let store = AppStore(paths: paths)
        let data = try StatsViewModel(store: store, range: .lastDays(7), now: Fixtures.now, days: Fixtures.days()).data
        #expect(!data.isDemo && data.sessions == 0 && data.focusedSeconds == 0)
        #expect(!GrowthViewModel(store: store, now: Fixtures.now, days: Fixtures.days()).isDemo)
    }

    @Test(arguments: [
        (StatsRange.lastDays(7), false, false), (.lastDays(90), false, false), (.lastDays(7), true, true),
        (.lastDays(365), false, true), (.all, false, true),
    ])
    func heatmapByDefaultForLongRanges(range: StatsRange, requested: Bool, shown: Bool) {
        let model = StatsViewModel(
            store: Fixtures.store(), range: range, heatmapRequested: requested, now: Fixtures.now, days: Fixtures.days()
        )
        #expect(model.showsHeatmap == shown)
    }
}

@Suite struct ChartTests {
    @Test(arguments: [
        (1, ChartBucket.Size.day), (31, .day), (32, .week), (90, .week), (180, .week), (181, .month), (4000, .month),
    ])
    func bucketSize(dayCount: Int, size: ChartBucket.Size) {
        #expect(ChartBucket.size(forDayCount: dayCount) == size)
    }

    @Test func weeksStartOnMondayAndMonthsOnTheFirst() {
        // 2026-11-25 is a Wednesday; the range runs to Tuesday 2026-12-08.
        let days = (0..<14).map {
            StatsData.Day(date: Fixtures.date("2026-11-25").adding(days: $0), focusedSeconds: 60, sessions: 1)
        }
        let weeks = ChartBucket.buckets(days, size: .week)
        #expect(weeks.map(\.start.isoString) == ["2026-11-25", "2026-11-30", "2026-12-07"])
        #expect(weeks.map(\.sessions) == [5, 7, 2])
        let months = ChartBucket.buckets(days, size: .month)
        #expect(
            months.map(\.start.isoString) == ["2026-11-25", "2026-12-01"] && months.map(\.focusedSeconds) == [360, 480])
    }

    @Test func heatmapLevelsAndLayout() {
        let seconds = [0, 100, 399, 400, 799, 1600]
        let days = seconds.enumerated().map {
            StatsData.Day(
                date: Fixtures.date("2026-11-28").adding(days: $0.offset), focusedSeconds: $0.element, sessions: 1)
        }
        let map = Heatmap(days: days)
        #expect(map.weeks.count == 2)  // Sat, Sun | Mon … Thu
        #expect(map.weeks[0].prefix(5).allSatisfy { $0 == nil })
        #expect(map.weeks[0][5]?.level == 0 && map.weeks[0][6]?.level == 1)
        #expect(map.weeks[1].compactMap { $0?.level } == [1, 1, 2, 4])
    }
}
