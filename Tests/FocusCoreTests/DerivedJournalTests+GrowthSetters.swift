import FocusCore
import Foundation
import Testing

/// A change record to a session before the days the growth's badges were set (the bench's edit: an old session loses
/// a minute), to a session that set one, or to a recent one: `profile` after it gives what a rebuild gives, and is
/// told from the derived files without the history where the sessions that set the days tell it.
extension DerivedJournalTests {
    /// No session reaches the route's minimum: the expedition is the same whatever changes, the growth alone is told.
    static let growthRoute = ExpeditionDefinitions(
        deepFocusMinutes: 50, minimumSessionMinutes: 90,
        chapters: [Sessions.chapter("a", [Sessions.mission("a1", .sessionCount, 3)])])

    enum GrowthChange: String, CaseIterable, Sendable {
        case shorter, tags, delete, undoDelete, deepen, move
    }

    /// The session changed: an old one (after the first completed, before every other day set), the first
    /// completed, the first deep, the one that reached ten hours, the tenth deep, a recent one.
    enum GrowthPlace: String, CaseIterable, Sendable {
        case old = "g1"
        case firstCompleted = "g0"
        case firstDeep = "g2"
        case tenHours = "g17"
        case tenthDeep = "g47"
        case recent = "g58"
    }

    struct GrowthCase: Sendable, CustomTestStringConvertible {
        let change: GrowthChange
        let place: GrowthPlace
        var testDescription: String { "\(change.rawValue) of \(place.rawValue)" }

        /// Whether the days set are told without the history: a change after every session that set one, one that
        /// keeps the focus before each of them on the same side of its threshold and the deep sessions before the
        /// tenth as many (a minute less, a move, a tag), or one the totals do not see.
        var folds: Bool {
            switch (change, place) {
            case (.tags, _), (_, .recent), (.shorter, .old), (.move, .old), (.shorter, .firstCompleted): true
            // Already deep: the same session.
            case (.deepen, .firstDeep), (.deepen, .tenHours), (.deepen, .tenthDeep): true
            default: false
            }
        }

        static let all = GrowthChange.allCases.flatMap { change in
            GrowthPlace.allCases.map { GrowthCase(change: change, place: $0) }
        }
    }

    /// Sixty completed sessions half a day apart, 30 minutes each but every fifth from the third, of 50 (deep): the
    /// first deep is g2, ten hours are reached at g17 (34,200 s before it), the tenth deep is g47.
    static func growthJournal() throws -> DataPaths {
        let paths = try Sessions.temporaryPaths()
        try JSONEncoder().encode(growthRoute).write(to: URL(fileURLWithPath: paths.expeditionsFile))
        let store = AppStore(paths: paths)
        for i in 0..<60 {
            let start = now.addingTimeInterval(Double((i - 60) * 12 * 3600))
            let focused = i % 5 == 2 ? 3000 : 1800
            try store.record(
                FocusLog(
                    id: "g\(i)", start: start, end: start.addingTimeInterval(Double(focused)), planned: focused,
                    focused: focused, completed: true, tags: ["code"]))
        }
        _ = try derived(paths)
        #expect(AppStore(paths: paths).indexedLookup() != nil)
        return paths
    }

    @Test(arguments: GrowthCase.all)
    func aChangeBeforeTheBadgeDaysIsFoldedIntoTheGrowth(_ growthCase: GrowthCase) throws {
        try Self.checkGrowth(growthCase)
    }

    /// ``aChangeBeforeTheBadgeDaysIsFoldedIntoTheGrowth(_:)``'s steps.
    static func checkGrowth(_ growthCase: GrowthCase) throws {
        let paths = try growthJournal()
        let loaded = AppStore(paths: paths)
        try loaded.load()
        let old = try #require(loaded.focusLogs.first { $0.id == growthCase.place.rawValue })
        let store = AppStore(paths: paths)
        let patch: SessionPatch? =
            switch growthCase.change {
            case .shorter: SessionPatch(focused: old.focused - 60)
            case .tags: SessionPatch(tags: ["edited"])
            case .deepen: SessionPatch(end: old.start.addingTimeInterval(3000), focused: 3000)
            case .move: SessionPatch(start: old.start.addingTimeInterval(7200), end: old.end.addingTimeInterval(7200))
            case .delete, .undoDelete: nil
            }
        if let patch {
            try store.record(JournalChange(id: "c1", kind: .edit, target: old.id, at: now, patch: patch))
        } else {
            try store.record(JournalChange(id: "c1", kind: .delete, target: old.id, at: now))
        }
        if growthCase.change == .undoDelete {
            _ = try AppStore(paths: paths).statsInput(range: .lastDays(7), tag: nil, today: today, days: days)
            let undoing = AppStore(paths: paths)
            try undoing.undo(try #require(try undoing.indexedLookup()?.lastUndoable()), at: now) { "u1" }
        }
        // `stats` folds the change; then `profile` is told from the derived files, or rebuilds.
        let watch = Watch()
        _ = try Self.store(paths, watch).statsInput(range: .lastDays(7), tag: nil, today: today, days: days)
        let growthStore = Self.store(paths, watch)
        let told =
            try growthStore.loadDerivedExpedition(days: days) != nil
            && growthStore.derivedGrowth(today: today, days: days) != nil
        #expect((told && !watch.rebuilt) == growthCase.folds)
        let views = try withAndWithout(paths)
        #expect(views.derived == views.rebuilt)
        #expect((views.derived.profile?.badges.filter { $0.earned }.count ?? 0) >= 4)
        // A session appended after the change folds as a rebuild would.
        let start = now.addingTimeInterval(3600)
        try AppStore(paths: paths).record(
            FocusLog(
                id: "next", start: start, end: start.addingTimeInterval(3000), planned: 3000, focused: 3000,
                completed: true))
        let after = try withAndWithout(paths)
        #expect(after.derived == after.rebuilt)
    }
}
