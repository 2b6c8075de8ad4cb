import FocusCore
import Foundation
import Testing

@testable import FocusJournal
@testable import FocusStore

/// The canonical-line fast path and the derived stats cache give exactly what the general paths give.
@Suite struct StatsCacheTests {
    static let canonicalLines = [
        #"{"id":"a1","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"a2","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":600,"#
            + #""completed":false,"tz":"Asia/Shanghai","tag":"écrire","note":"chapter 3","source":"manual"}"#,
        #"{"id":"a3","start":"2024-02-29T23:59:59Z","end":"2024-03-01T00:00:00Z","planned":0,"focused":1,"#
            + #""completed":true,"source":"import"}"#,
        #"{"id":"a4","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true,"tag":"a","tags":["a","b"],"source":"import","origin":"watson:f","revision":"9"}"#,
    ]
    /// Lines the fast path leaves to the general parser: other shapes, escapes, unknown keys, change records.
    static let otherLines = [
        #"{ "id":"b1","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"b\"2","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"b3","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":01500,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"b6","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true,"x":1}"#,
        #"{"v":2,"kind":"delete","id":"c1","target":"a1","at":"2026-11-29T18:00:00Z"}"#,
    ]

    /// Lines in focus's own shape that break a rule of the format.
    static let brokenLines = [
        #"{"id":"b4","start":"2026-02-30T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"b5","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1501,"#
            + #""completed":true}"#,
        #"{"id":"","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"b8","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true,"source":"robot"}"#,
        #"{"id":"b9","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":9999999,"focused":1500,"#
            + #""completed":true}"#,
        #"{"id":"b10","start":"2026-11-29T09:30:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":0,"#
            + #""completed":true}"#,
    ]

    @Test(arguments: canonicalLines)
    func fastPathReadsCanonicalLinesAsTheGeneralParserDoes(_ line: String) throws {
        let bytes = Array(line.utf8)
        let fields = try #require(bytes.withUnsafeBufferPointer { CanonicalLine.fields($0) })
        let fast = try JournalCodec.session(fields)
        #expect(JournalRecord.session(fast) == (try JournalCodec.decodeRecord(bytes)))
        #expect(JournalCodec.encode(fast) == line)
    }

    @Test(arguments: otherLines)
    func fastPathLeavesOtherLinesToTheGeneralParser(_ line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { CanonicalLine.fields($0) } == nil)
    }

    /// One set of rules: a line that breaks one gives the same reason on either path.
    @Test(arguments: brokenLines)
    func bothPathsRefuseABrokenLineForTheSameReason(_ line: String) throws {
        let bytes = Array(line.utf8)
        let fields = try #require(bytes.withUnsafeBufferPointer { CanonicalLine.fields($0) })
        let fast = #expect(throws: JournalCodec.Failure.self) { try JournalCodec.session(fields) }
        let general = #expect(throws: JournalCodec.Failure.self) { try JournalCodec.decodeRecord(bytes) }
        #expect(fast != nil && fast == general)
    }

    static var days: LocalDays { LocalDays(timeZone: Zone(identifier: "UTC")!) }
    static let now = UTCTimestamp.parse("2026-11-29T18:00:00Z")!
    static var today: Int { days.date(of: now).dayNumber }

    static func sessions(_ count: Int, from first: Int = 0) -> [FocusLog] {
        (first..<first + count).map { i in
            let start = now.addingTimeInterval(Double(-(i * 7 + 3) * 3600))
            return FocusLog(
                id: "s\(i)", start: start, end: start.addingTimeInterval(1500), planned: 1500,
                focused: i % 5 == 0 ? 900 : 1500,
                completed: i % 5 != 0,
                tags: i % 3 == 0 ? [] : i % 7 == 1 ? ["code", "write"] : [["code", "write"][i % 2]])
        }.reversed()
    }

    /// Stats for every range from a fresh store through the cache, and from a full load without it.
    static func bothWays(_ paths: DataPaths) throws -> (cached: [StatsData], full: [StatsData], usedCache: Bool) {
        var cached: [StatsData] = []
        var full: [StatsData] = []
        var usedCache = true
        for range in [StatsRange.lastDays(7), .lastDays(30), .lastDays(365), .all] {
            var input: StatsInput?
            let read = try DerivedJournalTests.readsWhole(paths) { store in
                input = try store.statsInput(range: range, tag: nil, today: today, days: days)
            }
            if read { usedCache = false }
            cached.append(StatsService.buildStatsData(input: input!, range: range, now: now, days: days))
            let reference = AppStore(paths: paths)
            try reference.load()
            full.append(StatsService.buildStatsData(focusLogs: reference.focusLogs, range: range, now: now, days: days))
        }
        return (cached, full, usedCache)
    }

    /// Appends `logs` to the device's own file, one record each (an import would write them as a batch file).
    static func append(_ logs: [FocusLog], _ paths: DataPaths) throws {
        let store = AppStore(paths: paths)
        for log in logs { try store.record(log) }
    }

    @Test func cacheGivesTheSameStatsAsTheJournalThroughAppendsEditsAndReplacements() throws {
        let paths = try Sessions.temporaryPaths()
        try Self.append(Self.sessions(40), paths)

        var run = try Self.bothWays(paths)  // builds the cache
        #expect(run.cached == run.full)
        #expect(FileManager.default.fileExists(atPath: paths.statsCacheFile))
        run = try Self.bothWays(paths)  // reads it
        #expect(run.cached == run.full && run.usedCache)

        try Self.append(Self.sessions(3, from: 100), paths)  // appended: folded in
        run = try Self.bothWays(paths)
        #expect(run.cached == run.full && run.usedCache)

        let store = AppStore(paths: paths)
        try store.load()
        try store.record(
            JournalChange(
                id: "e1", kind: .edit, target: "s1", at: Self.now,
                patch: SessionPatch(focused: 60, tags: ["edited"])))
        try store.record(JournalChange(id: "d1", kind: .delete, target: "s2", at: Self.now))
        run = try Self.bothWays(paths)  // change records: rebuilt from a full load
        #expect(run.cached == run.full)
        run = try Self.bothWays(paths)
        #expect(run.cached == run.full && run.usedCache)

        // The same file replaced by one of the same size (another session's focus changed): never read from the stale
        // cache.
        let journal = try String(contentsOfFile: paths.journalFile, encoding: .utf8)
        let replaced = journal.replacingOccurrences(
            of: #""focused":1500,"completed":true,"tag":"write"}"#,
            with: #""focused":1499,"completed":true,"tag":"write"}"#)
        #expect(replaced != journal && replaced.utf8.count == journal.utf8.count)
        try Data(replaced.utf8).write(to: URL(fileURLWithPath: paths.journalFile), options: .atomic)
        run = try Self.bothWays(paths)
        #expect(run.cached == run.full && !run.usedCache)

        try FileManager.default.removeItem(atPath: paths.statsCacheFile)  // deleted: rebuilt, same numbers
        run = try Self.bothWays(paths)
        #expect(run.cached == run.full)
    }

    @Test func duplicateOrUnreadableAppendedLinesAreNotFolded() throws {
        let paths = try Sessions.temporaryPaths()
        try Self.append(Self.sessions(10), paths)
        _ = try Self.bothWays(paths)
        let again = JournalCodec.encode(Self.sessions(1, from: 4)[0]).replacingOccurrences(
            of: "1500,\"completed\"", with: "1000,\"completed\"")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: paths.journalFile))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((again + "\n").utf8))  // a duplicate id, read once
        try handle.close()
        var run = try Self.bothWays(paths)
        #expect(run.cached == run.full && !run.usedCache)

        let bad = try FileHandle(forWritingTo: URL(fileURLWithPath: paths.journalFile))
        try bad.seekToEnd()
        try bad.write(contentsOf: Data("{\"id\":}\n".utf8))
        try bad.close()
        let store = AppStore(paths: paths)
        let input = try store.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
        #expect(store.isLoaded && store.issues.count == 1)
        #expect(input == StatsInput(summaries: StatsService.daySummaries(focusLogs: store.focusLogs, days: Self.days)))
    }

    @Test func anotherZoneOrDayStartRebuilds() throws {
        let paths = try Sessions.temporaryPaths()
        try Self.append(Self.sessions(30), paths)
        _ = try Self.bothWays(paths)
        let shifted = LocalDays(timeZone: Zone(identifier: "UTC")!, dayStartSeconds: 4 * 3600)
        var input: StatsInput?
        #expect(
            try DerivedJournalTests.readsWhole(paths) { store in
                input = try store.statsInput(range: .all, tag: nil, today: Self.today, days: shifted)
            })
        let store = AppStore(paths: paths)
        try store.load()
        #expect(
            StatsService.buildStatsData(input: input!, range: .all, now: Self.now, days: shifted)
                == StatsService.buildStatsData(focusLogs: store.focusLogs, range: .all, now: Self.now, days: shifted))
    }

    /// The cache writer's words: each value's eight bytes, least significant first.
    @Test(arguments: [0, 1, -1, 255, 256, 0x0102_0304_0506_0708, Int.max, Int.min])
    func theWritersWordsAreLittleEndian(_ value: Int) {
        var w = StatsCache.Writer()
        w.int(value)
        #expect(w.bytes == (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: Int64(value)) >> (8 * $0)) })
    }

    /// The cache writer's strings: the UTF-8 length as a word, the bytes, zeros up to a whole word.
    @Test(arguments: ["", "a", "1234567", "12345678", "123456789", "naïve 中文 \u{1F600}"])
    func theWritersStringsAreTheirLengthTheirBytesAndPadding(_ text: String) {
        var w = StatsCache.Writer()
        w.string(text)
        var length = StatsCache.Writer()
        length.int(text.utf8.count)
        let padding = [UInt8](repeating: 0, count: (8 - text.utf8.count % 8) % 8)
        #expect(w.bytes == length.bytes + Array(text.utf8) + padding)
    }

    /// The newest sessions' text, built by appending, is the text its parts joined give, and reads back the same.
    @Test(arguments: [[], [nil], ["laptop"], ["b", nil, "a", "b", "naïve \"q\""]] as [[String?]])
    func theNewestSessionsTextIsItsPartsJoined(_ devices: [String?]) throws {
        let newest = devices.indices.map { DerivedJournalTests.session($0, hoursAgo: 10 - $0, tag: "t") }
        let history = JournalDigest.History(newest: newest, devices: devices, idLength: 4)
        let names = Array(Set(devices.compactMap { $0 })).sorted()
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        let joined =
            "4\n" + (try JSONValueEncoder.text(names)) + "\n"
            + devices.map { $0.flatMap { index[$0] }.map(String.init) ?? "-1" }.joined(separator: ",") + "\n"
            + newest.map { JournalCodec.encode($0) + "\n" }.joined()
        #expect(history.text == joined)
        #expect(JournalDigest.History(text: history.text) == history)
    }

    /// The newest sessions read back as far as `limit`: each limit gives the first sessions of the whole, with their
    /// devices; a row of device indices that is not one the writer writes reads as no history.
    @Test(arguments: [0, 1, 3, 5, 6, 100])
    func theNewestSessionsReadBackAsFarAsTheLimit(_ limit: Int) throws {
        let devices: [String?] = ["b", nil, "a", "b", "naïve \"q\""]
        let newest = devices.indices.map { DerivedJournalTests.session($0, hoursAgo: 10 - $0, tag: "t") }
        let history = JournalDigest.History(newest: newest, devices: devices, idLength: 4)
        let read = try #require(JournalDigest.History(text: history.text, limit: limit))
        #expect(read.newest == Array(newest.prefix(limit)))
        #expect(read.devices == Array(devices.prefix(limit)))
        #expect(read.idLength == 4)
    }

    @Test(
        arguments: [
            ("", 9, []), ("0", 9, [0]), ("2,-1,0,11", 9, [2, -1, 0, 11]), ("2,-1,0,11", 2, [2, -1]), ("1,x", 1, [1]),
            ("1,,2", 9, nil), ("1,", 9, nil), (",1", 9, nil), ("x", 9, nil), ("-", 9, nil), ("+1", 9, nil),
            ("1 ", 9, nil), ("1234567890123456789", 9, nil),
        ] as [(String, Int, [Int]?)])
    func aRowOfDeviceIndicesIsReadAsFarAsTheLimit(_ row: String, _ limit: Int, _ indices: [Int]?) {
        let bytes = Array(row.utf8)
        let read = bytes.withUnsafeBufferPointer { JournalDigest.History.indices($0[...], limit: limit) }
        #expect(read == indices)
    }

    /// Day summaries of an array (compiled for it) are those of any other sequence of the same sessions.
    @Test(arguments: [0, 1, 40])
    func daySummariesOfAnArrayAreThoseOfAnySequence(_ count: Int) {
        let logs = Self.sessions(count)
        let before = StatsService.daySummaries(focusLogs: logs.prefix(count / 2), days: Self.days)
        #expect(
            StatsService.daySummaries(focusLogs: logs, days: Self.days)
                == StatsService.daySummaries(focusLogs: logs.lazy.map { $0 }, days: Self.days))
        #expect(
            StatsService.daySummaries(focusLogs: Array(logs.suffix(count - count / 2)), days: Self.days, adding: before)
                == StatsService.daySummaries(focusLogs: logs.suffix(count - count / 2), days: Self.days, adding: before)
        )
    }
}
