import FocusCore
import Foundation
import Testing

@testable import FocusInterchange

/// Timewarrior intervals that moved, sessions the source no longer has, and focus's own exports that differ.
extension ImportPlanTests {
    /// One row: the intervals imported before (`inc` lines of November's month file, or of a data folder's month
    /// files when `folder`), what the source holds now (more `inc` lines, or `timew export` JSON when it starts
    /// with `[`), and what the import plans.
    struct MoveCase: CustomTestStringConvertible, Sendable {
        let name: String
        let before: [String]
        let now: [String]
        let moved: Int
        let added: Int
        let missing: Int
        /// Whether `now` is a `timew export` of some tags only: the sessions here may then overlap after it.
        var filtered = false
        var folder = false
        var testDescription: String { name }
    }

    static func interval(_ day: Int, _ from: String, _ to: String, _ tags: String = "coding") -> String {
        "inc 202611\(day)T\(from)00Z - 202611\(day)T\(to)00Z # \(tags)"
    }

    static func export(_ intervals: [(day: Int, from: String, to: String)], tag: String = "coding") -> [String] {
        let items = intervals.map {
            #"{"start":"202611\#($0.day)T\#($0.from)00Z","end":"202611\#($0.day)T\#($0.to)00Z","tags":["\#(tag)"]}"#
        }
        return ["[" + items.joined(separator: ",") + "]"]
    }

    static let moveCases: [MoveCase] = [
        MoveCase(
            name: "moved earlier: an edit", before: [interval(20, "0900", "1000")],
            now: [interval(20, "0830", "0930")], moved: 1, added: 0, missing: 0),
        MoveCase(
            name: "moved and annotated: one edit",
            before: [interval(20, "0900", "1000"), interval(21, "0900", "1000")],
            now: [interval(20, "0915", "1100", "coding # \"fixed start\""), interval(21, "0900", "1000")],
            moved: 1, added: 0, missing: 0),
        MoveCase(
            name: "over a gone one with other tags: added, it missing",
            before: [interval(20, "0900", "1000"), interval(21, "0900", "1000")],
            now: [interval(20, "0915", "1100", "writing"), interval(21, "0900", "1000")], moved: 0, added: 1,
            missing: 1),
        MoveCase(
            name: "next to the old one, not overlapping: added, old one missing",
            before: [interval(20, "0900", "1000")], now: [interval(20, "1000", "1100")], moved: 0, added: 1,
            missing: 1),
        MoveCase(
            name: "one new interval over two gone: added, both missing",
            before: [interval(20, "0900", "1000"), interval(20, "1100", "1200")],
            now: [interval(20, "0930", "1130")], moved: 0, added: 1, missing: 2),
        MoveCase(
            name: "split in two over one gone: both added, it missing", before: [interval(20, "0900", "1000")],
            now: [interval(20, "0830", "0910"), interval(20, "0920", "0950")], moved: 0, added: 2, missing: 1),
        MoveCase(
            name: "over one still there (shortened) and one gone: that one moved",
            before: [interval(20, "0900", "1000"), interval(20, "1000", "1100")],
            now: [interval(20, "0900", "0930"), interval(20, "0930", "1030")], moved: 1, added: 0, missing: 0),
        MoveCase(
            name: "two moves side by side: two edits",
            before: [interval(20, "0900", "1000"), interval(20, "1100", "1200")],
            now: [interval(20, "0800", "0930"), interval(20, "1030", "1130")], moved: 2, added: 0, missing: 0),
        MoveCase(
            name: "filtered export: only its span counts",
            before: [interval(20, "0900", "1000"), interval(25, "0900", "1000"), interval(28, "0900", "1000")],
            now: export([(25, "0830", "0930"), (26, "0900", "1000")]), moved: 1, added: 1, missing: 0),
        MoveCase(
            name: "export spanning a gone interval: missing",
            before: [interval(20, "0900", "1000"), interval(21, "0900", "1000"), interval(22, "0900", "1000")],
            now: export([(20, "0900", "1000"), (22, "0900", "1000")]), moved: 0, added: 0, missing: 1),
        MoveCase(
            name: "export of one tag: another tag's session in its span is not gone",
            before: [
                interval(20, "0900", "1000", "work"), interval(20, "1100", "1200", "study"),
                interval(20, "1300", "1400", "work"),
            ],
            now: export([(20, "0900", "1000"), (20, "1300", "1400")], tag: "work"), moved: 0, added: 0, missing: 0),
        MoveCase(
            name: "export of one tag: a new interval over another tag's session is added",
            before: [
                interval(20, "0900", "1000", "work"), interval(20, "1100", "1200", "study"),
                interval(20, "1300", "1400", "work"),
            ],
            now: export([(20, "0900", "1000"), (20, "1130", "1200"), (20, "1300", "1400")], tag: "work"), moved: 0,
            added: 1, missing: 0, filtered: true),
        MoveCase(
            name: "export of one tag: a session of that tag gone is missing",
            before: [
                interval(20, "0900", "1000", "work"), interval(20, "1100", "1200", "study"),
                interval(20, "1300", "1400", "work"), interval(20, "1500", "1600", "work"),
            ],
            now: export([(20, "0900", "1000"), (20, "1500", "1600")], tag: "work"), moved: 0, added: 0, missing: 1),
        MoveCase(
            name: "folder: moved into the next month, its month file gone: an edit",
            before: ["inc 20261031T233000Z - 20261101T003000Z # coding"],
            now: ["inc 20261101T000000Z - 20261101T010000Z # coding"], moved: 1, added: 0, missing: 0, folder: true),
        MoveCase(
            name: "folder: every interval of a month deleted: missing",
            before: ["inc 20261005T090000Z - 20261005T100000Z # coding", interval(20, "0900", "1000")],
            now: [interval(20, "0900", "1000")], moved: 0, added: 0, missing: 1, folder: true),
    ]

    /// Plans `lines` (a data folder's, each in the month file of its start, when `folder`).
    static func timewarrior(_ lines: [String], _ history: JournalHistory, prune: Bool = false, folder: Bool = false)
        throws -> PlannedImport
    {
        guard folder else {
            let json = lines.first?.hasPrefix("[") == true
            return try FollowingImportTests.plan(
                Array(lines.joined(separator: "\n").utf8), history, format: .timewarrior, prune: prune,
                name: json ? "tw.json" : "2026-11.data")
        }
        // `inc 20261031T…`: the month file `2026-10.data`.
        let months = Dictionary(grouping: lines) { "\($0.dropFirst(4).prefix(4))-\($0.dropFirst(8).prefix(2)).data" }
        var n = 0
        return try PlannedImport(
            inputs: months.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.joined(separator: "\n").utf8)) },
            format: .timewarrior, history: history, prune: prune, path: "data", now: Fixtures.now,
            newID: {
                n += 1
                return "c\(n)"
            }, folder: true)
    }

    /// The rule of ``ImportPlan``: a new interval is a moved one when it and a session the source no longer has
    /// overlap each other and nothing else; the rest is added, and what is gone is counted, or deleted with --prune.
    @Test(arguments: moveCases)
    func aMovedIntervalIsFollowedOneToOneAndWhatIsGoneIsCounted(_ row: MoveCase) throws {
        let first = try Self.timewarrior(row.before, JournalHistory(sessions: [], changes: []), folder: row.folder)
        let history = JournalHistory(sessions: first.added, changes: [])
        let plan = try Self.timewarrior(row.now, history, folder: row.folder)
        #expect(plan.summary.moved == row.moved && plan.added.count == row.added)
        #expect(plan.summary.missing == row.missing && plan.pruned.isEmpty)
        #expect(plan.updated.filter { $0.patch.start != nil }.count == row.moved)
        let pruned = try Self.timewarrior(row.now, history, prune: true, folder: row.folder)
        #expect(pruned.pruned.count == row.missing && pruned.summary.missing == 0)
        #expect(pruned.summary.moved == row.moved && pruned.added.count == row.added)
        // The sessions here after the import hold each interval of the source, and no time twice.
        let applied = JournalHistory(sessions: first.added + pruned.added, changes: pruned.updated + pruned.pruned)
            .effectiveLogs
        let intervals = try Self.timewarrior(row.now, JournalHistory(sessions: [], changes: []), folder: row.folder)
            .added
        #expect(Set(intervals.map(\.start)).isSubset(of: applied.map(\.start)))
        #expect(row.filtered || zip(applied, applied.dropFirst()).allSatisfy { $0.end <= $1.start })
    }

    /// A move followed is the session from then on: importing again finds it, moving back follows it again, and
    /// with the move undone it is followed once more.
    @Test func aFollowedMoveIsThatSessionFromThenOn() throws {
        let first = try Self.timewarrior([Self.interval(20, "0900", "1000")], JournalHistory(sessions: [], changes: []))
        let moved = [Self.interval(20, "0830", "0930")]
        let move = try Self.timewarrior(moved, JournalHistory(sessions: first.added, changes: []))
        let edit = try #require(move.updated.first)
        #expect(edit.target == first.added[0].id && edit.patch.start == Fixtures.instant("2026-11-20T08:30:00Z"))
        let after = JournalHistory(sessions: first.added, changes: [edit])
        let again = try Self.timewarrior(moved, after)
        #expect(again.duplicates == 1 && again.updated.isEmpty && again.added.isEmpty && again.summary.missing == 0)
        let back = try Self.timewarrior([Self.interval(20, "0900", "1000")], after)
        #expect(back.summary.moved == 1 && back.added.isEmpty && back.updated.first?.target == edit.target)
        let undone = JournalHistory(
            sessions: first.added,
            changes: [edit, JournalChange(id: "u", kind: .undo, target: edit.id, at: Fixtures.now)])
        #expect(try Self.timewarrior(moved, undone).summary.moved == 1)
        // Deleted here after the move: it stays deleted.
        let deleted = JournalHistory(
            sessions: first.added,
            changes: [edit, JournalChange(id: "d", kind: .delete, target: edit.target, at: Fixtures.now)])
        let gone = try Self.timewarrior(moved, deleted)
        #expect(gone.added.isEmpty && gone.duplicates == 1 && gone.summary.missing == 0)
    }

    /// Watson frames removed there are counted as well, and deleted only with --prune.
    @Test(arguments: [false, true])
    func watsonFramesGoneAreCounted(_ prune: Bool) throws {
        let frames = FollowingImportTests.frames([("f1", 1_795_170_600, [], 1), ("f2", 1_795_170_600, [], 1)])
        let first = try FollowingImportTests.plan(frames, JournalHistory(sessions: [], changes: []))
        let plan = try FollowingImportTests.plan(
            FollowingImportTests.frames([("f1", 1_795_170_600, [], 1)]),
            JournalHistory(sessions: first.added, changes: []), prune: prune)
        #expect(plan.summary.missing == (prune ? 0 : 1) && plan.pruned.count == (prune ? 1 : 0))
        #expect(plan.summary.moved == 0 && plan.duplicates == 1)
    }

    /// focus's own export of a session edited since on one machine: kept as it is here, and counted.
    @Test(arguments: [
        ("unchanged", SessionPatch(), 0),
        ("end", SessionPatch(end: Fixtures.instant("2026-11-28T09:26:00Z")), 1),
        ("tags", SessionPatch(tags: ["other"]), 1),
        ("note", SessionPatch(note: .some("edited")), 1),
        ("completed", SessionPatch(completed: false), 1),
    ])
    func ownExportsThatDifferAreCountedAndKept(_ what: String, _ edit: SessionPatch, _ differing: Int) throws {
        let here = Fixtures.log("2026-11-28T09:00:00Z", tag: "a")
        let json = SessionExporter.export([edit.applied(to: here)], as: .json, days: Fixtures.days(), now: Fixtures.now)
        let plan = try FollowingImportTests.plan(
            Array(json.utf8), JournalHistory(sessions: [here], changes: []), format: .json, name: "f")
        #expect(plan.summary.differing == differing, "\(what)")
        #expect(plan.duplicates == 1 - differing && plan.added.isEmpty && plan.updated.isEmpty, "\(what)")
    }
}
