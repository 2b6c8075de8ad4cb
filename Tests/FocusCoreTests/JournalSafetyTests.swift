import FocusCore
import Foundation
import Testing

@testable import FocusInterchange
@testable import FocusJournal
@testable import FocusSound
@testable import FocusStore

/// The journal's side of issue 13, on bytes and temporary folders: torn records, batch files and their place in
/// the device's order, the bounds of every number read, CSV cells that would run as formulas.
///
/// Before issue 13 none of this held: a torn line was an unreadable line (doctor failed for ever), an import was
/// appended to the device's file (a kill left part of it), `undo` took an import back one session at a time, state
/// files and caches were trusted whatever they held, and CSV cells were written as they were.
@Suite struct JournalSafetyTests {
    static let good =
        #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
        + #""completed":true,"tag":"中文"}"#

    /// Every prefix of a record is recognised as one a crash cut short; a line broken any other way is not.
    @Test func everyPrefixOfARecordIsTornAndNothingElseIs() {
        let bytes = Array(Self.good.utf8)
        for cut in 1..<bytes.count {
            let prefix = Array(bytes[..<cut])
            #expect(prefix.withUnsafeBufferPointer(TornLine.isCutShort), "cut at \(cut): \(prefix)")
        }
        for broken in [
            Self.good, Self.good + "}", "not a record", "{oops", #"{"id":}"#, #"{"id":"a",,"#, #"["a","#,
            "{\"id\":\"a\u{1}", #"{"id":tru"# + "x", #"{"v":2,"kind":"undo"} trailing"#,
        ] {
            #expect(!Array(broken.utf8).withUnsafeBufferPointer(TornLine.isCutShort), "\(broken)")
        }
    }

    /// The reader sets torn lines apart from damage, whether they end the file or the next append ended them.
    @Test func theReaderNotesTornLinesApartFromDamage() {
        let torn = String(Self.good.prefix(40))
        let text = torn + "\n" + Self.good.replacingOccurrences(of: "\"a\"", with: "\"b\"") + "\n{oops\n" + torn
        var records: [JournalRecord] = []
        var lines: [Int] = []
        var issues: [JournalIssue] = []
        JournalReader.parse(Array(text.utf8), file: "f", into: &records, lines: &lines, issues: &issues)
        #expect(records.map(\.id) == ["b"])
        #expect(issues.map(\.line) == [1, 3, 4] && issues.map(\.isTornTail) == [true, false, true])
    }

    @Test(arguments: [
        (
            "laptop-0a1b2c3d.batch-0-1.jsonl",
            JournalBatch(device: Device(id: "0a1b2c3d", name: "laptop"), after: 0, sequence: 1)
        ),
        (
            "my-pc-0a1b2c3d.batch-120-3.jsonl",
            JournalBatch(device: Device(id: "0a1b2c3d", name: "my-pc"), after: 120, sequence: 3)
        ),
    ])
    func batchNamesReadBackAsTheirBatch(_ name: String, _ batch: JournalBatch) {
        #expect(batch.fileName == name)
        #expect(JournalFileName(name) == .batch(batch))
        #expect(JournalFileName(name)?.writer == batch.device)
    }

    @Test(arguments: [
        "laptop-0a1b2c3d.batch-1.jsonl", "laptop-0a1b2c3d.batch-01-1.jsonl", "laptop-0a1b2c3d.batch-1-0.jsonl",
        "laptop-0a1b2c3d.batch-1-x.jsonl", "laptop-XYZ.batch-1-1.jsonl", "laptop-0a1b2c3d.batch-1-1.jsonl.tmp-1-ab",
        ".laptop-0a1b2c3d.batch-1-1.jsonl", "laptop-0a1b2c3d.batch-99999999999999999999-1.jsonl",
    ])
    func otherNamesAreNotBatches(_ name: String) {
        if case .batch? = JournalFileName(name) { Issue.record("\(name) read as a batch") }
    }

    /// Records and batches of this device are undone newest first in the order it wrote them, whatever their files'
    /// names; an import is one step; a kill mid-import leaves no batch (its temp file is not read).
    @Test func undoWalksBackRecordsAndBatchesInWritingOrder() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        try store.record(Sessions.log("first", "2026-11-01T09:00:00Z"))
        try store.record(
            [Sessions.log("i1", "2026-11-02T09:00:00Z"), Sessions.log("i2", "2026-11-03T09:00:00Z")].map(
                JournalRecord.session))
        try store.record(Sessions.log("second", "2026-11-04T09:00:00Z"))
        try store.record([.session(Sessions.log("i3", "2026-11-05T09:00:00Z"))])
        try store.record([.session(Sessions.log("i4", "2026-11-06T09:00:00Z"))])
        // A batch a killed import was still staging: a temp file, never part of the journal.
        try Data(JournalCodec.encode(Sessions.log("lost", "2026-11-07T09:00:00Z")).utf8).write(
            to: URL(fileURLWithPath: paths.journalDirectory + "/localhost-x.batch.tmp-1-ab"))
        let names = try FileManager.default.contentsOfDirectory(atPath: paths.journalDirectory).sorted()
        #expect(names.filter { $0.contains(".batch-") }.count == 3, "\(names)")
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(!reread.focusLogs.contains { $0.id == "lost" })
        var undone: [[String]] = []
        while let target = reread.lastUndoable() {
            undone.append(target.recordIDs)
            try reread.undo(target, at: UTCTimestamp.parse("2026-12-01T00:00:00Z")!) { UUID().uuidString }
        }
        #expect(undone == [["i4"], ["i3"], ["second"], ["i1", "i2"], ["first"]])
        let again = AppStore(paths: paths)
        try again.load()
        #expect(again.focusLogs.isEmpty && again.lastUndoable() == nil)
    }

    @Test(arguments: [
        ("planned", #""planned":9223372036854775807"#, "planned is 9223372036854775807, outside 0…604800"),
        ("counted", #""counted":-1"#, "counted is -1, outside 0…604800"),
        ("pid", #""pid":0"#, "pid is 0, outside 1…2147483647"),
        ("cycles", #""cycles":100"#, "cycles is 100, outside 1…99"),
        ("cycle", #""cycle":3"#, "cycle is 3, outside 1…2"),
        ("startedAt", #""startedAt":"1999-12-31T23:59:59Z""#, "startedAt is outside 2000-01-01T00:00:00Z"),
        ("activeAt", #""activeAt":-5"#, "activeAt is -5.0, outside 0…1e12"),
    ])
    func runningStateValuesOutOfRangeAreNamed(_ key: String, _ value: String, _ problem: String) throws {
        let fields = [
            "\"id\":\"x\"", "\"phase\":\"focus\"", "\"startedAt\":\"2026-11-29T09:00:00Z\"", "\"planned\":1500",
            "\"counted\":60", "\"updatedAt\":\"2026-11-29T09:01:00Z\"", "\"paused\":false", "\"pid\":7", "\"cycle\":1",
            "\"cycles\":2", "\"activeAt\":5",
        ].map { $0.hasPrefix("\"\(key)\"") ? value : $0 }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let state = try decoder.decode(RunningState.self, from: Data(("{" + fields.joined(separator: ",") + "}").utf8))
        #expect(state.outOfRange?.hasPrefix(problem) == true, "\(state.outOfRange ?? "in range")")
    }

    /// A stats cache mangled at random (a word set to a huge, negative or out-of-place value) never makes the stats
    /// trap: a value out of its bounds makes the cache corrupt, and the store rebuilds it from the journal; a value
    /// within them gives other numbers, bounded ones.
    @Test func aMangledStatsCacheNeverTraps() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        for log in Sessions.daily(25) { try store.record(log) }
        let days = Sessions.utcDays
        let now = UTCTimestamp.parse("2026-12-01T00:00:00Z")!
        let today = days.date(of: now).dayNumber
        _ = try AppStore(paths: paths).statsInput(range: .all, tag: nil, today: today, days: days)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths.statsCacheFile)))
        var rng = SoundRandom(seed: 13)
        let values: [Int64] = [.max, .min, -1, 1 << 40 + 1, 0, 1 << 62, Int64(original.count)]
        for round in 0..<400 {
            var bytes = original
            let word = Int(rng.next() % UInt64(bytes.count / 8)) * 8
            let value = values[Int(rng.next() % UInt64(values.count))]
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(word..<word + 8, with: $0) }
            try Data(bytes).write(to: URL(fileURLWithPath: paths.statsCacheFile))
            for range in [StatsRange.all, .lastDays(7)] {
                let input = try AppStore(paths: paths).statsInput(range: range, tag: nil, today: today, days: days)
                _ = StatsService.buildStatsData(input: input, range: range, now: now, days: days)
                let inBounds = input.days.allSatisfy { StatsCache.days.contains($0.day) }
                #expect(inBounds && input.span.map { $0.count < 40_000 } ?? true, "round \(round): word \(word)")
            }
        }
    }

    /// What a spreadsheet would run is exported behind a `'` and quoted; focus's own import takes it back off.
    @Test(arguments: ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "'", "'a", "''=x", "plain", "", "a=b", "x,y"])
    func csvCellsAreNeutralisedAndReadBack(_ text: String) throws {
        let field = SessionExporter.csvField(text)
        if let first = text.unicodeScalars.first, SessionExporter.formulaStarts.contains(first) {
            #expect(field.hasPrefix("\"'"), "\(field)")
        }
        let parsed = try CSV.parse(field + "\r\n")
        #expect(SessionImporter.unneutralised(parsed.first?.first ?? "") == text, "\(field)")
    }

    @Test(arguments: [
        (#"{"cycles":1e300}"#, "cycles"), (#"{"a":{"b":[1,2,9223372036854775808]}}"#, "a.b[2]"), (#"{"x":1.5}"#, "x"),
        (#"{"cycles":3}"#, nil), ("not json", nil),
    ])
    func numbersNoIntHoldsAreNamed(_ json: String, _ place: String?) {
        #expect(JSONNumberProbe.firstNonInteger(in: Array(json.utf8)) == place)
    }
}
