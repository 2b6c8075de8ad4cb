import FocusCore
import Foundation
import Testing

/// Every command that reads the derived files (`state/cache/`) prints exactly what it prints without them, after
/// each kind of journal change: an append, another device's lines, an edit, a deletion, an undo, a new file from
/// another device, a file replaced by a sync engine, a torn tail.
@Suite struct DerivedFilesEndToEndTests {
    static let now = "2026-11-30T18:00:00Z"
    static let commands: [[String]] = [
        ["expedition"], ["expedition", "--json"], ["passport"], ["profile"], ["profile", "--json"], ["log"],
        ["log", "--limit", "3"], ["log", "--json"], ["completions", "--tags"], ["completions", "--sounds"],
        ["stats", "--range", "7d"], ["stats", "--range", "all"], ["sound", "list"], ["status"],
        // Streamed from the journal, the short ids' length from the derived files.
        ["log", "--range", "7d"], ["log", "--tag", "coding"], ["log", "--device", "test", "--limit", "0"],
        ["log", "--tag", "写作", "--limit", "2", "--json"], ["stats", "--range", "30d", "--tag", "coding"],
        ["stats", "--device", "test"], ["export", "--format", "csv"], ["export", "--format", "json", "--range", "30d"],
        // A bounded range with a filter, once a session index is built: its days' sessions and the cached streaks.
        ["stats", "--range", "7d", "--tag", "edited"], ["stats", "--range", "30d", "--device", "laptop"],
        ["stats", "--range", "1y", "--tag", "synced", "--json"], ["stats", "--range", "7d", "--device", "test"],
        ["stats", "--range", "30d", "--tag", "写作", "--heatmap"],
    ]

    /// 45 timer sessions, one a day up to yesterday, in the device's own file.
    static func history() -> [String] {
        let tags = ["coding", "writing", "study", "写作"]
        return (0..<45).map { i in
            let day = 45 - i
            let start = 1_795_996_800 - day * 86_400 + 9 * 3_600 + (i % 3) * 7_200
            return
                #"{"id":"\#(String(format: "%032x", i + 1))","start":"\#(UTCTimestamp.format(epochSeconds: start))","#
                + #""end":"\#(UTCTimestamp.format(epochSeconds: start + 1_500))","planned":1500,"focused":1500,"#
                + #""completed":true,"#
                + #""tag":"\#(tags[i % tags.count])"}"#
        }
    }

    /// Runs each of `commands` in `home` twice (the first folds what changed, the second reads the files as they are)
    /// and in a copy without the derived files; all three must print the same: stdout byte for byte (`String`'s `==`
    /// would take two spellings of a tag for one; `doctor` names the folder), stderr and the exit status.
    static func expectSameOutputs(_ home: TempHome, after change: String, commands: [[String]] = Self.commands) throws {
        let cold = try TempHome(device: nil)
        try FileManager.default.removeItem(atPath: cold.path)
        try FileManager.default.copyItem(atPath: home.path, toPath: cold.path)
        for command in commands {
            try? FileManager.default.removeItem(atPath: cold.path + "/state/cache")
            let reference = try FocusBinary.run(command, home: cold.path, now: now)
            let expected = reference.stdout.replacingOccurrences(of: cold.path, with: home.path)
            for pass in ["folding", "warm"] {
                let got = try FocusBinary.run(command, home: home.path, now: now)
                #expect(
                    Array(got.stdout.utf8) == Array(expected.utf8) && got.stderr == reference.stderr
                        && got.status == reference.status,
                    "\(command.joined(separator: " ")) after \(change), \(pass)")
            }
        }
    }

    @Test func everyCommandPrintsTheSameWithAndWithoutDerivedFiles() throws {
        let home = try TempHome()
        try home.writeJournal(Self.history())
        try Self.expectSameOutputs(home, after: "nothing")
        #expect(try FocusBinary.run(["expedition"], home: home.path, now: Self.now).status == 0)
        #expect(FileManager.default.fileExists(atPath: home.path + "/state/cache/stats-cache.bin"))

        try FocusBinary.run(
            ["log", "add", "--start", "2026-11-30 09:00", "--duration", "25m", "--tag", "reading"], home: home.path,
            now: Self.now)
        try Self.expectSameOutputs(home, after: "log add")

        let other = "laptop-0000000a.jsonl"
        let line =
            #"{"id":"feedfacefeedfacefeedfacefeedface","start":"2026-11-30T11:00:00Z","end":"2026-11-30T11:50:00Z","#
            + #""planned":3000,"focused":3000,"completed":true,"tag":"synced"}"#
        try home.writeJournal([line], name: other)
        try Self.expectSameOutputs(home, after: "a new file from another device")

        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: home.path + "/journal/" + other))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((line.replacingOccurrences(of: "feedface", with: "beadbead") + "\n").utf8))
        try handle.close()
        try Self.expectSameOutputs(home, after: "another device's append")

        try FocusBinary.run(
            ["log", "edit", String(format: "%032x", 10), "--tag", "edited"], home: home.path, now: Self.now)
        try Self.expectSameOutputs(home, after: "log edit")

        try FocusBinary.run(["log", "delete", String(format: "%032x", 11)], home: home.path, now: Self.now)
        try Self.expectSameOutputs(home, after: "log delete")

        try FocusBinary.run(["undo"], home: home.path, now: Self.now)
        try Self.expectSameOutputs(home, after: "undo")

        let own = URL(fileURLWithPath: home.journalFile)
        try Data(contentsOf: own).write(to: own, options: .atomic)
        try Self.expectSameOutputs(home, after: "a file replaced by a sync engine")

        let torn = try FileHandle(forWritingTo: own)
        try torn.seekToEnd()
        try torn.write(contentsOf: Data(#"{"id":"cut","start":"2026-11"#.utf8))
        try torn.close()
        try Self.expectSameOutputs(home, after: "a torn tail")
    }

    /// What changes in the zone data the derived files were computed with: the zone's rules with a new tzdata
    /// release, or the zone's file alone.
    enum ZoneDataChange: String, CaseIterable {
        case newRelease, zoneFileOnly
    }

    /// New zone data moves sessions to other local days: the derived files' key holds the data's version and the
    /// zone file, so `stats` prints what a run without them prints.
    @Test(arguments: ZoneDataChange.allCases)
    func otherZoneDataRebuildsTheDerivedFiles(_ change: ZoneDataChange) throws {
        let home = try TempHome()
        try home.writeJournal(Self.history())
        let tzdir = home.path + "/tzdata"
        let fm = FileManager.default
        try fm.createDirectory(atPath: tzdir + "/Test", withIntermediateDirectories: true)
        try fm.copyItem(atPath: "/usr/share/zoneinfo/UTC", toPath: tzdir + "/Test/Zone")
        try "# version 2000a\n".write(toFile: tzdir + "/tzdata.zi", atomically: true, encoding: .utf8)
        let env = ["TZDIR": tzdir]
        let command = ["stats", "--range", "30d"]
        let before = try FocusBinary.run(command, home: home.path, tz: "Test/Zone", now: Self.now, env: env)
        #expect(before.status == 0 && fm.fileExists(atPath: home.path + "/state/cache/stats-cache.bin"))
        // Twelve hours east: sessions in the evening move to the next day.
        try fm.removeItem(atPath: tzdir + "/Test/Zone")
        try fm.copyItem(atPath: "/usr/share/zoneinfo/Etc/GMT-12", toPath: tzdir + "/Test/Zone")
        if change == .newRelease {
            try "# version 2000b\n".write(toFile: tzdir + "/tzdata.zi", atomically: true, encoding: .utf8)
        }
        let got = try FocusBinary.run(command, home: home.path, tz: "Test/Zone", now: Self.now, env: env)
        try fm.removeItem(atPath: home.path + "/state/cache")
        let cold = try FocusBinary.run(command, home: home.path, tz: "Test/Zone", now: Self.now, env: env)
        #expect(got.stdout == cold.stdout && got.status == cold.status)
        #expect(got.stdout != before.stdout)
    }

    /// The own journal file replaced by a sync engine (a new file renamed over the old one, as Syncthing and Dropbox
    /// do, or one git checked out): folded like an append when it starts with the very bytes the derived files were
    /// built from and only grew, rebuilt otherwise; every command prints what it prints without derived files.
    enum Replacement: String, CaseIterable {
        case sameBytes, grown, editedAndGrown, shorter

        var folds: Bool { self == .sameBytes || self == .grown }
    }

    @Test(arguments: Replacement.allCases)
    func aFileASyncEngineReplacedIsFoldedOnlyWhenItOnlyGrew(_ replacement: Replacement) throws {
        let home = try TempHome()
        try home.writeJournal(Self.history())
        #expect(try FocusBinary.run(["stats"], home: home.path, now: Self.now).status == 0)
        let cache = home.path + "/state/cache/stats-cache.bin"
        let inode = try FileManager.default.attributesOfItem(atPath: cache)[.systemFileNumber] as? Int
        var text = try String(contentsOfFile: home.journalFile, encoding: .utf8)
        let line =
            #"{"id":"feedfacefeedfacefeedfacefeedface","start":"2026-11-30T11:00:00Z","end":"2026-11-30T11:50:00Z","#
            + #""planned":3000,"focused":3000,"completed":true,"tag":"synced"}"# + "\n"
        switch replacement {
        case .sameBytes: break
        case .grown: text += line
        case .editedAndGrown:
            // The first session loses a minute: the same length, far from the end.
            text = text.replacingOccurrences(
                of: "\"focused\":1500", with: "\"focused\":1440",
                range: text.range(
                    of: "\"focused\":1500"))
            text += line
        case .shorter: text = String(text[...text.dropLast().lastIndex(of: "\n")!])
        }
        let copy = home.path + "/journal/.syncthing.tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: copy))
        #expect(rename(copy, home.journalFile) == 0)
        let first = try FocusBinary.run(["stats", "--range", "all"], home: home.path, now: Self.now)
        #expect(first.status == 0)
        let now = try FileManager.default.attributesOfItem(atPath: cache)[.systemFileNumber] as? Int
        // A fold appends a record to the file; a rebuild writes a new one.
        #expect((now == inode) == replacement.folds)
        try Self.expectSameOutputs(home, after: "a file replaced by a copy (\(replacement))")
    }

    /// `log --limit 0` streams every row, measured first: the same bytes as the rows of a journal in memory (here a
    /// sync engine's conflict copy makes the journal be loaded), with several devices, zones, tags and notes.
    @Test(arguments: [
        ["log", "--limit", "0"], ["log", "--limit", "0", "--json"], ["log", "--limit", "0", "--tag", "coding"],
    ])
    func theWholeLogStreamsAsItLoads(_ command: [String]) throws {
        let streamed = try TempHome()
        var history = Self.history()
        history[3] = history[3].replacingOccurrences(
            of: "}", with: #","tz":"Asia/Tokyo","note":"a note\non two lines"}"#)
        try streamed.writeJournal(history)
        let other =
            #"{"id":"feedfacefeedfacefeedfacefeedface","start":"2026-11-30T11:00:00Z","end":"2026-11-30T12:50:00Z","#
            + #""planned":6600,"focused":6600,"completed":false,"tags":["synced","长标签"]}"#
        try streamed.writeJournal([other], name: "laptop-0000000a.jsonl")
        let loaded = try TempHome(device: nil)
        try FileManager.default.removeItem(atPath: loaded.path)
        try FileManager.default.copyItem(atPath: streamed.path, toPath: loaded.path)
        try loaded.writeJournal([other], name: "laptop-0000000a.sync-conflict-20261129-101500-ABCDEFG.jsonl")
        let got = try FocusBinary.run(command, home: streamed.path, now: Self.now)
        let reference = try FocusBinary.run(command, home: loaded.path, now: Self.now)
        #expect(got.status == 0 && got.stdout.count > 1000)
        #expect(got.stdout == reference.stdout && got.stderr == reference.stderr)
    }
}
