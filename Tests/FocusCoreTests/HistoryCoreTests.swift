import FocusCore
import Foundation
import Testing

/// Change records, the effective view, short ids, local times, CSV and iCalendar text, importers.
@Suite struct HistoryCoreTests {
    static let t0 = UTCTimestamp.parse("2026-11-29T09:00:00Z")!  // Sunday 09:00 UTC

    static func edit(_ id: String, _ target: String, _ patch: SessionPatch, at offset: Double = 0) -> JournalChange {
        JournalChange(id: id, kind: .edit, target: target, at: t0.addingTimeInterval(offset), patch: patch)
    }

    static func change(_ id: String, _ kind: JournalChange.Kind, _ target: String) -> JournalChange {
        JournalChange(id: id, kind: kind, target: target, at: t0)
    }

    @Test(arguments: [
        JournalChange(
            id: "e1", kind: .edit, target: "s", at: t0, patch: SessionPatch(tags: [], note: "a \"b\", c\nd")),
        JournalChange(
            id: "e2", kind: .edit, target: "s", at: t0,
            patch: SessionPatch(start: t0, end: t0.addingTimeInterval(60), focused: 60, completed: false)),
        JournalChange(id: "d", kind: .delete, target: "s", at: t0),
        JournalChange(id: "u", kind: .undo, target: "d", at: t0),
    ])
    func changeRecordsRoundTrip(_ change: JournalChange) throws {
        let line = JournalCodec.encode(change)
        #expect(line.hasPrefix("{\"v\":2,\"kind\":\"\(change.kind.rawValue)\""))
        #expect(try JournalCodec.decodeRecord(Array(line.utf8)) == .change(change))
        #expect(throws: JournalCodec.Failure.self) { try JournalCodec.decode(Array(line.utf8)) }  // never a session
    }

    @Test(arguments: [
        (#"{"v":2,"kind":"rename","id":"x","target":"s","at":"2026-11-29T09:00:00Z"}"#, "unknown record"),
        (#"{"v":2,"kind":"edit","id":"x","target":"s","at":"2026-11-29T09:00:00Z"}"#, "changes nothing"),
        (#"{"v":2,"kind":"delete","id":"x","at":"2026-11-29T09:00:00Z"}"#, "missing \"target\""),
        (#"{"v":2,"kind":"edit","id":"x","target":"s","at":"yesterday","tag":"a"}"#, "UTC instant"),
    ])
    func badChangeRecords(_ line: String, _ reason: String) {
        #expect { try JournalCodec.decodeRecord(Array(line.utf8)) } throws: {
            ($0 as? JournalCodec.Failure)?.reason.description.contains(reason) == true
        }
    }

    static let a = Sessions.log("a", "2026-11-29T09:00:00Z")
    static let b = Sessions.log("b", "2026-11-29T10:00:00Z")

    /// Chains of changes and the ids and tags that remain, in start order.
    @Test(arguments: [
        ([], ["a:nil", "b:nil"]),
        ([edit("e1", "a", SessionPatch(tags: ["x"]))], ["a:x", "b:nil"]),
        ([edit("e1", "a", SessionPatch(tags: ["x"])), edit("e2", "a", SessionPatch(tags: ["y"]))], ["a:y", "b:nil"]),
        (
            [edit("e2", "a", SessionPatch(tags: ["y"]), at: 10), edit("e1", "a", SessionPatch(tags: ["x"]))],
            ["a:x", "b:nil"]
        ),  // within one file (one device) the later line wins, even when its clock was set back
        (
            [edit("e1", "a", SessionPatch(tags: ["x"])), edit("e2", "a", SessionPatch(tags: []))],
            ["a:nil", "b:nil"]
        ),
        ([change("d", .delete, "a")], ["b:nil"]),
        ([change("d", .delete, "a"), change("u", .undo, "d")], ["a:nil", "b:nil"]),
        ([edit("e1", "a", SessionPatch(tags: ["x"])), change("u", .undo, "e1")], ["a:nil", "b:nil"]),
        ([change("u", .undo, "b")], ["a:nil"]),
        // an undo is not undone
        ([change("d", .delete, "a"), change("u1", .undo, "d"), change("u2", .undo, "u1")], ["a:nil", "b:nil"]),
        ([change("d", .delete, "zzz")], ["a:nil", "b:nil"]),
    ])
    func effectiveView(_ changes: [JournalChange], _ expected: [String]) {
        let history = JournalHistory(sessions: [Self.a, Self.b], changes: changes)
        #expect(history.effectiveLogs.map { "\($0.id):\($0.tags.first ?? "nil")" } == expected)
    }

    @Test func danglingChangesAreFound() {
        let history = JournalHistory(
            sessions: [Self.a],
            changes: [
                Self.change("d", .delete, "nope"), Self.change("u", .undo, "d"), Self.change("u2", .undo, "gone"),
            ])
        #expect(history.danglingChanges.map(\.id) == ["d", "u2"])
    }

    @Test(arguments: [
        (["5F0C2A1E-1", "5F0C2A1E-2"], 10),
        (["abcdef0123", "12345678"], 8),
        (["abc"], 8),
        (["abcdefgh1", "ABCDEFGH2"], 9),
    ])
    func shortIDLength(_ ids: [String], _ length: Int) {
        #expect(ShortID.length(for: ids) == length)
    }

    /// A prefix names the one id it starts; under 4 characters only a whole id is taken, as in git.
    @Test(arguments: [
        ("abcd", ["abcde1", "bcd2"], "abcde1" as String?, nil as Int32?),
        ("ABCD", ["abcde1", "bcd2"], "abcde1", nil),
        ("abcd", ["abcde1", "abcdf2"], nil, 64),
        ("zzzz", ["abc1"], nil, 1),
        ("abc", ["abc", "abcd"], "abc", nil),
        ("e3", ["e3", "e30"], "e3", nil),
        ("a", ["abc1"], nil, 64),
        ("abc", ["abc1"], nil, 64),
        ("9", ["9f00aa"], nil, 64),
    ])
    func shortIDResolution(_ prefix: String, _ ids: [String], _ found: String?, _ exit: Int32?) {
        do {
            #expect(try ShortID.resolve(prefix, among: ids) == found)
        } catch {
            #expect(error.exitCode == exit)
        }
    }

    /// Local wall times to UTC, across zones and DST (2026-03-08 in New York springs forward at 02:00; 2026-11-01 falls
    /// back).
    @Test(arguments: [
        ("2026-11-29 09:00", "Asia/Shanghai", "2026-11-29T01:00:00Z"),
        ("2026-11-29T09:00", "UTC", "2026-11-29T09:00:00Z"),
        ("2026-11-29 00:30:15", "America/New_York", "2026-11-29T05:30:15Z"),
        ("2026-07-01 09:00", "America/New_York", "2026-07-01T13:00:00Z"),
        ("2026-11-01 01:30", "America/New_York", "2026-11-01T05:30:00Z"),  // happens twice: the first
    ])
    func localTimes(_ text: String, _ zone: String, _ utc: String) throws {
        #expect(UTCTimestamp.format(try LocalDateTime.parse(text, in: Zone(identifier: zone)!)) == utc)
    }

    @Test(arguments: [("2026-03-08 02:30", 64), ("2026-11-29", 64), ("2026-02-30 09:00", 64), ("2026-11-29 24:00", 64)])
    func badLocalTimes(_ text: String, _ code: Int32) {
        #expect { try LocalDateTime.parse(text, in: Zone(identifier: "America/New_York")!) } throws: {
            ($0 as? FocusError)?.exitCode == code
        }
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\r\nlf", "\"cr\r\nlf\""),
        ("", ""),
    ])
    func csvFieldQuoting(_ text: String, _ field: String) throws {
        #expect(SessionExporter.csvField(text) == field)
        #expect(try CSV.parse("h\r\n" + field + "\r\n") == [["h"], [text]])
    }

    @Test func csvRoundTripsThroughTheImporter() {
        var log = Sessions.log("n1", "2026-11-29T09:00:00Z")
        log.note = "commas, \"quotes\"\nand lines"
        log.tags = ["a,b"]
        log.source = .import
        let text = SessionExporter.csv([log], days: Sessions.utcDays)
        let parsed = SessionImporter.parse(Array(text.utf8), format: .csv, name: "x.csv")
        #expect(parsed.skipped.isEmpty)
        #expect(parsed.sessions == [log])
    }

    @Test func iCalendarLinesAreFoldedAndEscaped() {
        var log = Sessions.log("id1", "2026-11-29T09:00:00Z")
        log.note = String(repeating: "深", count: 40) + "; a, b\\c"
        let text = SessionExporter.iCalendar([log], now: Self.t0)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(text.contains("DTSTART:20261129T090000Z\r\n"))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("\\; a\\, b\\\\c"))
        #expect(String(decoding: Array(unfolded.utf8), as: UTF8.self) == unfolded)  // no UTF-8 sequence was split
    }

    @Test(arguments: [
        ("inc 20261129T100000Z - 20261129T102500Z # coding", ["coding"], true, 1500, nil as String?),
        ("inc 20261129T100000Z - 20261129T101000Z # abandoned writing", ["writing"], false, 600, nil),
        (
            "inc 20261129T100000Z - 20261129T101000Z # \"deep work\" x # \"an annotation\"", ["deep work", "x"], true,
            600, "an annotation"
        ),
        ("inc 20261129T100000Z - 20261129T101000Z", [], true, 600, nil),
    ])
    func timewarriorLines(_ line: String, _ tags: [String], _ completed: Bool, _ seconds: Int, _ note: String?) throws {
        let parsed = SessionImporter.parse(Array(line.utf8), format: .timewarrior, name: "2026-11.data")
        let log = try #require(parsed.sessions.first)
        #expect(
            log.tags == tags && log.completed == completed && log.focused == seconds && log.note == note
                && log.source == .import)
        let export =
            #"[{"id":1,"start":"20261129T100000Z","#
            + #""end":"\#(UTCTimestamp.format(log.end).filter { $0 != "-" && $0 != ":" })","tags":["x"]}]"#
        #expect(
            SessionImporter.parse(Array(export.utf8), format: .timewarrior, name: "e.json").sessions.first?.id == log.id
        )  // same id either way
    }

    @Test func skippedRecordsSayWhy() {
        let data = "inc 20261129T100000Z # coding\nnonsense\ninc 20261129T110000Z - 20261129T100000Z # x\n"
        let parsed = SessionImporter.parse(Array(data.utf8), format: .timewarrior, name: "m.data")
        #expect(parsed.sessions.isEmpty)
        #expect(parsed.skipped.map(\.place) == ["m.data:1", "m.data:2", "m.data:3"])
        #expect(
            parsed.skipped[0].reason.description.contains("still open")
                && parsed.skipped[2].reason.description.contains("before"))
        let frames = #"[[1795772939, 1795774439, "coding", "9c98", ["abandoned", "deep"], 1795774439], ["bad"]]"#
        let watson = SessionImporter.parse(Array(frames.utf8), format: .watson, name: "frames")
        #expect(
            watson.sessions.map(\.id) == ["9c98"] && watson.sessions[0].completed == false
                && watson.sessions[0].tags == ["coding", "deep"] && watson.sessions[0].note == nil
                && watson.sessions[0].origin == FocusLog.Origin(key: "watson:9c98", revision: "1795774439"))
        #expect(watson.skipped.map(\.place) == ["frames[1]"])
    }

    /// Found by the fuzzer: a Watson time no `Int` can hold trapped; now only that frame is skipped.
    @Test func watsonTimesBeyondIntSkipTheFrame() {
        let frames = #"[[1e300, 1764408300, "p", "big", [], 0], [1764406800, 1764408300, "p", "ok", [], 0]]"#
        let parsed = SessionImporter.parse(Array(frames.utf8), format: .watson, name: "frames")
        #expect(parsed.sessions.map(\.id) == ["ok"] && parsed.skipped.map(\.place) == ["frames[0]"])
    }

    @Test func storeAppliesChangesAndUndoesInOrder() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        try store.record(Self.a)
        try store.record(Self.b)
        try store.record(Self.edit("e1", "a", SessionPatch(tags: ["x"])))
        try store.record(Self.change("d", .delete, "b"))
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(reread.focusLogs.map { "\($0.id):\($0.tags.first ?? "nil")" } == ["a:x"])
        var undone: [String] = []
        while let target = reread.lastUndoable() {
            undone += target.recordIDs
            try reread.undo(target, at: Self.t0) { "u\(undone.count)" }
        }
        #expect(undone == ["d", "e1", "b", "a"])
        #expect(reread.focusLogs.isEmpty)
    }

    /// `focus log` marks a session recorded in another zone than the reader's with that zone.
    @Test func sessionsFromAnotherZoneSayWhichZone() {
        var tokyo = Sessions.log("t", "2026-11-29T00:00:00Z")
        tokyo.tz = "Asia/Tokyo"
        let here = Sessions.log("h", "2026-11-29T10:00:00Z")
        let model = HistoryViewModel(
            store: Fixtures.store([tokyo, here]), now: Fixtures.now, days: Sessions.utcDays)
        #expect(model.rows.map(\.otherZone) == [nil, "Asia/Tokyo"])
        #expect(model.rows.last?.startTime == "09:00")
    }
}
