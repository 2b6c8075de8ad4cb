import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// `stats`, `profile` and the dashboard read only the streak runs that tell the streaks they show
/// (``DerivedJournal/tellingStreakRuns(today:)``: the current, the latest of the longest, the first of each badge's
/// length, marked in the stats cache), and show what a rebuild shows: warm, after an append, and after a change
/// before, inside or after the marked runs (which then reads every run).
extension DerivedJournalTests {
    struct StreakChange: Sendable, CustomTestStringConvertible {
        let name: String
        /// The day (days before today) of the session deleted, or appended when there is none that day.
        let day: Int?
        /// How many runs `stats --range 7d` reads from the derived files after the change.
        let runsRead: Int
        var testDescription: String { name }

        static let all = [
            // The current run, the latest 31-day run (the longest), the first 31-day one (30 days), the 8-day one.
            StreakChange(name: "none", day: nil, runsRead: 4),
            StreakChange(name: "a session today", day: 0, runsRead: 4),
            // The record's runs from the day before the change on, and the marked ones.
            StreakChange(name: "a run after the marked ones shortened", day: Self.gaps[7] + 1, runsRead: 6),
            // A change before the longest: the longest of the runs before it is not marked, every run is read.
            StreakChange(name: "a gap filled before the marked runs", day: Self.gaps[1], runsRead: Self.runs.count - 1),
            StreakChange(name: "the longest cut in two", day: Self.gaps[5] + 15, runsRead: Self.runs.count + 1),
            StreakChange(name: "the oldest run shortened", day: Self.gaps[0] + 1, runsRead: Self.runs.count),
        ]

        /// The runs' lengths, oldest first, a day apart; the last ends yesterday.
        static let runs = [2, 8, 1, 31, 3, 31, 1, 2, 1, 2]
        /// Days before today of the gap after each run (the last: today).
        static var gaps: [Int] {
            var day = 0
            var out: [Int] = []
            for length in runs.reversed() {
                out.append(day)
                day += length + 1
            }
            return out.reversed()
        }
    }

    @Test(arguments: StreakChange.all)
    func theStreaksAreToldByTheirRunsAlone(_ change: StreakChange) throws {
        let paths = try Sessions.temporaryPaths()
        let first = AppStore(paths: paths)
        var n = 0
        for (length, gap) in zip(StreakChange.runs, StreakChange.gaps) {
            for day in (gap + 1)...(gap + length) {
                n += 1
                try first.record(Self.session(n, hoursAgo: 24 * day, tag: "code"))
            }
        }
        _ = try Self.derived(paths)
        let store = AppStore(paths: paths)
        if let day = change.day {
            try store.load()
            if let old = store.focusLogs.first(where: { Self.days.date(of: $0.start).dayNumber == Self.today - day }) {
                try store.record(JournalChange(id: "c1", kind: .delete, target: old.id, at: Self.now))
            } else {
                try store.record(Self.session(n + 1, hoursAgo: 24 * day + 1, tag: "code"))
            }
        }
        let read = try Self.readsWhole(paths) { store in
            let input = try store.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
            #expect(input.streakRuns.count == change.runsRead)
        }
        #expect(!read)
        let views = try Self.withAndWithout(paths)
        #expect(views.derived == views.rebuilt)
    }

    /// The marks a cache file keeps of its runs, as ``StatsCache/streakMark(_:in:)`` finds them.
    @Test(
        arguments: [
            ([], 0, nil), ([1...2], 0, 0), ([1...2, 4...5, 7...7], 0, 1), ([1...9, 11...11, 13...21], 0, 2),
            ([1...9, 11...11, 13...21], 7, 0), ([1...6, 11...17, 19...60], 7, 1), ([1...6, 11...17, 19...60], 30, 2),
            ([1...6, 11...17, 19...60], 100, nil),
        ] as [([ClosedRange<Int>], Int, Int?)])
    func aStreakMarkIsTheLatestLongestOrTheFirstThatLong(_ runs: [ClosedRange<Int>], _ length: Int, _ index: Int?) {
        #expect(StatsCache.streakMark(length, in: runs) == index)
    }
}
