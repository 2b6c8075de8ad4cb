import FocusCore
import Foundation
import Testing

/// `focus start`, `status`, `stop` and crash recovery on the built binary.
@Suite(.serialized) struct TimerEndToEndTests {
    @Test(arguments: [
        ("Asia/Shanghai", "started 09:00", "2026-11-29"),  // 01:00 UTC is 09:00 in Shanghai
        ("America/New_York", "started 20:00", "2026-11-28"),  // and 20:00 the evening before in New York
    ])
    func pipedStartWritesExactlyOneRecordInLocalTime(_ tz: String, _ started: String, _ localDate: String) throws {
        let home = try TempHome()
        let r = try FocusBinary.run(
            ["start", "2s", "--tag", "t", "--note", "a note"], home: home.path, tz: tz, now: "2026-11-29T01:00:00Z")
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 3)
        #expect(lines.dropFirst(3).allSatisfy { $0.hasPrefix("Expedition") })
        #expect(lines[0].hasPrefix("Focus 00:02") && lines[0].contains(started) && lines[0].contains("#t"))
        #expect(lines[1] == "Done: 2s focused #t.")
        #expect(lines[2] == "Today: 2s in 1 session · Streak: 1 day")
        #expect(!r.stdout.contains("\u{1B}") && !r.stdout.contains("\u{07}"))
        let journal = home.journalLines()
        #expect(journal.count == 1)
        let log = try JournalCodec.decode(Array(journal[0].utf8))
        #expect(
            log.tz == tz && log.tags.first == "t" && log.note == "a note" && log.completed && log.planned == 2
                && log.focused == 2)
        #expect(UTCTimestamp.format(log.start) == "2026-11-29T01:00:00Z")
        #expect(LocalDays(timeZone: Zone(identifier: tz)!).date(of: log).isoString == localDate)
        #expect(home.contents("state/running.json") == nil)
    }

    /// `TZ` as the C library reads it, and the zone the session is stamped with: an IANA name, `Etc/GMT+3`
    /// for a whole-hour POSIX offset, none for a rule without an IANA name (it is then dated in the reader's zone).
    @Test(
        arguments: [
            (":Asia/Shanghai", "started 09:00", "", "Asia/Shanghai"),
            ("/usr/share/zoneinfo/Asia/Shanghai", "started 09:00", "", "Asia/Shanghai"),
            ("/usr/share/zoneinfo/posix/Europe/London", "started 01:00", "", "Europe/London"),
            ("UTC+3", "started 22:00", "", "Etc/GMT+3"),
            ("<+0545>-5:45", "started 06:45", "", nil),
            ("CET-1CEST", "started 02:00", "", nil),
            ("", "started 01:00", "", "Universal"),
            ("PST", "started 01:00", "focus reads it as UTC", "Etc/UTC"),
        ] as [(String, String, String, String?)])
    func timeZonesWrittenTheWaysTheCLibraryAccepts(_ tz: String, _ started: String, _ warning: String, _ stamp: String?)
        throws
    {
        let home = try TempHome()
        let r = try FocusBinary.run(["start", "1s"], home: home.path, tz: tz, now: "2026-11-29T01:00:00Z")
        #expect(r.status == 0)
        #expect(r.stdout.contains(started))
        #expect(
            warning.isEmpty
                ? r.stderr.isEmpty : r.stderr.contains(warning) && r.stderr.split(separator: "\n").count == 1)
        let log = try JournalCodec.decode(Array(try #require(home.journalLines().first).utf8))
        #expect(log.tz == stamp)
    }

    @Test func badFocusNowIsAConfigurationError() throws {
        let home = try TempHome()
        let r = try FocusBinary.run(["status"], home: home.path, now: "yesterday")
        #expect(r.status == 78)
        #expect(r.stderr == "Error: FOCUS_NOW='yesterday' is not an RFC 3339 instant like 2026-11-29T18:00:00Z\n")
    }

    @Test(arguments: [
        (["start", "0"], "zero"), (["start", "25h"], "longer than 24 hours"), (["start", "abc"], "not a duration"),
        (["start", "-5"], "negative"), (["start", "--tga", "x"], "did you mean '--tag'"),
        (["start", "--cycles", "0"], "--cycles"),
        (["start", "25", "30"], "unexpected argument"), (["start", "--tag"], "needs a value"),
        (["break", "0s"], "zero"),
        (["status", "--jsn"], "did you mean '--json'"),
    ])
    func badInputExits64WithReasonAndUsage(_ args: [String], _ reason: String) throws {
        let home = try TempHome(device: nil)
        let r = try FocusBinary.run(args, home: home.path)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.contains(reason) == true)
        #expect(lines.last?.hasPrefix("Usage: focus \(args[0])") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test func unknownCommandSuggestsTheClosest() throws {
        let home = try TempHome()
        let r = try FocusBinary.run(["strat"], home: home.path)
        #expect(r.status == 64)
        #expect(r.stderr.contains("'strat' is not a focus command. Did you mean 'start'?"))
    }

    @Test func helpAndVersion() throws {
        let home = try TempHome()
        let overview = try FocusBinary.run(["--help"], home: home.path)
        #expect(
            overview.status == 0 && overview.stdout.contains("start") && overview.stdout.contains("status")
                && overview.stdout.contains("stop"))
        for args in [["help", "start"], ["start", "--help"], ["start", "-h"]] {
            let r = try FocusBinary.run(args, home: home.path)
            #expect(r.status == 0)
            #expect(r.stdout.contains("Usage: focus start [DURATION]") && r.stdout.contains("--long-break D"))
        }
        let version = try FocusBinary.run(["--version"], home: home.path)
        #expect(version.status == 0 && version.stdout.hasPrefix("focus "))
        #expect(try FocusBinary.run(["help", "nope"], home: home.path).status == 64)
    }

    @Test func idleStatusAndStop() throws {
        let home = try TempHome()
        #expect(try FocusBinary.run(["status"], home: home.path).stdout == "idle\n")
        #expect(try FocusBinary.run(["status", "--json"], home: home.path).stdout == "{\"state\":\"idle\"}\n")
        let stop = try FocusBinary.run(["stop"], home: home.path)
        #expect(stop.status == 1 && stop.stderr == "Error: no session is running\n")
    }

    @Test func secondStartIsRefusedAndStopEndsTheFirstFromAnotherProcess() throws {
        let home = try TempHome()
        let timer = try BackgroundFocus(["start", "10m", "--tag", "deep"], home: home.path)
        #expect(try eventually { try FocusBinary.run(["status"], home: home.path).stdout.hasPrefix("Focus") })
        let status = try FocusBinary.run(["status", "--json"], home: home.path)
        #expect(
            status.stdout.contains("\"state\":\"running\"") && status.stdout.contains("\"tag\":\"deep\"")
                && status.stdout.contains("\"planned\":600"))

        let second = try FocusBinary.run(["start", "5"], home: home.path)
        #expect(second.status == 75)
        #expect(second.stderr.hasPrefix("Error: a session is already running: a focus started at "))
        #expect(second.stderr.contains(" left"))

        let stop = try FocusBinary.run(["stop"], home: home.path)
        #expect(stop.status == 0)
        #expect(stop.stdout == "Stopped: under a minute of focus, so nothing was recorded.\n")
        let first = timer.finish()
        #expect(first.status == 0)
        #expect(first.stdout.contains("under a minute, so nothing was recorded"))
        #expect(home.journalLines().isEmpty)
        #expect(home.contents("state/running.json") == nil)
        #expect(try FocusBinary.run(["status"], home: home.path).stdout == "idle\n")
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func signalsStopWithTheirExitCodes(_ signal: Int32, _ code: Int32) throws {
        let home = try TempHome()
        let timer = try BackgroundFocus(["start", "10m"], home: home.path)
        #expect(try eventually { home.contents("state/running.json") != nil })
        kill(timer.pid, signal)
        let result = timer.finish()
        #expect(result.status == code)
        #expect(result.stdout.contains("nothing was recorded"))
        #expect(home.contents("state/running.json") == nil)
    }

    @Test func killedTimerIsRecoveredOnceByTheNextCommand() throws {
        let home = try TempHome()
        let timer = try BackgroundFocus(["start", "10m"], home: home.path)
        #expect(try eventually { home.contents("state/running.json") != nil })
        kill(timer.pid, SIGKILL)
        _ = timer.finish()
        let next = try FocusBinary.run(["status"], home: home.path)
        #expect(next.stdout == "idle\n")
        #expect(next.stderr.contains("ended without its timer"))
        #expect(home.contents("state/running.json") == nil)
        let again = try FocusBinary.run(["status"], home: home.path)
        #expect(again.stderr.isEmpty)
    }

    @Test func crashedSessionWithFocusIsRecordedAsInterruptedExactlyOnce() throws {
        let home = try TempHome()
        // What a timer killed 10 minutes into a 25-minute session on 2026-11-29 leaves behind.
        let state =
            #"{"cycle":1,"cycles":1,"counted":600,"id":"CRASHED-1","paused":false,"phase":"focus","pid":999999,"#
            + #""planned":1500,"startedAt":"2026-11-29T09:00:00Z","tag":"w","tz":"UTC","#
            + #""updatedAt":"2026-11-29T09:10:05Z"}"#
        try FileManager.default.createDirectory(atPath: home.path + "/state", withIntermediateDirectories: true)
        try state.write(toFile: home.path + "/state/running.json", atomically: false, encoding: .utf8)
        let first = try FocusBinary.run(["status"], home: home.path)
        #expect(first.stderr.contains("recorded 10m of focus as interrupted"))
        _ = try FocusBinary.run(["status"], home: home.path)
        let lines = home.journalLines()
        #expect(lines.count == 1)
        let log = try JournalCodec.decode(Array(lines[0].utf8))
        #expect(log.id == "CRASHED-1" && log.focused == 600 && !log.completed && log.tags.first == "w")
        #expect(UTCTimestamp.format(log.end) == "2026-11-29T09:10:05Z")
    }

    @Test func badJournalLinesAreReportedOnceAndLeftAlone() throws {
        let home = try TempHome()
        let good =
            #"{"id":"g","start":"2026-11-29T00:30:00Z","end":"2026-11-29T00:55:00Z","planned":1500,"focused":1500,"#
            + #""completed":true}"#
        try home.writeJournal([good, "garbage"], name: "other.jsonl")
        let before = home.contents("journal/other.jsonl")
        let r = try FocusBinary.run(["start", "1s"], home: home.path, now: "2026-11-29T01:00:00Z")
        #expect(r.status == 0)
        #expect(r.stderr == "focus: skipped \(home.path)/journal/other.jsonl:2: not a JSON object\n")
        #expect(r.stdout.contains("Today: 25m in 2 sessions"))
        #expect(home.contents("journal/other.jsonl") == before)
        let withSound = try FocusBinary.run(
            ["start", "1s", "--sound", "white"], home: home.path, now: "2026-11-29T01:00:00Z")
        #expect(withSound.stderr.components(separatedBy: "skipped").count == 2)
        let tags = try FocusBinary.run(["completions", "--tags"], home: home.path)
        #expect(tags.status == 0 && tags.stderr.isEmpty)
    }
}
