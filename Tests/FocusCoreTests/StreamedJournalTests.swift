import FocusCore
import Foundation
import Testing

@testable import FocusStore

#if canImport(Glibc)
    import Glibc
#endif

/// A streamed read of the journal (``AppStore/streamSessions(progress:_:)``) visits exactly the sessions a load
/// holds, in the same order, and finds the same problems, change records and counts, whatever the journal holds.
@Suite struct StreamedJournalTests {
    static let now = DerivedJournalTests.now
    static let other = DerivedJournalTests.otherDevice

    /// What a read of the journal tells: the sessions, and everything `doctor` and the warnings report.
    struct Reading: Equatable, CustomStringConvertible {
        var sessions: [FocusLog]
        /// The device of each session (``AppStore/device(ofSession:)``).
        var devices: [String?]
        var sessionRecords: Int
        var changes: [JournalChange]
        var dangling: [JournalChange]
        var issues: [JournalIssue]
        var tornTails: [JournalIssue]
        var duplicates: [DuplicateRecord]
        var conflictCopies: [ConflictCopy]
        var description: String { "\(sessions.map(\.id)) \(issues) \(tornTails) \(changes.map(\.id))" }
    }

    static func loaded(_ paths: DataPaths) throws -> Reading {
        let store = AppStore(paths: paths)
        try store.load()
        return Reading(
            sessions: store.focusLogs, devices: store.focusLogs.map { store.device(ofSession: $0.id) },
            sessionRecords: store.history.sessions.count, changes: store.history.changes,
            dangling: store.history.danglingChanges, issues: store.issues, tornTails: store.tornTails,
            duplicates: store.duplicates, conflictCopies: store.conflictCopies)
    }

    /// The streamed reading, and whether it streamed (rather than loading the journal whole).
    static func streamed(_ paths: DataPaths) throws -> (reading: Reading, streamed: Bool, progress: [WorkProgress]) {
        let store = AppStore(paths: paths)
        var sessions: [FocusLog] = []
        var devices: [String?] = []
        var progress: [WorkProgress] = []
        let scan = try store.streamSessions(
            progress: { progress.append($0) },
            withDevices: { log, device in
                sessions.append(log)
                devices.append(device)
            })
        #expect(store.issues == scan.issues && store.tornTails == scan.tornTails)
        let reading = Reading(
            sessions: sessions, devices: devices, sessionRecords: scan.sessionRecords, changes: scan.changes,
            dangling: scan.danglingChanges, issues: scan.issues, tornTails: scan.tornTails,
            duplicates: scan.duplicates, conflictCopies: scan.conflictCopies)
        #expect(scan.sessions == sessions.count)
        // Visited twice (`log --limit 0`): the same sessions, then the same backwards.
        let twice = AppStore(paths: paths)
        var forward: [(FocusLog, String?)] = []
        var backward: [(FocusLog, String?)] = []
        let again = try twice.streamSessions(
            beginning: { forward.removeAll() }, withDevices: { forward.append(($0, $1)) },
            thenNewestFirst: { backward.append(($0, $1)) })
        #expect(forward.map(\.0) == sessions && forward.map(\.1) == devices)
        #expect(backward.map(\.0) == sessions.reversed() && backward.map(\.1) == devices.reversed())
        #expect(again.issues == scan.issues && twice.isLoaded == store.isLoaded)
        // In one pass when it can (the rebuild's): the visits begun again otherwise, the same sessions in the end.
        let once = AppStore(paths: paths)
        var visited: [(FocusLog, String?)] = []
        var records: [Int] = []
        let onceScan = try once.streamSessions(
            progress: nil,
            beginning: { count, _ in
                visited.removeAll()
                records.append(count)
            }, withDevices: { visited.append(($0, $1)) })
        #expect(visited.map(\.0) == sessions && visited.map(\.1) == devices)
        #expect(onceScan.sessions == scan.sessions && onceScan.sessionRecords == scan.sessionRecords)
        #expect(onceScan.changes == scan.changes && onceScan.issues == scan.issues)
        #expect(records.last == scan.sessionRecords || records.count == 1)
        return (reading, !store.isLoaded, progress)
    }

    /// Newest first through a journal longer than the reader's buffer, with sessions that share a start and a file
    /// whose sessions are not in order: every line read again from the files' ends back.
    @Test func aLongJournalIsVisitedNewestFirst() throws {
        let paths = try Sessions.temporaryPaths()
        var own = ""
        var other = ""
        for i in 0..<12_000 {
            own += Self.line(String(format: "%05d-own", 12_000 - i), hour: i / 3, tags: ["t\(i % 5)"])
            if i % 7 == 0 { other += Self.line("o\(i)", hour: (i * 37) % 4000) }
        }
        try Self.write([Self.own: own, Self.other: other], to: paths)
        let reference = try Self.loaded(paths)
        let got = try Self.streamed(paths)
        #expect(got.streamed && got.reading == reference)
    }

    static func write(_ files: [String: String], to paths: DataPaths) throws {
        try FileManager.default.createDirectory(atPath: paths.journalDirectory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: paths.journalDirectory + "/" + name))
        }
    }

    static func line(_ id: String, hour: Int, minutes: Int = 25, tags: [String] = []) -> String {
        let start = now.addingTimeInterval(Double(hour - 48) * 3600)
        return JournalCodec.encode(
            FocusLog(
                id: id, start: start, end: start.addingTimeInterval(Double(minutes * 60)), planned: minutes * 60,
                focused: minutes * 60, completed: true, tags: tags)) + "\n"
    }

    static func change(_ id: String, _ kind: JournalChange.Kind, _ target: String, patch: SessionPatch = .init())
        -> String
    {
        JournalCodec.encode(JournalChange(id: id, kind: kind, target: target, at: now, patch: patch)) + "\n"
    }

    static let own = "desk-00000001.jsonl"
    static let moved = SessionPatch(start: now.addingTimeInterval(-100 * 3600))

    /// Journals by name: each file's text, and whether the stream can follow it without a full load.
    static let journals: [(name: String, files: [String: String], streams: Bool)] = [
        ("empty", [:], true),
        ("one file in order", [own: line("a", hour: 1) + line("b", hour: 2) + line("c", hour: 3)], true),
        ("appended out of order", [own: line("a", hour: 5) + line("b", hour: 2) + line("c", hour: 9)], true),
        ("equal starts, ids out of order", [own: line("z", hour: 1) + line("m", hour: 1) + line("a", hour: 1)], true),
        (
            "two devices",
            [
                own: line("a", hour: 1, tags: ["x"]) + line("c", hour: 3),
                other: line("b", hour: 2, tags: ["y", "x"]) + line("d", hour: 4),
            ],
            true
        ),
        (
            "edits, a start moved, deletions and undos",
            [
                own: line("a", hour: 1) + line("b", hour: 2) + line("c", hour: 3) + line("d", hour: 4)
                    + change("e1", .edit, "c", patch: moved)
                    + change("e2", .edit, "a", patch: SessionPatch(tags: ["x"]))
                    + change("d1", .delete, "b") + change("u1", .undo, "e2") + change("u2", .undo, "d")
                    + change("u3", .undo, "u1"),
                other: line("f", hour: 6) + change("e3", .edit, "f", patch: SessionPatch(focused: 60)),
            ], true
        ),
        (
            "changes that name nothing",
            [own: line("a", hour: 1) + change("e1", .edit, "nope", patch: moved) + change("u1", .undo, "gone")], true
        ),
        (
            "torn tails, unreadable lines, blank lines and CRLF",
            [
                own: line("a", hour: 1) + "\n  \n" + #"{"id":"bad","start":"yesterday"}"# + "\n" + line("b", hour: 2)
                    + "not json\r\n" + line("c", hour: 3).dropLast() + "\r\n" + #"{"id":"torn","start":"2026-11"#,
                other: #"{"id":"t2","sta"# + "\n" + line("d", hour: 0),
            ], true
        ),
        (
            "a general-parser line and a long note",
            [
                own: line("a", hour: 1) + #"{ "completed": true, "id": "g", "start": "2026-11-27T20:00:00Z", "#
                    + #""end": "2026-11-27T20:10:00Z", "planned": 600, "focused": 600 }"# + "\n"
                    + JournalCodec.encode(
                        FocusLog(
                            id: "long", start: now.addingTimeInterval(-3600), end: now, planned: 60, focused: 60,
                            completed: true, note: String(repeating: "n", count: 3 << 20))) + "\n"
            ], true
        ),
        ("an id read twice", [own: line("a", hour: 1) + line("b", hour: 2), other: line("a", hour: 1)], false),
        (
            "a session and a change with one id",
            [own: line("a", hour: 1) + change("a", .delete, "b") + line("b", hour: 2)], false
        ),
        (
            "a sync engine's conflict copy",
            [
                own: line("a", hour: 1),
                "desk-00000001 (conflicted copy).jsonl": line("a", hour: 1) + line("z", hour: 9),
            ],
            false
        ),
    ]

    @Test(arguments: journals.indices)
    func aStreamedReadFindsWhatALoadFinds(_ index: Int) throws {
        let journal = Self.journals[index]
        let paths = try Sessions.temporaryPaths()
        try Self.write(journal.files, to: paths)
        let reference = try Self.loaded(paths)
        let got = try Self.streamed(paths)
        #expect(got.reading == reference, "\(journal.name)")
        #expect(got.streamed == journal.streams, "\(journal.name)")
        if journal.streams, !reference.sessions.isEmpty {
            #expect(got.progress.last?.fraction == 1 && got.progress.last?.done == reference.sessions.count)
        }
    }

    /// `stats --tag` and `--device` fold the sessions that match as they stream by: the same summaries as from the
    /// history in memory.
    @Test(arguments: journals.indices)
    func filteredStatsStreamAsTheyLoad(_ index: Int) throws {
        let paths = try Sessions.temporaryPaths()
        try Self.write(Self.journals[index].files, to: paths)
        let days = DerivedJournalTests.days
        let today = DerivedJournalTests.today
        for (tag, device) in [("x", nil), (nil, "desk"), (nil, "laptop"), ("x", "desk")] as [(String?, String?)] {
            let loaded = AppStore(paths: paths)
            try loaded.load()
            let reference = try loaded.statsInput(range: .all, tag: tag, device: device, today: today, days: days)
            let streamed = AppStore(paths: paths)
            let got = try streamed.statsInput(range: .all, tag: tag, device: device, today: today, days: days)
            #expect(got == reference, "\(Self.journals[index].name) \(tag ?? "-") \(device ?? "-")")
            #expect(streamed.issues == loaded.issues && streamed.hasRecords == loaded.hasRecords)
        }
    }

    /// Random journals as they grow: appends (some older than the newest), other devices, edits that move sessions,
    /// deletions, undos, torn tails, bad lines, duplicates.
    @Test(arguments: 1...8)
    func randomJournalsStreamAsTheyLoad(seed: Int) throws {
        let paths = try Sessions.temporaryPaths()
        try Self.write([:], to: paths)
        var random = TestRandom(seed: UInt64(seed))
        let own = AppStore(paths: paths)
        var next = 0
        var streamed = 0
        for step in 0..<40 {
            let kind = random.next(in: 0...9)
            let otherFile = paths.journalDirectory + "/" + Self.other
            next += 1
            switch kind {
            case 0...3:
                try own.record(
                    DerivedJournalTests.session(next, hoursAgo: random.next(in: 1...400), tag: "t\(next % 3)"))
            case 4:
                try DerivedJournalTests.appendRaw(Self.line("o\(next)", hour: random.next(in: 0...40)), to: otherFile)
            case 5, 6:
                let store = AppStore(paths: paths)
                try store.load()
                guard let target = store.focusLogs.randomElement(using: &random) else { continue }
                let patch =
                    random.next(in: 0...1) == 0
                    ? SessionPatch(start: target.start.addingTimeInterval(-Double(random.next(in: 1...90) * 3600)))
                    : SessionPatch(tags: ["edited"])
                try store.record(
                    JournalChange(
                        id: "c\(next)", kind: kind == 5 ? .edit : .delete, target: target.id, at: Self.now,
                        patch: kind == 5 ? patch : SessionPatch()))
            case 7:
                let store = AppStore(paths: paths)
                try store.load()
                if let undoable = store.lastUndoable() { try store.undo(undoable, at: Self.now) { "u\(next)" } }
            case 8:
                try DerivedJournalTests.appendRaw(
                    random.next(in: 0...1) == 0 ? #"{"id":"torn\#(step)","start":"2026-11"# : "garbage\n",
                    to: otherFile)
            default:
                if random.next(in: 0...3) == 0 {
                    let store = AppStore(paths: paths)
                    try store.load()
                    if let copy = store.history.sessions.randomElement(using: &random) {
                        try DerivedJournalTests.appendRaw(JournalCodec.encode(copy) + "\n", to: otherFile)
                    }
                }
            }
            let reference = try Self.loaded(paths)
            let got = try Self.streamed(paths)
            #expect(got.reading == reference, "seed \(seed) step \(step) kind \(kind)")
            if got.streamed { streamed += 1 }
        }
        #expect(streamed > 0)
    }

    /// A stream holds no lock on the journal while it goes: a session being recorded (which takes an exclusive one)
    /// is never held up by a long `export` or `doctor`.
    @Test func aStreamHoldsNoLockWhileItGoes() throws {
        let paths = try Sessions.temporaryPaths()
        try Self.write([Self.own: Self.line("a", hour: 1) + Self.line("b", hour: 2)], to: paths)
        let fd = open(paths.journalDirectory + "/" + Self.own, O_RDWR)
        defer { close(fd) }
        var locked: [Int32] = []
        _ = try AppStore(paths: paths).streamSessions { _ in
            locked.append(flock(fd, LOCK_EX | LOCK_NB))
            flock(fd, LOCK_UN)
        }
        #expect(locked == [0, 0])
    }

    /// The keys sort in place as the standard sort sorts them: short and long, sorted, reversed, with many equal.
    @Test(arguments: [0, 1, 2, 15, 16, 17, 100, 5000])
    func keysSortInPlaceAsTheStandardSortDoes(count: Int) {
        var random = TestRandom(seed: UInt64(count))
        let patterns: [[AppStore.SessionKey]] = [
            (0..<count).map {
                AppStore.SessionKey(start: random.next(in: 0...1000), idHash: FNV1a.hash("\($0)"), file: 0, offset: $0)
            },
            (0..<count).map { AppStore.SessionKey(start: $0, idHash: FNV1a.hash("x"), file: $0 % 3, offset: $0) },
            (0..<count).map {
                AppStore.SessionKey(start: count - $0, idHash: FNV1a.hash("\($0 % 4)"), file: 1, offset: $0)
            },
        ]
        for keys in patterns {
            for less in [
                { (a: AppStore.SessionKey, b: AppStore.SessionKey) in (a.start, a.location) < (b.start, b.location) },
                { (a: AppStore.SessionKey, b: AppStore.SessionKey) in (a.idHash, a.location) < (b.idHash, b.location) },
            ] {
                var sorted = keys
                AppStore.SessionKey.sort(&sorted, by: less)
                #expect(sorted.map(\.location) == keys.sorted(by: less).map(\.location))
            }
        }
    }

    /// A file read a piece at a time gives its bytes whole, each piece ending a line, and a line found by its offset.
    @Test(arguments: [1, 2, 7, 64, 1 << 20])
    func aFileIsReadInPiecesThatEndLines(pieceSize: Int) throws {
        let paths = try Sessions.temporaryPaths()
        let text = "one\ntwo\n\nthree is longer than a piece\r\nfour\nno newline"
        try Self.write(["f.jsonl": text], to: paths)
        let path = paths.journalDirectory + "/f.jsonl"
        let reader = try #require(try JournalFileReader(path, pieceSize: pieceSize))
        var pieces: [[UInt8]] = []
        var offsets: [Int] = []
        let size = try reader.forEachPiece { piece, offset in
            pieces.append(Array(piece))
            offsets.append(offset)
        }
        #expect(size == text.utf8.count)
        #expect(pieces.joined().elementsEqual(text.utf8))
        for piece in pieces.dropLast() { #expect(piece.last == 10) }
        #expect(offsets == pieces.indices.map { pieces[..<$0].reduce(0) { $0 + $1.count } })
        var start = 0
        for line in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            let got = try reader.withLine(at: start) { Array($0.prefix { $0 != 10 }) }
            #expect(got == Array(line))
            start += line.count + 1
        }
        let limited = try reader.forEachPiece(upTo: 8) { piece, _ in #expect(piece.count <= 8) }
        #expect(limited == 8)
    }
}
