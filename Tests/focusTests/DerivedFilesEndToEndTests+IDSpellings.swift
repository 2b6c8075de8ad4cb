import FocusCore
import Foundation
import Testing

/// A record id spelled two ways that Swift's `==` takes for one (``RecordID``) is one id on every path: the load,
/// the fold of appended lines (the derived files' id hashes), the streamed `export` and `doctor`, whether the second
/// spelling comes by an append, by a sync engine renaming a longer copy over the file, as a change record's id or as
/// a change's target. Every command prints what it prints without the derived files, and they agree on the count.
extension DerivedFilesEndToEndTests {
    /// How the second spelling reaches the journal, and how many sessions the history holds then.
    enum IDChange: String, CaseIterable {
        /// Another device's file grows by a session whose id is the other spelling of one already read.
        case sessionAppended
        /// The same line comes with a longer copy a sync engine renames over the file.
        case sessionRenamedOver
        /// The file grows by a delete whose id is the other spelling of an edit's: a record already read.
        case changeAppended
        /// The file grows by a delete of the session, named in the other spelling.
        case targetInOtherSpelling

        var sessions: Int { self == .targetInOtherSpelling ? 2 : 3 }
    }

    static let otherDevice = "desk-0000abcd.jsonl"

    /// A session of another device, 30 minutes at 09:00 on 2026-11-`day`.
    static func otherSession(_ id: String, day: Int, tag: String) -> String {
        #"{"id":"\#(id)","start":"2026-11-\#(day)T09:00:00Z","end":"2026-11-\#(day)T09:30:00Z","planned":1800,"#
            + #""focused":1800,"completed":true,"tz":"UTC","tag":"\#(tag)"}"#
    }

    static let idCommands: [[String]] = [
        ["stats", "--range", "all"], ["stats", "--range", "all", "--json"], ["stats", "--range", "7d"], ["log"],
        ["log", "--json", "--limit", "0"], ["expedition", "--json"], ["profile", "--json"], ["tags"],
        ["completions", "--tags"], ["doctor"], ["export", "--format", "jsonl"], ["export", "--format", "csv"],
    ]

    @Test(
        arguments: IDChange.allCases,
        [Spellings.precomposedFirst, .decomposedFirst, .asciiFirst, .kelvinSignFirst])
    func aRecordIDIsOneIDUnderEverySpellingOfIt(_ change: IDChange, _ spellings: Spellings) throws {
        let (stored, other) = (spellings.stored + "-1", spellings.other + "-1")
        let home = try TempHome()
        try home.writeJournal([Self.session(1, daysAgo: 2, tag: "own")])
        // A change record only where the case needs one: without, `export` streams the journal in one pass.
        let edit = #"{"v":2,"kind":"edit","id":"\#(stored)-e","target":"S1","at":"2026-11-29T10:00:00Z","tag":"first"}"#
        let lines =
            [Self.otherSession("S1", day: 24, tag: "s"), Self.otherSession(stored, day: 25, tag: "t")]
            + (change == .changeAppended ? [edit] : [])
        try home.writeJournal(lines, name: Self.otherDevice)
        #expect(try FocusBinary.run(["stats", "--range", "all"], home: home.path, now: Self.now).status == 0)
        #expect(FileManager.default.fileExists(atPath: home.path + "/state/cache/stats-cache.bin"))

        let file = home.path + "/journal/" + Self.otherDevice
        switch change {
        case .sessionAppended:
            try Self.append(Self.otherSession(other, day: 26, tag: "u"), to: file)
        case .sessionRenamedOver:
            try (lines + [Self.otherSession(other, day: 26, tag: "u")]).joined(separator: "\n").appending("\n")
                .write(toFile: home.path + "/copy", atomically: false, encoding: .utf8)
            #expect(rename(home.path + "/copy", file) == 0)
        case .changeAppended:
            try Self.append(
                #"{"v":2,"kind":"delete","id":"\#(other)-e","target":"S1","at":"2026-11-29T11:00:00Z"}"#, to: file)
        case .targetInOtherSpelling:
            try Self.append(
                #"{"v":2,"kind":"delete","id":"d-1","target":"\#(other)","at":"2026-11-29T11:00:00Z"}"#, to: file)
        }

        try Self.expectSameOutputs(home, after: "\(change)", commands: Self.idCommands)

        // Every command counts the same sessions.
        let stats = try FocusBinary.run(["stats", "--range", "all", "--json"], home: home.path, now: Self.now)
        let json = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        #expect(json?["sessions"] as? Int == change.sessions, "stats after \(change)")
        let log = try FocusBinary.run(["log", "--json", "--limit", "0"], home: home.path, now: Self.now)
        #expect((try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [Any])?.count == change.sessions)
        let export = try FocusBinary.run(["export", "--format", "jsonl"], home: home.path, now: Self.now)
        #expect(export.stdout.split(separator: "\n").count == change.sessions, "export after \(change)")
        let doctor = try FocusBinary.run(["doctor"], home: home.path, now: Self.now)
        #expect(doctor.stdout.contains("\(change.sessions) sessions in the history"), "doctor after \(change)")
    }

    static func append(_ line: String, to file: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((line + "\n").utf8))
        try handle.close()
    }
}
