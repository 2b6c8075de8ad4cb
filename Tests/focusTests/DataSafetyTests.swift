import FocusCore
import Foundation
import Testing

/// Nothing is lost, and nothing breaks on what a file may hold (issue 13): reading never needs to write, a lagging
/// checkpoint is no health problem, a torn tail is a note, numbers at the edges are errors not traps, CSV cells
/// never run as formulas, an import is undone as a whole, and an error line never carries a control character.
///
/// Each test fails on focus before issue 13 (`FOCUS_BINARY` pointed at a build of it): the expedition views
/// failed when they could not rewrite the checkpoint, doctor failed after any edit, a torn tail failed doctor for
/// ever and kept the stats cache from being written, a route of `Int.max` trapped (exit 132), a CSV tag `=…` was
/// written as it is, undo after an import took back one session, and error lines printed an ESC from an id raw.
@Suite struct DataSafetyTests {
    static let now = BadInputTests.now

    /// A journal of `count` completed 25-minute timer sessions a day (they move the expedition).
    static func home(sessions count: Int = 12) throws -> TempHome {
        let home = try TempHome()
        try home.writeJournal(ExpeditionEndToEndTests.journal(count))
        return home
    }

    /// How a folder cannot take a derived file.
    enum Unwritable: String, CaseIterable, CustomTestStringConvertible {
        /// `chattr +i` on the cache folder: no file can be created or replaced in it, even by root.
        case readOnlyCache
        /// `chattr +i` on every folder: the journal, the state, the cache.
        case readOnlyEverything
        /// A 64 KiB tmpfs on the cache folder, filled up.
        case fullCache

        var testDescription: String { rawValue }
        var works: Bool { self == .fullCache ? BadPlaceTests.tmpfsWorks : BadPlaceTests.chattrWorks }
    }

    /// The views that only read (expedition, passport, profile, stats, log, status, doctor) work, say nothing on
    /// stderr and exit 0 when the derived files cannot be written: they are simply not written.
    @Test(arguments: Unwritable.allCases)
    func readingNeverNeedsToWrite(_ place: Unwritable) throws {
        try #require(place.works, "\(place) cannot be set up here (chattr +i or mount -t tmpfs)")
        let home = try Self.home()
        let cache = home.path + "/state/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let frozen = place == .readOnlyEverything ? [home.path + "/journal", home.path + "/state", cache] : [cache]
        switch place {
        case .readOnlyCache, .readOnlyEverything:
            for folder in frozen { BadPlaceTests.shell("chattr +i '\(folder)'") }
        case .fullCache:
            try #require(BadPlaceTests.shell("mount -t tmpfs -o size=64k,mode=0700 focus-test '\(cache)'") == 0)
            BadPlaceTests.shell("dd if=/dev/zero of='\(cache)/filler' bs=1k count=64 2>/dev/null")
        }
        defer {
            for folder in frozen { BadPlaceTests.shell("chattr -i '\(folder)'") }
            if place == .fullCache { BadPlaceTests.shell("umount '\(cache)'") }
        }
        for args in [
            ["expedition"], ["passport"], ["profile"], ["stats"], ["stats", "--range", "all"], ["log"], ["status"],
            ["doctor"], ["expedition", "--json"],
        ] {
            let r = try FocusBinary.run(args, home: home.path, now: Self.now)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(place) \(args): \(r.status) \(r.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: cache + "/expedition.json"))
    }

    /// After an edit, a deletion and an undo the checkpoint lags the journal: doctor says so and passes, and the
    /// next view catches up (a rebuild of the same sessions agrees with it).
    @Test func doctorPassesAfterAnEditADeletionAndAnUndo() throws {
        let home = try Self.home()
        #expect(try FocusBinary.run(["expedition"], home: home.path, now: Self.now).status == 0)
        for args in [["log", "edit", "e3", "--note", "rewritten"], ["log", "delete", "e5"], ["undo"]] {
            #expect(try FocusBinary.run(args, home: home.path, now: Self.now).status == 0)
            let doctor = try FocusBinary.run(["doctor"], home: home.path, now: Self.now)
            #expect(doctor.status == 0, "after \(args): \(doctor.stdout)")
            #expect(doctor.stdout.contains("expedition checkpoint: behind the journal"), "\(doctor.stdout)")
        }
        #expect(try FocusBinary.run(["expedition"], home: home.path, now: Self.now).status == 0)
        let doctor = try FocusBinary.run(["doctor"], home: home.path, now: Self.now)
        #expect(doctor.status == 0 && doctor.stdout.contains("expedition checkpoint: matches a rebuild"))
    }

    /// A journal a crash left with a torn tail: doctor notes it and passes, commands say nothing, the stats cache is
    /// written and then used (not rebuilt), and an append after the torn line keeps all of that true.
    @Test func aTornTailIsANoteAndTheStatsCacheIsUsedAgain() throws {
        let home = try TempHome()
        let torn = #"{"id":"cut","start":"2026-11-29T10:00:00Z","end":"2026-11-2"#
        try FileManager.default.createDirectory(atPath: home.path + "/journal", withIntermediateDirectories: true)
        try Data((BadInputTests.good + "\n" + torn).utf8).write(to: URL(fileURLWithPath: home.journalFile))
        let cache = home.path + "/state/cache/stats-cache.bin"
        for round in 0..<2 {
            let stats = try FocusBinary.run(["stats"], home: home.path, now: Self.now)
            #expect(stats.status == 0 && stats.stderr.isEmpty, "\(stats.stderr)")
            let built = try #require(
                try? FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date)
            usleep(20_000)
            #expect(try FocusBinary.run(["stats"], home: home.path, now: Self.now).status == 0)
            let used = try FileManager.default.attributesOfItem(atPath: cache)[.modificationDate] as? Date
            #expect(used == built, "round \(round): the cache was rebuilt, not used")
            let doctor = try FocusBinary.run(["doctor"], home: home.path, now: Self.now)
            #expect(doctor.status == 0, "\(doctor.stdout)")
            #expect(doctor.stdout.contains("note: \(home.journalFile):2: a record cut short by a crash"))
            let add = ["log", "add", "--start", "2026-11-29 12:00", "--duration", "25m"]
            if round == 0 { #expect(try FocusBinary.run(add, home: home.path, now: Self.now).status == 0) }
        }
        #expect(home.journalLines().count == 3)
    }

    /// A value near `Int.max` (or a year no clock shows) in any file focus reads: one line naming the file and the
    /// key (exit 65), never a trap (exit 132, 133 or 134), and every file as it was. A derived file that holds
    /// one is rebuilt instead.
    struct Edge: CustomTestStringConvertible, Sendable {
        let name: String
        let file: String
        let content: String
        /// What the one error line says; empty when the commands must succeed (a derived file is rebuilt).
        let message: String
        /// The command that reads the file and must say so (the others may not read it at all).
        var reader = ["status"]
        var testDescription: String { name }
    }

    /// A route of one chapter with two missions, `targetValue` and `rewardMiles` as given.
    static func route(target: String, miles: String) -> String {
        #"{"deepFocusMinutes":50,"chapters":[{"id":"a","title":"A","country":"C","story":"S","soundscape":"rain","#
            + #""missions":[{"id":"m","title":"M","kind":"focusMinutes","targetValue":\#(target),"#
            + #""rewardMiles":\#(miles)},{"id":"n","title":"N","kind":"sessionCount","targetValue":1,"#
            + #""rewardMiles":\#(miles)}]}]}"#
    }

    /// A dead timer's `running.json`.
    static func state(planned: String = "1500", start: String = "2026-11-29T10:00:00Z", pid: String = "1") -> String {
        #"{"id":"x","phase":"focus","startedAt":"\#(start)","planned":\#(planned),"counted":60,"#
            + #""updatedAt":"2026-11-29T10:01:00Z","paused":false,"pid":\#(pid),"cycle":1,"cycles":1}"#
    }

    static let edges: [Edge] = [
        Edge(
            name: "route target Int.max", file: "expeditions.json",
            content: route(target: "9223372036854775807", miles: "10"),
            message: "expeditions.json: chapters[0].missions[0].targetValue",
            reader: ["expedition"]),
        Edge(
            name: "route miles Int.max", file: "expeditions.json",
            content: route(target: "5", miles: "9223372036854775807"),
            message: "expeditions.json: chapters[0].missions[0].rewardMiles",
            reader: ["passport"]),
        Edge(
            name: "route number beyond Int", file: "expeditions.json",
            content: route(target: "1e300", miles: "1"),
            message: "expeditions.json: chapters[0].missions[0].targetValue", reader: ["expedition"]),
        Edge(
            name: "daily goal beyond Int", file: "config.json", content: #"{"daily-goal-minutes":1e300}"#,
            message: "config.json: daily-goal-minutes must be whole minutes from 1 to 1440", reader: ["stats"]),
        Edge(
            name: "cycles Int.max", file: "config.json", content: #"{"cycles":9223372036854775807}"#,
            message: "config.json: cycles must be a whole number from 1 to 99", reader: ["stats"]),
        Edge(
            name: "planned Int.max", file: "state/running.json",
            content: state(planned: "9223372036854775807"),
            message: "running.json: planned is 9223372036854775807, outside 0…604800"),
        Edge(
            name: "state in year 9999", file: "state/running.json",
            content: state(start: "9999-12-31T23:59:59Z"),
            message: "running.json: startedAt is outside 2000-01-01T00:00:00Z…2099-12-31T23:59:59Z"),
        Edge(
            name: "state of process -1", file: "state/running.json",
            content: state(pid: "-1"),
            message: "running.json: pid is -1, outside 1…2147483647"),
        Edge(
            name: "checkpoint of Int.max miles", file: "state/cache/expedition.json",
            content: #"{"version":2,"fingerprint":"x","applied":-5,"appliedHash":"0","state":{"chapters":[],"#
                + #""totalMiles":9223372036854775807,"soundscapes":[]}}"#, message: ""),
        Edge(
            name: "stats cache of huge words", file: "state/cache/stats-cache.bin",
            content: String(repeating: "\u{7F}", count: 4096), message: ""),
        Edge(
            name: "journal line in year 1", file: "journal/old.jsonl",
            content: #"{"id":"y1","start":"0001-01-01T00:00:00Z","end":"0001-01-01T00:25:00Z","planned":1500,"#
                + #""focused":1500,"completed":true}"# + "\n", message: ""),
    ]

    @Test(arguments: edges)
    func numbersAtTheEdgesAreErrorsNeverTraps(_ edge: Edge) throws {
        let home = try Self.home(sessions: 3)
        let path = home.path + "/" + edge.file
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(edge.content.utf8).write(to: URL(fileURLWithPath: path))
        let before = BadInputTests.snapshot(home.path)
        for args in [
            ["expedition"], ["passport"], ["profile"], ["stats"], ["stats", "--range", "all"], ["log"], ["status"],
            ["export", "--format", "csv"], ["stop"],
        ] {
            let r = try FocusBinary.run(args, home: home.path, now: Self.now)
            #expect(![132, 133, 134].contains(r.status), "\(edge.name) \(args): trapped: \(r.stderr)")
            if args == ["stop"] { continue }  // nothing runs: it says so, after any warning
            let lines = r.stderr.split(separator: "\n")
            if edge.message.isEmpty {
                #expect(r.status == 0, "\(edge.name) \(args): \(r.status) \(r.stderr)")
            } else if args == edge.reader || !lines.isEmpty || r.status != 0 {
                // A command that reads the file says so in one line (an error, or a warning when it goes on).
                #expect(lines.count == 1 && r.stderr.contains(edge.message), "\(edge.name) \(args): \(r.stderr)")
            }
        }
        let doctor = try FocusBinary.run(["doctor"], home: home.path, now: Self.now)
        #expect(![132, 133, 134].contains(doctor.status))
        if edge.file.hasPrefix("journal/") { #expect(doctor.stdout.contains("is outside 2000-01-01")) }
        if !edge.message.isEmpty { #expect(doctor.status == 65, "\(edge.name): \(doctor.stdout)") }
        // Recovery takes the session lock to look at the state (a lock file, no data).
        #expect(BadInputTests.snapshot(home.path).filter { $0.key != "state/running.lock" } == before)
    }

    /// Imported sessions in year 0 or 9999 (or 1970, before any focus) are skipped with the reason, and a file of
    /// nothing else writes nothing (exit 65).
    @Test(arguments: ["0000-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "9999-12-31T22:00:00Z"])
    func importedSessionsOutsideTheCenturiesAreSkipped(_ start: String) throws {
        let home = try Self.home(sessions: 1)
        let file = home.path + "/../edge-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let line =
            #"{"id":"edge","start":"\#(start)","end":"\#(start.replacingOccurrences(of: ":00:00Z", with: ":25:00Z"))","#
            + #""planned":1500,"focused":1500,"completed":true}"#
        try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: file))
        let before = BadInputTests.snapshot(home.path)
        let r = try FocusBinary.run(["import", file, "--from", "jsonl"], home: home.path, now: Self.now)
        #expect(r.status == 65 && r.stderr.contains("is outside 2000-01-01"), "\(r.status) \(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }

    /// Tags and notes a spreadsheet would run (`=`, `+`, `-`, `@`, tab, CR) are exported behind a `'`, quoted, and
    /// an import of that file reads back exactly the sessions exported.
    @Test func csvCellsNeverRunAsFormulasAndReadBackExactly() throws {
        let home = try TempHome()
        let values = [
            "=HYPERLINK(\"http://x\",\"y\")", "+1+2", "-3", "@SUM(A1)", "\tx", "\rx", "'quoted", "'=x", "plain",
        ]
        try home.writeJournal(
            values.enumerated().map { k, value in
                let text = String(decoding: try! JSONEncoder().encode(value), as: UTF8.self)
                return #"{"id":"c\#(k)","start":"2026-11-1\#(k)T09:00:00Z","end":"2026-11-1\#(k)T09:25:00Z","#
                    + #""planned":1500,"focused":1500,"completed":true,"tag":\#(text),"note":\#(text)}"#
            })
        let csv = try FocusBinary.run(["export", "--format", "csv"], home: home.path, now: Self.now)
        #expect(csv.status == 0)
        let rows = try CSV.parse(csv.stdout).dropFirst().filter { $0.count > 8 }
        #expect(rows.count == values.count)
        for row in rows {
            for cell in row where cell.unicodeScalars.first.map(SessionExporter.formulaStarts.contains) ?? false {
                #expect(cell.hasPrefix("'"), "\(cell) would run as a formula")
                #expect(!"=+-@\t\r".unicodeScalars.contains(cell.unicodeScalars.first!), "\(cell)")
            }
        }
        #expect(csv.stdout.contains(#","'=HYPERLINK(""http://x"",""y"")",timer,,"#))  // the note cell
        let again = try TempHome()
        let file = again.path + "/focus.csv"
        try Data(csv.stdout.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try FocusBinary.run(["import", file, "--from", "csv"], home: again.path, now: Self.now).status == 0)
        let original = try FocusBinary.run(["log", "--json"], home: home.path, now: Self.now).stdout
        let imported = try FocusBinary.run(["log", "--json"], home: again.path, now: Self.now).stdout
        // The same sessions, their source kept: focus's own export moves the expedition along with them.
        #expect(imported == original)
    }

    /// `focus undo` after an import takes the whole import back, and the next undo the record before it.
    @Test func undoTakesAnImportBackAsAWhole() throws {
        let home = try Self.home(sessions: 0)
        let add = ["log", "add", "--start", "2026-11-28 12:00", "--duration", "25m", "--tag", "mine"]
        #expect(try FocusBinary.run(add, home: home.path, now: Self.now).status == 0)
        let file = try ImportFile(count: 30, from: 1_795_000_000, tag: "imported", prefix: "i")
        #expect(
            try FocusBinary.run(["import", file.path, "--from", "jsonl"], home: home.path, now: Self.now).status == 0)
        let undo = try FocusBinary.run(["undo"], home: home.path, now: Self.now)
        #expect(
            undo.status == 0
                && undo.stdout == "Undid importing 30 sessions (30m of focus): the whole import, in one step.\n",
            "\(undo.stdout)")
        let log = try FocusBinary.run(["log", "--limit", "0"], home: home.path, now: Self.now).stdout
        #expect(!log.contains("#imported") && log.contains("#mine"), "\(log)")
        let next = try FocusBinary.run(["undo"], home: home.path, now: Self.now)
        #expect(next.stdout.hasPrefix("Undid adding 2026-11-28 12:00"), "\(next.stdout)")
        #expect(try FocusBinary.run(["doctor"], home: home.path, now: Self.now).status == 0)
    }

    /// An error line that quotes data (here an id typed with an OSC 52 clipboard write in it) shows its control
    /// characters as visible escapes.
    @Test func errorLinesNeverCarryControlCharacters() throws {
        let home = try Self.home(sessions: 1)
        let r = try FocusBinary.run(
            ["log", "delete", "\u{1B}]52;c;ZWNobyBoaQ==\u{07}"], home: home.path, now: Self.now)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("'\\e]52;c;ZWNobyBoaQ==\\x07'"), "\(r.stderr)")
        #expect(!r.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(r.stderr)")
    }
}
