import FocusCore
import Foundation
import Testing

/// Sessions with several tags: the journal's `tags` list beside the single `tag` older readers know, edits of
/// them, and what statistics and tag lists count.
@Suite struct SeveralTagsTests {
    static let head =
        #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"#
        + #""focused":1500,"completed":true"#

    /// Lines of version 1 read as they always did, one `tag` as a list of one, and focus writes them back byte for
    /// byte; several tags add a list after the first, which an older focus reads as that first tag.
    @Test(arguments: [
        (Self.head + "}", [String](), true),
        (Self.head + #","tag":"writing"}"#, ["writing"], true),
        (Self.head + #","tz":"Asia/Shanghai","tag":"写作","note":"n","source":"manual"}"#, ["写作"], true),
        (Self.head + #","tag":"a","tags":["a","b c"]}"#, ["a", "b c"], true),
        (Self.head + #","tags":["x","y","x"]}"#, ["x", "y"], false),  // a hand edit: the list wins, each once
        (Self.head + #","tag":"old","tags":[]}"#, [], false),
        (Self.head + #", "tag" : "spaced", "extra": [1, {"k": []}] }"#, ["spaced"], false),
    ])
    func journalLines(_ line: String, _ tags: [String], _ canonical: Bool) throws {
        let log = try JournalCodec.decode(Array(line.utf8))
        #expect(log.tags == tags)
        if canonical { #expect(JournalCodec.encode(log) == line) }
        #expect(try JournalCodec.decode(Array(JournalCodec.encode(log).utf8)) == log)
    }

    @Test(arguments: [
        (#","tags":"a""#, "\"tags\" must be a list of strings"),
        (#","tags":[1]"#, "\"tags\" must be a list of strings"),
        (#","revision":"3""#, "a \"revision\" without an \"origin\""),
    ])
    func badTags(_ tail: String, _ reason: String) {
        #expect { try JournalCodec.decode(Array((Self.head + tail + "}").utf8)) } throws: {
            ($0 as? JournalCodec.Failure)?.reason.description == reason
        }
    }

    /// An edit of the tags writes `tag` (the first, or `null`) for older readers and the list when there are more.
    @Test(arguments: [
        (["a", "b"], #","tag":"a","tags":["a","b"]}"#),
        (["a"], #","tag":"a"}"#),
        ([], #","tag":null}"#),
    ])
    func editsOfTags(_ tags: [String], _ tail: String) throws {
        let change = JournalChange(
            id: "e", kind: .edit, target: "a", at: Date(timeIntervalSince1970: 1_795_942_800),
            patch: SessionPatch(tags: tags))
        let line = JournalCodec.encode(change)
        #expect(line.hasSuffix(tail))
        #expect(try JournalCodec.decodeRecord(Array(line.utf8)) == .change(change))
    }

    struct TagEdit: Sendable, CustomTestStringConvertible {
        let old: [String], set: [String]?, add: [String], remove: [String], new: [String]?
        var testDescription: String { "\(old) set \(set ?? []) +\(add) -\(remove)" }
    }

    @Test(arguments: [
        TagEdit(old: ["a", "b"], set: nil, add: ["c"], remove: [], new: ["a", "b", "c"]),
        TagEdit(old: ["a", "b"], set: nil, add: [], remove: ["a"], new: ["b"]),
        TagEdit(old: ["a", "b"], set: ["x", "x", "y"], add: ["b"], remove: ["y"], new: ["x", "b"]),
        TagEdit(old: ["a"], set: nil, add: ["a"], remove: [], new: nil),  // nothing changes: no edit
        TagEdit(old: ["a"], set: [], add: [], remove: [], new: []),
    ])
    func tagEdits(_ e: TagEdit) {
        let (old, set, add, remove, new) = (e.old, e.set, e.add, e.remove, e.new)
        #expect(SessionEditor.tags(old, set: set, adding: add, removing: remove) == new)
    }

    static func log(_ id: String, _ start: String, _ minutes: Int, _ tags: [String]) -> FocusLog {
        let begin = Fixtures.instant(start)
        return FocusLog(
            id: id, start: begin, end: begin.addingTimeInterval(Double(minutes * 60)), planned: minutes * 60,
            focused: minutes * 60, completed: true, tz: "UTC", tags: tags)
    }

    static let logs = [
        log("a", "2026-11-27T09:00:00Z", 60, ["bugfix", "coding"]),
        log("b", "2026-11-28T09:00:00Z", 30, ["coding"]),
        log("c", "2026-11-29T09:00:00Z", 20, []),
    ]

    /// `--tag T` counts the sessions carrying T; the per-tag table counts a session under each of its tags.
    @Test func statsCountASessionUnderEachOfItsTags() {
        let all = Fixtures.stats(Self.logs, range: .all)
        #expect(all.focusedSeconds == 110 * 60 && all.sessions == 3)
        let byTag = Dictionary(uniqueKeysWithValues: all.byTag.map { ($0.tag, $0.focusedSeconds / 60) })
        #expect(byTag == ["coding": 90, "bugfix": 60, nil: 20])
        #expect(all.tagsOverlap)
        let bugfix = Fixtures.stats(Self.logs, range: .all, tag: "bugfix")
        #expect(bugfix.focusedSeconds == 3600 && bugfix.sessions == 1 && bugfix.tagsOverlap)
        #expect(!Fixtures.stats([Self.logs[1]], range: .all).tagsOverlap)
    }

    /// The derived stats cache holds the same per-tag sums as the journal, several tags included.
    @Test func theStatsCacheCountsSeveralTags() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tags-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let paths = DataPaths(dataDirectory: home, configDirectory: home)
        let store = AppStore(paths: paths)
        for log in Self.logs { try store.record(log) }
        let days = LocalDays(timeZone: Zone(identifier: "UTC")!)
        let today = days.date(of: Fixtures.now).dayNumber
        let fresh = try store.statsInput(range: .all, tag: nil, today: today, days: days)
        let cached = try AppStore(paths: paths).statsInput(range: .all, tag: nil, today: today, days: days)
        #expect(fresh == cached)
        #expect(cached.days.flatMap(\.tags).filter { $0.tag == "coding" }.map(\.focused) == [3600, 1800])
    }

    @Test func tagUsageListsEachTagWithCountsAndLastUse() {
        let usage = TagUsage.tally(Self.logs)
        #expect(usage.map(\.tag) == ["coding", "bugfix"])
        #expect(usage[0].sessions == 2 && usage[0].focusedSeconds == 5400)
        #expect(usage[0].lastUsed == Fixtures.instant("2026-11-28T09:00:00Z"))
    }

    /// The state file and another device's marker written by an older focus (one `tag`) read as a list of one;
    /// this focus writes the first tag beside the list, for an older one still reading them.
    @Test func runningFilesOfAnOlderFocusKeepTheirTag() throws {
        let state =
            #"{"id":"s","phase":"focus","startedAt":"2026-11-29T09:00:00Z","planned":1500,"counted":60,"#
            + #""updatedAt":"2026-11-29T09:01:00Z","paused":false,"tag":"thesis","pid":1,"cycle":1,"cycles":1}"#
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var read = try decoder.decode(RunningState.self, from: Data(state.utf8))
        #expect(read.tags == ["thesis"])
        read.tags = ["thesis", "ch 3"]
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let written = String(decoding: try encoder.encode(read), as: UTF8.self)
        #expect(written.contains(#""tag":"thesis""#) && written.contains(#""tags":["thesis","ch 3"]"#))
        #expect(try decoder.decode(RunningState.self, from: Data(written.utf8)) == read)
        let marker =
            #"{"device":{"id":"00000002","name":"laptop"},"id":"m","phase":"focus","#
            + #""startedAt":"2026-11-29T09:00:00Z","paused":false,"remaining":900,"updatedAt":"2026-11-29T09:01:00Z","#
            + #""tag":"thesis"}"#
        #expect(try decoder.decode(RunningMarker.self, from: Data(marker.utf8)).tags == ["thesis"])
    }
}
