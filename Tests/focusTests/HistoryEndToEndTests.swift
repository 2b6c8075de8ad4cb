import Foundation
import Testing

/// `focus log`, `undo`, `export`, `import` and `doctor` on the built binary in a temporary `FOCUS_HOME`.
@Suite struct HistoryEndToEndTests {
    static let now = "2026-11-29T18:00:00Z"

    static func focus(_ args: [String], _ home: TempHome, tz: String = "Asia/Shanghai") throws -> RunResult {
        try FocusBinary.run(args, home: home.path, tz: tz, now: now)
    }

    static func logJSON(_ home: TempHome) throws -> [[String: Any]] {
        let result = try focus(["log", "--json", "--limit", "0"], home)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// `TZ=UTC+3` is three hours west, as the C library reads it, and the session records the IANA name
    /// `Etc/GMT+3` (earlier versions wrote ICU's `GMT-0300`); a rule without an IANA name records no `tz`.
    @Test(
        arguments: [
            ("UTC+3", "2026-11-28T13:00:00Z", "Etc/GMT+3"), ("Asia/Shanghai", "2026-11-28T02:00:00Z", "Asia/Shanghai"),
            ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-11-28T09:00:00Z", nil),
        ] as [(String, String, String?)])
    func logAddReadsTZAsTheCLibraryAndRecordsOnlyIANANames(_ tz: String, _ start: String, _ stamp: String?) throws {
        let home = try TempHome()
        let result = try Self.focus(["log", "add", "--start", "2026-11-28 10:00", "--duration", "25m"], home, tz: tz)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let logged = try #require(try Self.logJSON(home).first)
        #expect(logged["start"] as? String == start)
        #expect(logged["tz"] as? String == stamp)
        #expect(logged["date"] as? String == "2026-11-28")
    }

    @Test func addEditDeleteUndoChainReadsBackExactly() throws {
        let home = try TempHome()
        #expect(
            try Self.focus(
                [
                    "log", "add", "--start", "2026-11-29 09:00", "--duration", "25m", "--tag", "writing", "--note",
                    "ch 3",
                ], home
            ).status == 0)
        #expect(
            try Self.focus(["log", "add", "--start", "2026-11-29 10:00", "--duration", "50m", "--tag", "code"], home)
                .status == 0)
        let added = try Self.logJSON(home)
        #expect(
            added.map { $0["start"] as? String } == [
                "2026-11-29T02:00:00Z"
                    + "", "2026-11-29T01:00:00Z",
            ])  // local 10:00 and 09:00 in Shanghai
        #expect(added[1]["source"] as? String == "manual" && added[1]["tz"] as? String == "Asia/Shanghai")
        let second = try #require(added[0]["id"] as? String)

        let edited = try Self.focus(
            ["log", "edit", String(second.prefix(5)), "--tag", "", "--note", "new, \"quoted\"", "--duration", "40m"],
            home)
        #expect(edited.status == 0, "\(edited.stderr)")
        var rows = try Self.logJSON(home)
        #expect(
            rows[0]["tag"] == nil && rows[0]["note"] as? String == "new, \"quoted\""
                && rows[0]["focused"] as? Int == 2400)
        #expect(rows[0]["end"] as? String == "2026-11-29T02:40:00Z")

        #expect(try Self.focus(["log", "delete", String(second.prefix(6))], home).status == 0)
        #expect(try Self.logJSON(home).count == 1)

        #expect(try Self.focus(["undo"], home).stdout.contains("Undid a deletion"))
        rows = try Self.logJSON(home)
        #expect(rows.count == 2 && rows[0]["focused"] as? Int == 2400)
        #expect(try Self.focus(["undo"], home).stdout.contains("Undid an edit"))
        rows = try Self.logJSON(home)
        #expect(rows[0]["tag"] as? String == "code" && rows[0]["focused"] as? Int == 3000 && rows[0]["note"] == nil)
        #expect(try Self.focus(["undo"], home).stdout.contains("Undid adding"))
        #expect(try Self.logJSON(home).map { $0["tag"] as? String } == ["writing"])

        // Append-only: 2 sessions + edit + delete + 3 undos, and v1 readers see v2 for every change.
        let lines = home.journalLines()
        #expect(lines.count == 7)
        #expect(lines[2...].allSatisfy { $0.hasPrefix("{\"v\":2,\"kind\":") })
        let doctor = try Self.focus(["doctor"], home)
        #expect(doctor.status == 0, "\(doctor.stdout)")
    }

    @Test func editStartIsReadInTheSessionsOwnZone() throws {
        let home = try TempHome()
        #expect(try Self.focus(["log", "add", "--start", "2026-11-29 09:00", "--duration", "25m"], home).status == 0)
        let id = try #require(try Self.logJSON(home).first?["id"] as? String)
        // Edited from New York, the new start is still Shanghai time, as `focus log` shows it.
        let edit = try Self.focus(
            ["log", "edit", String(id.prefix(6)), "--start", "2026-11-29 10:15"], home, tz: "America/New_York")
        #expect(edit.status == 0, "\(edit.stderr)")
        let row = try #require(try Self.logJSON(home).first)
        #expect(row["start"] as? String == "2026-11-29T02:15:00Z" && row["end"] as? String == "2026-11-29T02:40:00Z")
    }

    @Test func logListsNewestFirstWithLimitRangeAndTag() throws {
        let home = try TempHome()
        try home.writeJournal(
            (1...25).map { day in
                let d = day < 10 ? "0\(day)" : "\(day)"
                return
                    #"{"id":"id\#(d)aaaaaa","start":"2026-11-\#(d)T09:00:00Z","end":"2026-11-\#(d)T09:25:00Z","#
                    + #""planned":1500,"focused":1500,"completed":\#(day % 5 != 0),"#
                    + #""tag":"\#(day % 2 == 0 ? "even" : "odd")"}"#
            })
        let text = try Self.focus(["log"], home, tz: "UTC")
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 21 && lines[0].hasPrefix("id25aaaa  2026-11-25  09:00–09:25  25m  interrupted  #odd"))
        #expect(lines[20].contains("5 older sessions"))
        #expect(
            try Self.focus(["log", "--range", "7d", "--json"], home, tz: "UTC").stdout.components(
                separatedBy: "\"id\":"
            ).count - 1 == 3)  // the 23rd to the 25th
        let even = try Self.focus(["log", "--tag", "even", "--limit", "3"], home, tz: "UTC").stdout
        #expect(even.split(separator: "\n").count == 4 && !even.contains("#odd"))
    }

    /// With `day-start` 04:00 a session at 01:00 shows the date it started on beside its time, marked as counting for
    /// the day before and explained under the table, in a table drawn whole and in one streamed; a Chinese tag keeps
    /// the notes in line, and `--json` keeps the day it counts for.
    @Test(arguments: [["log"], ["log", "--limit", "0"]])
    func aSessionBeforeTheDayStartShowsTheDateItBeganOnMarked(_ args: [String]) throws {
        let home = try TempHome()
        try home.writeJournal([
            #"{"id":"a1b2c3d4-1","start":"2026-11-29T01:00:00Z","end":"2026-11-29T01:30:00Z","planned":1800,"#
                + #""focused":1800,"completed":true,"tz":"UTC","tag":"中文","note":"night"}"#,
            #"{"id":"e5f6a7b8-2","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"#
                + #""focused":1500,"completed":true,"tz":"UTC","tag":"x","note":"day"}"#,
        ])
        #expect(try Self.focus(["config", "set", "day-start", "04:00"], home, tz: "UTC").status == 0)
        let result = try Self.focus(args, home, tz: "UTC")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(
            result.stdout == """
                e5f6a7b8  2026-11-29   09:00–09:25  25m  completed    #x     day
                a1b2c3d4  2026-11-29*  01:00–01:30  30m  completed    #中文  night
                * counts for the day before: it began before your day-start

                """)
        let dates = try Self.logJSON(home).map { $0["date"] as? String }
        #expect(dates == ["2026-11-29", "2026-11-28"])
    }

    @Test(arguments: [
        (["log", "add", "--duration", "25m"], 64, "needs --start"),
        (["log", "add", "--start", "2026-11-29 17:50", "--duration", "25m"], 64, "in the future"),
        (["log", "add", "--start", "tomorrow", "--duration", "25m"], 64, "is not a time; try 9:30"),
        (["log", "add", "--start", "2026-11-29 09:00", "--duration", "0"], 64, "zero"),
        (["log", "edit", "zzzz", "--tag", "x"], 1, "no session"),
        (["log", "edit", "idxx"], 64, "nothing to change"),
        (["log", "delete", "idxx"], 64, "ambiguous"),
        (["log", "delete", "i"], 64, "an id needs at least 4 characters: 'i' is too short to name one session"),
        (["log", "edit", "idx", "--tag", "x"], 64, "an id needs at least 4 characters"),
        (["log", "move", "idx", "--start", "9:00"], 64, "an id needs at least 4 characters"),
        (["log", "split", "idx", "09:10"], 64, "an id needs at least 4 characters"),
        (["log", "frobnicate"], 64, "not a log action"),
        (["log", "delete", "idxx1", "--json"], 64, "does not apply"),
        (["undo"], 1, "nothing to undo"),
        (["export", "--format"], 64, "--format needs a value"),
        (["export", "--format", "xml"], 64, "not one of"),
        (["export", "--format", "csv", "--out", "/nonexistent/dir/x.csv"], 73, "does not exist"),
        (["import", "/nonexistent/frames", "--from", "watson"], 66, "no such file"),
        (["import", "x", "--from", "toggl"], 64, "not one of"),
    ])
    func errorsExitWithTheRightCode(_ args: [String], _ code: Int32, _ message: String) throws {
        let home = try TempHome()
        try home.writeJournal(
            [
                #"{"id":"idxx1","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true}"#,
                #"{"id":"idxx2","start":"2026-11-28T10:00:00Z","end":"2026-11-28T10:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true}"#,
            ], name: "other.jsonl")
        let result = try Self.focus(args, home, tz: "UTC")
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(home.contents(home.journalName) == nil)  // nothing written on failure
    }

    static let tricky = [
        #"{"id":"q1","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true,"tz":"Europe/Paris","tag":"a,b","note":"said \"hi\", then\nleft; ok\\done"}"#,
        #"{"id":"q2","start":"2026-11-28T10:00:00Z","end":"2026-11-28T10:20:00Z","planned":1500,"focused":1200,"#
            + #""completed":false}"#,
    ]

    @Test func csvExportQuotesAndImportsBackIdempotently() throws {
        let home = try TempHome()
        try home.writeJournal(Self.tricky, name: "laptop.jsonl")
        let out = home.path + "/export.csv"
        #expect(try Self.focus(["export", "--format", "csv", "--out", out], home).status == 0)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.hasPrefix("id,date,start,end,planned,focused,completed,tz,tags,note,source,origin,revision\r\n"))
        #expect(
            text.contains(
                "q1,2026-11-28,2026-11-28T09:00:00Z,2026-11-28T09:25:00Z,1500,1500,true,Europe/Paris,\"a\\,b\",\"said "
                    + "\"\"hi\"\", then\nleft; ok\\done\",timer,,\r\n"
            ))
        // Python's csv module, a strict reader, agrees.
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            "import csv,sys; r=list(csv.reader(open(sys.argv[1], newline=''), strict=True)); assert r[1][9]=='said "
                + "\"hi\", then\\nleft; ok\\\\done', r; assert len(r)==3",
            out,
        ]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)

        let fresh = try TempHome()
        let first = try Self.focus(["import", out, "--from", "csv"], fresh)
        #expect(first.status == 0 && first.stdout.hasPrefix("Added 2 sessions"), "\(first.stdout)\(first.stderr)")
        let again = try Self.focus(["import", out, "--from", "csv"], fresh)
        #expect(again.stdout.hasPrefix("Added 0 sessions") && again.stdout.contains("Duplicates: 2"))
        let rows = try Self.logJSON(fresh)
        #expect(
            rows.last?["note"] as? String == "said \"hi\", then\nleft; ok\\done"
                && rows.last?["tag"] as? String == "a,b")
        // focus's own export keeps each session's source.
        #expect(rows.allSatisfy { $0["source"] as? String == "timer" })
    }

    @Test func jsonlAndJsonExportsAreJournalFormat() throws {
        let home = try TempHome()
        try home.writeJournal(Self.tricky, name: "laptop.jsonl")
        let jsonl = try Self.focus(["export", "--format", "jsonl"], home)
        #expect(jsonl.stdout == Self.tricky.joined(separator: "\n") + "\n")
        let json = try Self.focus(["export", "--format", "json"], home)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["id"] as? String } == ["q1", "q2"])
        let file = home.path + "/in.jsonl"
        try jsonl.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let fresh = try TempHome()
        let dry = try Self.focus(["import", file, "--from", "jsonl", "--dry-run"], fresh)
        #expect(dry.stdout.hasPrefix("Would add 2 sessions") && fresh.contents(fresh.journalName) == nil)
        #expect(try Self.focus(["import", file, "--from", "jsonl"], fresh).stdout.hasPrefix("Added 2"))
        #expect(try Self.focus(["import", file, "--from", "jsonl"], fresh).stdout.hasPrefix("Added 0"))
    }

    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @discardableResult
    static func runPython(_ args: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3"] + args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    /// A strict parser (Python `icalendar`, installed here when missing) accepts the calendar.
    @Test func iCalendarExportParsesStrictly() throws {
        try #require(Self.python != nil, "python3 is needed: apt-get install python3")
        let home = try TempHome()
        try home.writeJournal(
            Self.tricky + [
                #"{"id":"long","start":"2026-11-27T09:00:00Z","end":"2026-11-27T10:00:00Z","planned":3600,"#
                    + #""focused":3600,"completed":true,"tag":"深度工作","#
                    + #""note":"\#(String(repeating: "长笔记，", count: 30))""#
                    + #"}"#
            ])
        let out = home.path + "/focus.ics"
        #expect(try Self.focus(["export", "--format", "ical", "--out", out], home).status == 0)
        if try Self.runPython(["-c", "import icalendar"]) != 0 {
            try Self.runPython(["-m", "pip", "install", "--quiet", "icalendar"])
        }
        let check = """
            import sys, icalendar
            data = open(sys.argv[1], 'rb').read()
            assert all(len(l) <= 75 for l in data.split(b'\\r\\n')), 'long line'
            assert b'\\n' not in data.replace(b'\\r\\n', b''), 'bare LF'
            cal = icalendar.Calendar.from_ical(data)
            events = cal.walk('VEVENT')
            assert len(events) == 3, events
            e = [e for e in events if str(e['UID']) == 'q1@focus'][0]
            assert str(e['DESCRIPTION']).endswith('said "hi", then\\nleft; ok\\\\done'), repr(str(e['DESCRIPTION']))
            assert e.decoded('DTSTART').isoformat() == '2026-11-28T09:00:00+00:00'
            assert str([x for x in events if str(x['UID']) == 'long@focus'][0]['DESCRIPTION']).count('长笔记') == 30
            """
        #expect(try Self.runPython(["-c", check, out]) == 0)
    }

    static let peers = PeerDataTests.script

    /// Watson's frames, a Timewarrior folder and its month files: the totals of `expected.json`, and nothing added
    /// twice.
    @Test func peerImportsMatchExpectedTotals() throws {
        try #require(Self.python != nil, "python3 is needed: apt-get install python3")
        let data = try TempHome()
        #expect(try Self.runPython([Self.peers, "300", "--out", data.path + "/g", "--force"]) == 0)
        let expected = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: data.path + "/g/expected.json"))) as? [String: Any])
        let windows = try #require(expected["windows"] as? [String: [String: Any]])
        for (format, path) in [("watson", "/g/watson/frames"), ("timewarrior", "/g/tw")] {
            let home = try TempHome()
            let first = try Self.focus(["import", data.path + path, "--from", format], home, tz: "UTC")
            #expect(
                first.status == 0 && first.stdout.hasPrefix("Added 300 sessions")
                    && first.stdout.contains("Skipped: 0."), "\(first.stdout)\(first.stderr)")
            let again = try Self.focus(["import", data.path + path, "--from", format], home, tz: "UTC")
            #expect(again.stdout.hasPrefix("Added 0 sessions") && again.stdout.contains("Duplicates: 300"))
            for range in ["7d", "30d", "all"] {
                let window = try #require(windows[range])
                let result = try Self.focus(["stats", "--range", range, "--json"], home, tz: "UTC")
                let stats = try #require(
                    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                #expect(stats["focusedSeconds"] as? Int == window["seconds"] as? Int, "\(format) \(range)")
                #expect(stats["sessions"] as? Int == window["count"] as? Int, "\(format) \(range)")
                #expect(stats["interruptedSessions"] as? Int == window["abandoned"] as? Int, "\(format) \(range)")
                #expect(stats["byTag"] as? [String: Int] == window["per_tag"] as? [String: Int], "\(format) \(range)")
            }
            #expect(try Self.focus(["doctor"], home, tz: "UTC").status == 0)
        }
        // The same intervals through one month file give the same ids as the folder did.
        let home = try TempHome()
        #expect(try Self.focus(["import", data.path + "/g/tw", "--from", "timewarrior"], home).status == 0)
        let month = try Self.focus(["import", data.path + "/g/tw/data/2026-11.data", "--from", "timewarrior"], home)
        #expect(month.stdout.hasPrefix("Added 0 sessions"))
    }

    /// `doctor` checks the sessions in the stream's first pass when the journal allows it (no change record) and in
    /// its second otherwise: each problem is reported once either way.
    @Test(arguments: [false, true])
    func doctorReportsEachProblemOnceWhenItsChecksStartOver(_ withChange: Bool) throws {
        let home = try TempHome()
        let change = #"{"v":2,"kind":"edit","id":"e1","target":"c","at":"2026-11-28T12:00:00Z","tags":["x"]}"#
        try home.writeJournal(
            [
                #"{"id":"a","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true}"#,
                #"{"id":"b","start":"2026-11-28T09:10:00Z","end":"2026-11-28T09:35:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true}"#,
                #"{"id":"f","start":"2026-12-28T09:00:00Z","end":"2026-12-28T09:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true}"#,
                #"{"id":"c","start":"2026-12-29T09:00:00Z","end":"2026-12-29T09:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true}"#,
            ] + (withChange ? [change] : []))
        let result = try Self.focus(["doctor"], home)
        #expect(result.status == 65)
        #expect(result.stdout.components(separatedBy: "sessions overlap: a").count == 2, "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "session f ends in the future").count == 2)
        #expect(result.stdout.components(separatedBy: "session c ends in the future").count == 2)
    }

    @Test func doctorFindsProblemsAndRepairsOnlyDerivedFiles() throws {
        let home = try TempHome()
        try home.writeJournal([
            #"{"id":"a","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true}"#,
            #"{"id":"b","start":"2026-11-28T09:10:00Z","end":"2026-11-28T09:35:00Z","planned":1500,"focused":1500,"#
                + #""completed":true}"#,
            #"{"id":"a","start":"2026-11-28T11:00:00Z","end":"2026-11-28T11:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true}"#,
            #"{"id":"f","start":"2026-12-28T09:00:00Z","end":"2026-12-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true}"#,
            "{broken",
            #"{"id":"m","start":"2026-11-20T09:00:00Z","end":"2026-11-20T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tz":"Mars/Olympus"}"#,
        ])
        let before = home.contents(home.journalName)
        let result = try Self.focus(["doctor"], home)
        #expect(result.status == 65)
        #expect(result.stdout.contains(TempHome.device.journalFileName + ":5:"))
        #expect(result.stdout.contains("duplicate id a"))
        #expect(result.stdout.contains("sessions overlap: a"))
        #expect(result.stdout.contains("session f ends in the future"))
        #expect(result.stdout.contains("time zone 'Mars/Olympus' is not a zone name this machine knows: 1 session(s)"))
        #expect(home.contents(home.journalName) == before)

        // A damaged checkpoint: found, then rebuilt by --repair; the journal stays byte for byte.
        let clean = try TempHome()
        try clean.writeJournal([
            #"{"id":"a","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true}"#
        ])
        #expect(try Self.focus(["expedition"], clean).status == 0)
        #expect(try Self.focus(["doctor"], clean).stdout.contains("matches a rebuild"))
        try "{\"version\":1}".write(
            toFile: clean.path + "/state/cache/expedition.json", atomically: true, encoding: .utf8)
        let journal = clean.contents(clean.journalName)
        let broken = try Self.focus(["doctor"], clean)
        #expect(broken.status == 65 && broken.stdout.contains("expedition checkpoint"))
        let repaired = try Self.focus(["doctor", "--repair"], clean)
        #expect(repaired.status == 0 && repaired.stdout.contains("rebuilt"), "\(repaired.stdout)")
        #expect(try Self.focus(["doctor"], clean).status == 0)
        #expect(clean.contents(clean.journalName) == journal)

        try "{\"daily-goal-minutes\":\"lots\"}".write(
            toFile: clean.path + "/config.json", atomically: true, encoding: .utf8)
        let config = try Self.focus(["doctor"], clean)
        #expect(config.status == 65 && config.stdout.contains("config.json"))
    }
}

/// `focus doctor` says how to repair an overlap, and the command it gives does repair it.
@Suite struct DoctorRepairTests {
    static let lines = [
        #"{"id":"aaaa1111","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"#
            + #""focused":1500,"completed":true}"#,
        #"{"id":"bbbb2222","start":"2026-11-28T09:10:00Z","end":"2026-11-28T09:35:00Z","planned":1500,"#
            + #""focused":1500,"completed":true,"source":"import"}"#,
    ]

    /// The words of the backquoted `focus ...` command in `text` after `marker`, as a shell splits them.
    static func command(after marker: String, in text: String) throws -> [String] {
        let rest = try #require(text.range(of: marker)).upperBound
        let quoted = text[rest...].prefix { $0 != "`" }
        var words: [String] = []
        var word = ""
        var inQuotes = false
        for c in quoted {
            if c == "'" {
                inQuotes.toggle()
            } else if c == " " && !inQuotes {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { words.append(word) }
        #expect(words.first == "focus")
        return Array(words.dropFirst())
    }

    @Test(arguments: ["keep one with `", "as the second begins with `"])
    func theCommandDoctorGivesForAnOverlapRepairsIt(_ marker: String) throws {
        let home = try TempHome()
        try home.writeJournal(Self.lines)
        let doctor = try HistoryEndToEndTests.focus(["doctor"], home)
        #expect(doctor.status == 65)
        #expect(doctor.stdout.contains("sessions overlap: aaaa1111 (2026-11-28 17:00–17:25, timer) and bbbb2222"))
        #expect(doctor.stdout.contains("17:35, import)"))
        let repair = try HistoryEndToEndTests.focus(try Self.command(after: marker, in: doctor.stdout), home)
        #expect(repair.status == 0, "\(repair.stderr)")
        let again = try HistoryEndToEndTests.focus(["doctor"], home)
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// An id from an imported file is data: doctor never offers a command that would paste it into a shell.
    @Test func anIdAShellWouldExpandIsNeverPutInACommand() throws {
        let home = try TempHome()
        try home.writeJournal([Self.lines[0], Self.lines[1].replacingOccurrences(of: "bbbb2222", with: "$(touch x)")])
        let doctor = try HistoryEndToEndTests.focus(["doctor"], home)
        #expect(doctor.status == 65)
        #expect(doctor.stdout.contains("keep one with `focus log delete ID`"))
        #expect(!doctor.stdout.contains("delete $(") && !doctor.stdout.contains("edit aaaa1111"))
    }
}
