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

    @Test func aShortScreenDrawsAMonthInWeeks() {
        #expect(ChartBucket.size(forDayCount: 30, maxBars: 40) == .day)
        #expect(ChartBucket.size(forDayCount: 30, maxBars: 12) == .week)
        #expect(ChartBucket.size(forDayCount: 365, maxBars: 4) == .month)
    }
}
