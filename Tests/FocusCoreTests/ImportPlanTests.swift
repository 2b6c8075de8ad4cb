import FocusCore
import Foundation
import Testing

@testable import FocusInterchange

@Suite struct ImportPlanTests {
    static let line1 =
        #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
        + #""completed":true}"#
    static let line2 =
        #"{"id":"b","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1500,"focused":1500,"#
        + #""completed":true}"#

    @Test func newSessionsAreAddedAndKnownOrRepeatedIdsCounted() throws {
        let bytes = Array((Self.line1 + "\n" + Self.line2 + "\n" + Self.line2 + "\n{broken\n").utf8)
        let plan = try PlannedImport(
            inputs: [(name: "x.jsonl", bytes: bytes)], format: .jsonl,
            history: JournalHistory(
                sessions: [Fixtures.log("2026-11-28T09:00:00Z")].map {
                    var l = $0
                    l.id = "a"
                    return l
                }, changes: []),
            path: "x.jsonl", now: Fixtures.now, newID: { "new" })
        #expect(plan.added.map(\.id) == ["b"])
        // `a` here is another day: it differs, and is kept as it is here.
        #expect(plan.duplicates == 1 && plan.summary.differing == 1)
        #expect(plan.skipped.count == 1)
    }

    @Test(arguments: [SessionImporter.Format.jsonl, .watson, .csv, .timewarrior])
    func inputOfWhichNothingCanBeReadIsADataError(_ format: SessionImporter.Format) {
        #expect {
            try PlannedImport(
                inputs: [(name: "junk", bytes: Array("\u{1}\u{2}garbage\nmore garbage\n".utf8))], format: format,
                history: JournalHistory(sessions: [], changes: []), path: "junk", now: Fixtures.now, newID: { "x" })
        } throws: {
            ($0 as? FocusError)?.kind == .data && ($0 as? FocusError)?.message.description.hasPrefix("junk: ") == true
        }
    }
}

/// Imports that follow the source: identities, revisions, prunes and imports again after an undo.
@Suite struct FollowingImportTests {
    static func frames(_ frames: [(id: String, stop: Int, tags: [String], updated: Int)]) -> [UInt8] {
        let items = frames.map { f in
            "[1795165200, \(f.stop), \"coding\", \"\(f.id)\", [\(f.tags.map { "\"\($0)\"" }.joined(separator: ","))], "
                + "\(f.updated)]"
        }
        return Array(("[" + items.joined(separator: ",") + "]").utf8)
    }

    static func plan(
        _ bytes: [UInt8], _ history: JournalHistory, format: SessionImporter.Format = .watson,
        prune: Bool = false, name: String = "frames"
    ) throws -> PlannedImport {
        var n = 0
        return try PlannedImport(
            inputs: [(name: name, bytes: bytes)], format: format, history: history, prune: prune, path: name,
            now: Fixtures.now,
            newID: {
                n += 1
                return "c\(n)"
            })
    }

    @Test func watsonEditsApplyOnlyWhenUpdatedAtIsNewer() throws {
        let first = try Self.plan(
            Self.frames([("f1", 1_795_170_600, ["bugfix"], 100)]), JournalHistory(sessions: [], changes: []))
        #expect(first.added.map(\.tags) == [["coding", "bugfix"]])
        let history = JournalHistory(sessions: first.added, changes: [])
        // The same frame, or an older copy of it, changes nothing.
        #expect(try Self.plan(Self.frames([("f1", 1_795_168_800, ["x"], 100)]), history).updated.isEmpty)
        #expect(try Self.plan(Self.frames([("f1", 1_795_168_800, ["x"], 99)]), history).updated.isEmpty)
        let edited = try Self.plan(Self.frames([("f1", 1_795_168_800, ["x"], 101)]), history)
        let patch = try #require(edited.updated.first?.patch)
        #expect(patch.end == Date(timeIntervalSince1970: 1_795_168_800) && patch.tags == ["coding", "x"])
        #expect(patch.focused == 3600 && patch.origin?.revision == "101" && edited.duplicates == 0)
    }

    @Test func pruneDeletesWhatTheSourceNoLongerHasAndUndoneImportsComeBackUnderNewIDs() throws {
        let first = try Self.plan(
            Self.frames([("f1", 1_795_170_600, [], 1), ("f2", 1_795_170_600, [], 1)]),
            JournalHistory(sessions: [], changes: []))
        let history = JournalHistory(sessions: first.added, changes: [])
        #expect(try Self.plan(Self.frames([("f1", 1_795_170_600, [], 1)]), history).pruned.isEmpty)
        let pruned = try Self.plan(Self.frames([("f1", 1_795_170_600, [], 1)]), history, prune: true)
        #expect(pruned.pruned.map(\.target) == ["f2"] && pruned.pruned.map(\.kind) == [.delete])
        // Both sessions undone: importing again adds them, under ids no record has.
        let undone = JournalHistory(
            sessions: first.added,
            changes: ["f1", "f2"].map { JournalChange(id: "u" + $0, kind: .undo, target: $0, at: Fixtures.now) })
        let again = try Self.plan(Self.frames([("f1", 1_795_170_600, [], 1), ("f2", 1_795_170_600, [], 1)]), undone)
        #expect(again.added.map(\.id) == ["f1~2", "f2~2"] && again.duplicates == 0)
        let third = JournalHistory(sessions: first.added + again.added, changes: undone.changes)
        #expect(try Self.plan(Self.frames([("f1", 1_795_170_600, [], 1)]), third).duplicates == 1)
    }

    /// A Timewarrior interval is its start: a new end is an edit of it, whatever id an earlier focus gave it.
    @Test func timewarriorIntervalsAreTheirStartEvenFromAnEarlierFocus() throws {
        let legacy = FocusLog(
            id: "tw" + FNV1a.hex("timewarrior|1795165200|1795170600"),
            start: Date(timeIntervalSince1970: 1_795_165_200),
            end: Date(timeIntervalSince1970: 1_795_170_600), planned: 5400, focused: 5400, completed: true,
            tags: ["coding"], source: .import)
        let line = "inc 20261120T090000Z - 20261120T100000Z # coding bugfix\n"
        let plan = try Self.plan(
            Array(line.utf8), JournalHistory(sessions: [legacy], changes: []), format: .timewarrior,
            name: "2026-11.data")
        #expect(plan.added.isEmpty && plan.updated.map(\.target) == [legacy.id])
        #expect(plan.updated.first?.patch.tags == ["coding", "bugfix"] && plan.updated.first?.patch.focused == 3600)
        // --prune of one month file leaves the other months alone.
        let other = try Self.plan(
            Array("inc 20261201T090000Z - 20261201T100000Z # x\n".utf8),
            JournalHistory(sessions: [legacy], changes: []),
            format: .timewarrior, prune: true, name: "2026-12.data")
        #expect(other.pruned.isEmpty)
    }

    /// Each format refuses a file in another one whole (exit 65), so nothing is written.
    @Test(arguments: [
        (SessionImporter.Format.jsonl, "[\n  " + ImportPlanTests.line1 + ",\n  " + ImportPlanTests.line2 + "\n]\n"),
        (.json, ImportPlanTests.line1 + "\n" + ImportPlanTests.line2 + "\n"),
        (.json, "[" + ImportPlanTests.line1 + ","),
        (.csv, ImportPlanTests.line1 + "\n"),
    ])
    func aFileInAnotherFormatIsRefusedWhole(_ format: SessionImporter.Format, _ text: String) {
        #expect {
            try Self.plan(Array(text.utf8), JournalHistory(sessions: [], changes: []), format: format, name: "f")
        } throws: { ($0 as? FocusError)?.kind == .data }
    }

    @Test func focusJsonExportReadsBackWithItsSources() throws {
        var manual = Fixtures.log("2026-11-28T09:00:00Z")
        manual.source = .manual
        manual.tags = ["a", "b"]
        let logs = [Fixtures.log("2026-11-27T09:00:00Z"), manual]
        let json = SessionExporter.export(logs, as: .json, days: Fixtures.days(), now: Fixtures.now)
        let plan = try Self.plan(Array(json.utf8), JournalHistory(sessions: [], changes: []), format: .json, name: "f")
        #expect(plan.added == logs)
    }
}

/// The flat-memory import (issue 15): the skipped records kept for the report, the ids of Watson sessions it does
/// not keep, and the hashed keys it de-duplicates by.
@Suite struct StreamedImportTests {
    @Test(arguments: [1, 19, 20, 21, 45])
    func theFirstSkippedRecordsAreKeptAndTheRestCounted(_ broken: Int) throws {
        let lines = (0..<broken).map { "{broken \($0)" } + [ImportPlanTests.line1]
        let plan = try PlannedImport(
            inputs: [(name: "x.jsonl", bytes: Array(lines.joined(separator: "\n").utf8))], format: .jsonl,
            history: JournalHistory(sessions: [], changes: []), path: "x.jsonl", now: Fixtures.now, newID: { "n" })
        #expect(plan.summary.skippedCount == broken)
        #expect(plan.skipped.map(\.place.description) == (1...min(broken, 20)).map { "line \($0)" })
        #expect(plan.added.count == 1 && plan.summary.added == 1 && plan.summary.focused == 1500)
    }

    /// A Watson frame whose id is another's `<id>~N` is still found when a later frame needs a free id.
    @Test(arguments: [
        (["a~2", "a"], ["a~2", "a~3"]), (["a", "a~2"], ["a~2", "a~2~2"]), (["b", "a", "a~2"], ["b", "a~2", "a~2~2"]),
        (["a~3", "a~2", "a"], ["a~3", "a~2", "a~4"]),
    ])
    func watsonIdsThatLookLikeFreeIdsAreNotGivenTwice(_ ids: [String], _ expected: [String]) throws {
        var held = Fixtures.log("2026-11-28T09:00:00Z")
        held.id = "a"
        let frames = FollowingImportTests.frames(ids.map { ($0, 1_795_168_800, [], 1) })
        let plan = try FollowingImportTests.plan(frames, JournalHistory(sessions: [held], changes: []))
        #expect(plan.added.map(\.id) == expected)
        #expect(Set(plan.added.map(\.id)).count == plan.added.count)
    }

    /// Keys are one when they are equal `String`s, as in the `Set<String>` they replace.
    @Test(arguments: [
        ["a", "b", "a"], ["é", "e\u{301}"], ["\u{212B}", "\u{00C5}", "A\u{30A}"], ["深", "深 ", "深"], ["", " ", ""],
        (0..<5000).map { "id\($0 % 3700)" },
    ])
    func hashedKeysAreEqualWhereStringsAre(_ keys: [String]) {
        var hashed = HashedKeys()
        var set = Set<String>()
        for key in keys {
            #expect(hashed.insert(key, as: .identity) == set.insert(key).inserted, "\(key)")
            #expect(hashed.contains(key, as: .identity) && !hashed.contains(key, as: .id))
        }
        #expect(hashed.insert(keys[0], as: .id) && hashed.contains(keys[0], as: .id))
        #expect(!hashed.contains("never", as: .identity))
    }
}
