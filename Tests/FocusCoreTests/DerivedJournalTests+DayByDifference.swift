import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// A change record folded into a day's summary by difference (the session before taken away, after added), without
/// reading the day's other sessions: the day summaries and the streaks of `stats --tag` and `--device` are the
/// loaded journal's, on a day where a tag's other sessions were not completed and another device recorded some.
extension DerivedJournalTests {
    enum DayChange: String, CaseIterable {
        /// The day's only completed `code` session deleted: one not completed is left, so the day leaves the streak.
        case deleteTheCompletedOne
        /// The same session given another tag.
        case retagTheCompletedOne
        /// The same session cut short (not completed).
        case cutTheCompletedOneShort
        /// The not completed session deleted: the day stays in the `code` streak.
        case deleteTheUnfinishedOne
        /// The completed session moved to the next day.
        case moveTheCompletedOneToTheNextDay
        /// The day's longest session (the only one as long) deleted: its day is read.
        case deleteTheLongest
        /// One of two as long as the longest deleted.
        case deleteOneOfTheTwoLongest
    }

    static func dayByDifferenceJournal(otherDevice: Bool) throws -> DataPaths {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        // Day 40 before today: d1 (code, completed), d2 (code, 60 s: not completed), d3 (write, completed, longest),
        // d4 (write, completed); other days around it.
        for i in 0..<12 { try store.record(session(i, hoursAgo: 24 * (52 - i) + 6, tag: "code")) }
        let day = 24 * 40
        try store.record(session(101, hoursAgo: day + 9, tag: "code"))
        try store.record(session(102, hoursAgo: day + 8, tag: "code", focused: 60))
        var longest = session(103, hoursAgo: day + 7, tag: "write")
        longest.end = longest.start.addingTimeInterval(3000)
        longest.planned = 3000
        longest.focused = 3000
        try store.record(longest)
        var twin = session(104, hoursAgo: day + 5, tag: "write")
        twin.focused = 1500
        try store.record(twin)
        // Newer than the day: more sessions than the stats cache keeps as the newest (the change is folded with the
        // session index).
        for i in 0..<(JournalDigest.History.kept + 10) {
            try store.record(session(300 + i, hoursAgo: 4 * (JournalDigest.History.kept + 10 - i), tag: "read"))
        }
        if otherDevice {
            try appendRaw(
                JournalCodec.encode(session(201, hoursAgo: day + 3, tag: "read")) + "\n",
                to: paths.journalDirectory + "/" + Self.otherDevice)
        }
        return paths
    }

    @Test(arguments: DayChange.allCases, [false, true])
    func aChangeIsFoldedIntoItsDayByDifference(_ change: DayChange, otherDevice: Bool) throws {
        let paths = try Self.dayByDifferenceJournal(otherDevice: otherDevice)
        _ = try Self.derived(paths)
        _ = AppStore(paths: paths).indexedLookup()
        let store = AppStore(paths: paths)
        let (kind, target, patch): (JournalChange.Kind, String, SessionPatch) =
            switch change {
            case .deleteTheCompletedOne: (.delete, "s101", SessionPatch())
            case .retagTheCompletedOne: (.edit, "s101", SessionPatch(tags: ["write"]))
            case .cutTheCompletedOneShort: (.edit, "s101", SessionPatch(focused: 60))
            case .deleteTheUnfinishedOne: (.delete, "s102", SessionPatch())
            case .moveTheCompletedOneToTheNextDay:
                (
                    .edit, "s101",
                    SessionPatch(
                        start: Self.now.addingTimeInterval(-39 * 86_400),
                        end: Self.now.addingTimeInterval(-39 * 86_400 + 1500))
                )
            case .deleteTheLongest: (.delete, "s103", SessionPatch())
            case .deleteOneOfTheTwoLongest: (.delete, "s104", SessionPatch())
            }
        if change == .deleteOneOfTheTwoLongest {
            // d3 cut to d4's length first: two sessions as long as the day's longest.
            try store.record(
                JournalChange(
                    id: "c-twin", kind: .edit, target: "s103", at: Self.now, patch: SessionPatch(focused: 1500)))
            _ = try Self.derived(paths)
        }
        try store.record(
            JournalChange(id: "c-\(change.rawValue)", kind: kind, target: target, at: Self.now, patch: patch))
        let read = try Self.readsWhole(paths) { stats in
            _ = try stats.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
        }
        #expect(!read)
        #expect(try Self.derived(paths).views == Self.rebuilt(paths).views)
        let got = try Self.filteredStats(paths)
        #expect(got.indexed.allSatisfy { $0 != nil })
        for (i, (indexed, loaded)) in zip(got.indexed, got.loaded).enumerated() {
            #expect(
                indexed == loaded, "case \(i): filter \((Self.filters + [(nil, "own")])[i / Self.filteredRanges.count])"
            )
        }
    }
}
