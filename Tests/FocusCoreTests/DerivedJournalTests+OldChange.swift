import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// A change record to a session older than every one the derived files keep as the newest
/// (``JournalDigest/History/kept``) is folded without reading those newest sessions, and gives what a rebuild gives;
/// one that brings a session among them, or names one whose id is not plain ASCII, reads them as before (and the
/// move reads the journal for the expedition, as any move of a session that earned progress does); `log` shows the
/// newest as a rebuild does, read from their first lines.
extension DerivedJournalTests {
    struct OldChange: Sendable, CustomTestStringConvertible {
        let name: String
        /// The session changed, by its place in start order (0: the oldest).
        let place: Int
        let patch: SessionPatch
        /// Whether every view is told without reading the journal.
        let told: Bool
        var testDescription: String { name }

        static let all = [
            OldChange(name: "the tags of the oldest", place: 0, patch: SessionPatch(tags: ["edited"]), told: true),
            OldChange(name: "the tags of an old one", place: 12, patch: SessionPatch(tags: []), told: true),
            OldChange(
                name: "an old one moved among the newest", place: 12,
                patch: SessionPatch(
                    start: DerivedJournalTests.now.addingTimeInterval(-1800),
                    end: DerivedJournalTests.now.addingTimeInterval(-300)),
                told: false),
            OldChange(
                name: "the tags of the newest kept but one", place: count - JournalDigest.History.kept + 1,
                patch: SessionPatch(tags: ["edited"]), told: true),
            // `log --limit 20` then shows the 21st newest before: read past the first twenty.
            OldChange(
                name: "the newest moved back among the kept", place: count - 1,
                patch: SessionPatch(
                    start: DerivedJournalTests.now.addingTimeInterval(-49 * 3600 - 600),
                    end: DerivedJournalTests.now.addingTimeInterval(-49 * 3600 + 900)),
                told: false),
            OldChange(
                name: "the tags of an old one with a wide id", place: 7, patch: SessionPatch(tags: ["x"]), told: false),
        ]
        /// Sessions in the journal: more than the derived files keep as the newest.
        static let count = JournalDigest.History.kept + 30
    }

    @Test(arguments: OldChange.all)
    func aChangeToAnOldSessionIsFoldedAsARebuildGives(_ change: OldChange) throws {
        let paths = try Sessions.temporaryPaths()
        let first = AppStore(paths: paths)
        for i in 0..<OldChange.count {
            var log = Self.session(i, hoursAgo: 2 * (OldChange.count - i), tag: i % 3 == 0 ? "code" : "write")
            if i == 7, change.place == 7 { log.id = "会话-7" }
            try first.record(log)
        }
        _ = try Self.derived(paths)
        // The session index is not kept for ids that are not plain ASCII: those changes read the journal.
        #expect((AppStore(paths: paths).indexedLookup() != nil) == (change.place != 7))
        let target = change.place == 7 ? "会话-7" : "s\(change.place)"
        try AppStore(paths: paths).record(
            JournalChange(id: "c1", kind: .edit, target: target, at: Self.now, patch: change.patch))
        // The newest twenty as the first command after the change reads them (folding it), and as a load does; a
        // change to a session with a wide id is not folded (the session index is not kept), so `log` loads.
        let newest = HistoryViewModel(newestOf: AppStore(paths: paths), limit: 20, now: Self.now, days: Self.days)
        let loaded = AppStore(paths: paths)
        try loaded.load()
        #expect((newest == nil) == (change.place == 7))
        if let newest {
            #expect(newest.rows == HistoryViewModel(store: loaded, limit: 20, now: Self.now, days: Self.days).rows)
        }
        let views = try Self.withAndWithout(paths)
        #expect(views.derived == views.rebuilt)
        #expect(!views.read == change.told)
    }
}
