import FocusCore
import Foundation
import Testing

/// A change record (an edit, a deletion, an undo, a move, a split) folded into the expedition and the growth totals
/// gives what a rebuild gives, wherever the session is: before the route completes or after, before the growth's
/// days are all set or after, in this device's file or another's; and a session recorded after it shows the
/// events a rebuild shows.
extension DerivedJournalTests {
    /// Three earning sessions open chapter b; four hours of focus over two days stamp it: the route completes at the
    /// tenth session (every fourth one is added by hand and earns nothing, the seventh is too short to).
    static let shortRoute = ExpeditionDefinitions(chapters: [
        Sessions.chapter("a", [Sessions.mission("a1", .sessionCount, 3)]),
        Sessions.chapter("b", [Sessions.mission("b1", .focusMinutes, 240), Sessions.mission("b2", .streakDays, 2)]),
    ])

    enum ChangeKind: String, CaseIterable, Sendable {
        case shorter, tags, delete, undoDelete, move, split, addThenEdit, twoEdits, editThenUndo
    }

    /// The session changed: the journal's first; one before the route completes (the growth's days not all set);
    /// a manual one before it; a timer one too short to earn before it; one after it (the growth's days not all set
    /// yet); one from the middle and the last (after both); one of the other device's.
    enum Place: String, CaseIterable, Sendable {
        case first, beforeCompletion, manualBefore, shortBefore, afterCompletion, middle, last, otherDevice

        var id: String {
            switch self {
            case .first: "s0"
            case .beforeCompletion: "s5"
            case .manualBefore: "s3"
            case .shortBefore: "s6"
            case .afterCompletion: "s12"
            case .middle: "s21"
            case .last: "s39"
            case .otherDevice: "o25"
            }
        }
    }

    struct ChangeCase: Sendable, CustomTestStringConvertible {
        let kind: ChangeKind
        let place: Place
        /// Whether a session ends right after the change, before any other command folded it.
        let endsRightAfter: Bool
        var testDescription: String {
            "\(kind.rawValue) of \(place.rawValue)\(endsRightAfter ? ", then a session" : "")"
        }

        /// Whether the derived files can tell the expedition and the growth after it without the history: a change
        /// the reducers do not see (the tags), or one the expedition can tell (``expeditionFolds``) that keeps each
        /// growth day's session and the focus before it on the same side of its threshold: any after the ten hours
        /// were reached (s10, the first day set after the first deep ones), the short s6 before it (200 s less
        /// before s10 keeps it over nine hours), a move of a manual one before it.
        var folds: Bool {
            switch kind {
            case .tags: true
            // The index tells what each change does as of the whole journal: two of one session are rebuilt.
            case .editThenUndo: false
            case .move where place == .manualBefore: true
            default: [.middle, .last, .otherDevice, .shortBefore, .afterCompletion].contains(place)
            }
        }

        /// Whether the expedition alone can be told (a session's end shows nothing else): also after a change to a
        /// session that earns nothing, or one after the route completed.
        var expeditionFolds: Bool {
            kind != .editThenUndo && (folds || [.manualBefore, .shortBefore, .afterCompletion].contains(place))
        }

        static let all = ChangeKind.allCases.flatMap { kind in
            Place.allCases.flatMap { place in
                [false, true].map { ChangeCase(kind: kind, place: place, endsRightAfter: $0) }
            }
        }
    }

    /// A journal of forty one-hour sessions twelve hours apart (every fourth one manual), the other device's ten,
    /// the short route, and the derived files and the session index built.
    static func progressJournal() throws -> DataPaths {
        let paths = try Sessions.temporaryPaths()
        try JSONEncoder().encode(shortRoute).write(to: URL(fileURLWithPath: paths.expeditionsFile))
        let store = AppStore(paths: paths)
        for i in 0..<40 {
            let start = now.addingTimeInterval(Double((i - 40) * 12 * 3600))
            try store.record(
                FocusLog(
                    id: "s\(i)", start: start, end: start.addingTimeInterval(3600), planned: 3600,
                    focused: i == 6 ? 200 : 3600,
                    completed: true, tags: ["code"], source: i % 4 == 3 ? .manual : .timer))
        }
        for i in 20..<30 {
            let start = now.addingTimeInterval(Double((i - 40) * 12 * 3600 + 6 * 3600))
            let log = FocusLog(
                id: "o\(i)", start: start, end: start.addingTimeInterval(1800), planned: 1800, focused: 1800,
                completed: true, tags: ["read"])
            try appendRaw(JournalCodec.encode(log) + "\n", to: paths.journalDirectory + "/" + otherDevice)
        }
        _ = try derived(paths)
        #expect(AppStore(paths: paths).indexedLookup() != nil)
        return paths
    }

    /// The views through the derived files, and the same with them deleted first; whether the first read the journal.
    static func withAndWithout(_ paths: DataPaths) throws -> (derived: Views, rebuilt: Views, read: Bool) {
        let got = try derived(paths)
        let copy = try Sessions.temporaryPaths()
        try FileManager.default.removeItem(atPath: copy.dataDirectory)
        try FileManager.default.copyItem(atPath: paths.dataDirectory, toPath: copy.dataDirectory)
        try? FileManager.default.removeItem(atPath: copy.statsCacheFile)
        try? FileManager.default.removeItem(atPath: copy.expeditionCheckpointFile)
        return (got.views, try derived(copy).views, got.read)
    }

    @Test(arguments: ChangeCase.all)
    func aChangeIsFoldedIntoTheExpeditionAndTheGrowth(_ change: ChangeCase) throws { try Self.check(change) }

    /// ``aChangeIsFoldedIntoTheExpeditionAndTheGrowth(_:)``'s steps.
    static func check(_ change: ChangeCase) throws {
        let paths = try progressJournal()
        let loaded = AppStore(paths: paths)
        try loaded.load()
        let old = try #require(loaded.focusLogs.first { $0.id == change.place.id })
        let store = AppStore(paths: paths)
        switch change.kind {
        case .shorter:
            try store.record(
                JournalChange(id: "c1", kind: .edit, target: old.id, at: now, patch: SessionPatch(focused: 100)))
        case .tags:
            try store.record(
                JournalChange(id: "c1", kind: .edit, target: old.id, at: now, patch: SessionPatch(tags: ["edited"])))
        case .delete, .undoDelete:
            try store.record(JournalChange(id: "c1", kind: .delete, target: old.id, at: now))
        case .move:
            try store.record(
                JournalChange(
                    id: "c1", kind: .edit, target: old.id, at: now,
                    patch: SessionPatch(
                        start: old.start.addingTimeInterval(7200), end: old.end.addingTimeInterval(7200))))
        case .split:
            let parts = try SessionEditor.split(
                old, at: old.start.addingTimeInterval(old.end.timeIntervalSince(old.start) / 2), newID: "split-1",
                zone: Zone(identifier: "UTC")!)
            try store.record(
                JournalChange(id: "c1", kind: .edit, target: old.id, at: now, patch: parts.patch), then: parts.second)
        case .twoEdits, .editThenUndo:
            try store.record(
                JournalChange(id: "c1", kind: .edit, target: old.id, at: now, patch: SessionPatch(focused: 100)))
            if change.kind == .twoEdits {
                try store.record(
                    JournalChange(id: "c2", kind: .edit, target: "s38", at: now, patch: SessionPatch(focused: 100)))
            } else {
                // As `focus undo` does: the step found with the index, the history not loaded (nothing folded yet).
                let undoing = AppStore(paths: paths)
                try undoing.undo(try #require(try undoing.indexedLookup()?.lastUndoable()), at: now) { "u1" }
                #expect(!undoing.isLoaded)
            }
        case .addThenEdit:
            let start = now.addingTimeInterval(-3 * 3600)
            try store.record(
                FocusLog(
                    id: "added", start: start, end: start.addingTimeInterval(600), planned: 600, focused: 600,
                    completed: true, source: .manual))
            try store.record(
                JournalChange(id: "c1", kind: .edit, target: old.id, at: now, patch: SessionPatch(focused: 100)))
        }
        if change.kind == .undoDelete {
            _ = try AppStore(paths: paths).statsInput(range: .lastDays(7), tag: nil, today: today, days: days)
            let undoing = AppStore(paths: paths)
            try undoing.load()
            try undoing.undo(try #require(undoing.lastUndoable()), at: now) { "u1" }
        }
        if change.endsRightAfter {
            // The session ends right after the change: both lines are folded at once.
            try endSession(paths, hoursAfter: 1, folds: change.expeditionFolds)
        } else {
            // `stats` first folds the change; then the expedition and the growth are told without the history.
            let watch = Watch()
            _ = try Self.store(paths, watch).statsInput(range: .lastDays(7), tag: nil, today: today, days: days)
            let store = Self.store(paths, watch)
            let told =
                try store.loadDerivedExpedition(days: days) != nil
                && store.derivedGrowth(today: today, days: days) != nil
            #expect((told && !watch.rebuilt) == change.folds)
        }
        let views = try withAndWithout(paths)
        #expect(views.derived == views.rebuilt)
        try endSession(paths, hoursAfter: 3, folds: true)
        let after = try withAndWithout(paths)
        #expect(after.derived == after.rebuilt)
    }

    /// A timer session recorded and its expedition events told, as `focus start` ends: a rebuild's events, and no
    /// history read when the derived files `folds`.
    static func endSession(_ paths: DataPaths, hoursAfter: Int, folds: Bool) throws {
        let start = now.addingTimeInterval(Double(hoursAfter * 3600))
        let id = "next-\(hoursAfter)"
        let next = FocusLog(
            id: id, start: start, end: start.addingTimeInterval(3000), planned: 3000, focused: 3000, completed: true)
        try AppStore(paths: paths).record(next)
        let watch = Watch()
        let ending = Self.store(paths, watch)
        let events = try ending.loadDerivedExpedition(days: days)
        #expect((events != nil && !watch.rebuilt) == folds)
        let reference = AppStore(paths: paths)
        try reference.load()
        let earning = reference.focusLogs.filter { ExpeditionService.earnsProgress($0, definitions: shortRoute) }
        let fold = ExpeditionService.fold(earning, into: ExpeditionState(), definitions: shortRoute, days: days)
        if let events { #expect(events[id] ?? [] == fold.events[id] ?? []) }
    }
}
