import FocusCore
import Foundation
import Testing

/// `focus dashboard` in a real terminal (tmux): every tab at 80×24 and 40×20, the numbers against `focus stats
/// --json`, a session run from it and stopped from elsewhere, sessions other processes record, resizing, and the
/// terminal given back on every way out.
@Suite(.serialized) struct DashboardEndToEndTests {
    /// 2026-11-29 09:00 in Shanghai.
    static let now = "2026-11-29T01:00:00Z"

    /// A script that prints a line on the shell's screen, records `stty -g` around the dashboard, then waits; the
    /// dashboard speaks `locale`, and plays no animation unless `motion`.
    static func script(
        _ home: TempHome, _ args: String = "dashboard", env: String = "", locale: String = "C.UTF-8",
        motion: Bool = false
    ) throws -> String {
        let path = home.path + "/run.sh"
        let text = """
            echo "SHELL SCREEN"
            stty -g > "\(home.path)/stty-before"
            \(env) FOCUS_HOME="\(home.path)" TZ=Asia/Shanghai FOCUS_NOW=\(now) LC_ALL=\(locale) \
            \(motion ? "" : "FOCUS_NO_ANIMATION=1") "\(FocusBinary.path)" \(args)
            status=$?
            stty -g > "\(home.path)/stty-after"
            echo "EXIT=$status"
            exec sleep 120
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return "sh " + path
    }

    /// A home with three sessions: two tagged `writing` and `写作` this week, one a month ago.
    static func seeded() throws -> TempHome {
        let home = try TempHome()
        let sessions = [("2026-11-28 10:00", "writing"), ("2026-11-29 08:00", "写作"), ("2026-10-20 09:00", "old")]
        for (start, tag) in sessions {
            let added = try FocusBinary.run(
                ["log", "add", "--start", start, "--duration", "25m", "--tag", tag], home: home.path,
                tz: "Asia/Shanghai", now: now)
            #expect(added.status == 0, "\(added.stderr)")
        }
        return home
    }

    /// The shell's screen is back as it was, with its cursor, and the keyboard's settings are those before the run.
    static func expectTerminalGivenBack(_ tmux: Tmux, _ home: TempHome) throws {
        #expect(try Self.text(tmux).contains("SHELL SCREEN"))
        #expect(try tmux.display("#{alternate_on}") == "0")
        #expect(try tmux.display("#{cursor_flag}") == "1")
        let before = try String(contentsOfFile: home.path + "/stty-before", encoding: .utf8)
        #expect(try String(contentsOfFile: home.path + "/stty-after", encoding: .utf8) == before)
    }

    func requireTmux() -> Bool {
        if Tmux.path == nil { Issue.record("tmux is needed for the dashboard tests (.ci/run installs it)") }
        return Tmux.path != nil
    }

    static func text(_ tmux: Tmux) throws -> String { try tmux.screen().joined(separator: "\n") }

    /// Each tab's key and a text only it shows.
    static let tabs: [(key: String, shows: String)] = [
        ("2", "Focused"), ("3", "Route"), ("4", "Passport ·"), ("5", "Level 1"), ("6", "History ·"),
        ("1", "No session is running"),
    ]

    @Test(arguments: [(80, 24), (40, 20)])
    func everyTabFitsAndQuitGivesTheTerminalBack(width: Int, height: Int) throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: width, height: height)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        #expect(try tmux.display("#{alternate_on}") == "1")
        #expect(try tmux.display("#{cursor_flag}") == "0")
        for tab in Self.tabs {
            try tmux.send(tab.key)
            let shown = try eventually { try Self.text(tmux).contains(tab.shows) }
            let screenText = try Self.text(tmux)
            #expect(shown, "tab \(tab.key): \(screenText)")
            let screen = try tmux.screen()
            #expect(screen.allSatisfy { $0.displayWidth <= width }, "\(screen)")
        }
        // The Log shows the Chinese tag whole, within the width (at 40 columns rows are cut before the tags).
        try tmux.send("6")
        if width >= 80 { #expect(try eventually { try Self.text(tmux).contains("#写作") }) }
        try tmux.send("?")
        #expect(try eventually { try Self.text(tmux).contains("Keys of the Log tab") })
        try tmux.send("q")
        try tmux.send("q")
        #expect(try eventually { try Self.text(tmux).contains("EXIT=0") })
        try Self.expectTerminalGivenBack(tmux, home)
    }

    @Test func everyRangeShowsWhatFocusStatsCounts() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        try tmux.send("2")
        for (index, range) in ["7d", "30d", "90d", "1y", "all"].enumerated() {
            if index > 0 { try tmux.send("r") }
            let json = try FocusBinary.run(
                ["stats", "--range", range, "--json"], home: home.path, tz: "Asia/Shanghai", now: Self.now)
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let seconds = try #require(object["focusedSeconds"] as? Int)
            let sessions = try #require(object["sessions"] as? Int)
            let from = try #require(object["from"] as? String)
            let focused = "Focused    \(LocalTime.duration(seconds)) in \(sessions) session\(sessions == 1 ? "" : "s")"
            let shown = try eventually { try Self.text(tmux).contains(focused) && Self.text(tmux).contains(from) }
            let screenText = try Self.text(tmux)
            #expect(shown, "\(range): \(focused) from \(from) in\n\(screenText)")
        }
        // The window of 7 days before the last 7, then only #writing.
        try tmux.send("r")
        try tmux.send("Left")
        #expect(try eventually { try Self.text(tmux).contains("2026-11-16 → 2026-11-22") })
        try tmux.send("Right")
        try tmux.send("t")
        #expect(try eventually { try Self.text(tmux).contains("Focused    25m in 1 session") })
    }

    @Test func aSessionRunsFromTheDashboardAndFocusStopEndsAnother() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        try tmux.send("s")
        #expect(try eventually { try Self.text(tmux).contains("Start a focus session") })
        try tmux.send("C-u")
        try tmux.type("2s")
        try tmux.send("Tab")
        try tmux.type("仪表盘")
        try tmux.send("Enter")
        #expect(try eventually { try Self.text(tmux).contains("Done: 2s focused #仪表盘") })
        let log = try FocusBinary.run(["log", "--json"], home: home.path, tz: "Asia/Shanghai", now: Self.now)
        #expect(log.stdout.contains("\"tag\":\"仪表盘\""))

        // A session of the default length, seen by `focus status` and stopped by `focus stop` elsewhere.
        try tmux.send("s")
        try tmux.send("Enter")
        #expect(try eventually { try Self.text(tmux).contains("ends 09:25") && Self.text(tmux).contains("x stop") })
        let status = try FocusBinary.run(["status"], home: home.path, tz: "Asia/Shanghai", now: Self.now)
        #expect(status.stdout.hasPrefix("Focus · "))
        let stop = try FocusBinary.run(["stop"], home: home.path, tz: "Asia/Shanghai", now: Self.now)
        #expect(stop.status == 0, "\(stop.stderr)")
        #expect(try eventually { try Self.text(tmux).contains("Stopped after") })
        #expect(try Self.text(tmux).contains("No session is running"))
        #expect(home.contents("state/running.json") == nil)
    }

    @Test func aSessionAnotherTerminalRunsShowsAndItsRecordAppears() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        try tmux.newWindow(
            "env FOCUS_HOME='\(home.path)' TZ=Asia/Shanghai FOCUS_NOW=\(Self.now) '\(FocusBinary.path)' start 3s "
                + "--tag 另一个; sleep 60")
        #expect(
            try eventually { try Self.text(tmux).contains("#另一个") && Self.text(tmux).contains("another terminal") })
        try tmux.send("6")
        #expect(try eventually { try Self.text(tmux).contains("3s  completed    #另一个") })
        #expect(try Self.text(tmux).contains("of 4"))
        // By hand, too: `focus log add` in another process.
        let added = try FocusBinary.run(
            ["log", "add", "--start", "2026-11-29 07:00", "--duration", "10m", "--tag", "byhand"], home: home.path,
            tz: "Asia/Shanghai", now: Self.now)
        #expect(added.status == 0)
        #expect(try eventually { try Self.text(tmux).contains("#byhand") && Self.text(tmux).contains("of 5") })
    }

    @Test func theLogEditsDeletesAndUndoesAfterAsking() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        func log() throws -> String {
            try FocusBinary.run(["log", "--json"], home: home.path, tz: "Asia/Shanghai", now: Self.now).stdout
        }
        try tmux.send("6")
        #expect(try eventually { try Self.text(tmux).contains("History · 1–3 of 3") })
        // The newest session (#写作) is selected: its tag becomes 校对.
        try tmux.send("e")
        #expect(try eventually { try Self.text(tmux).contains("Edit 2026-11-29 08:00–08:25 (25m) #写作") })
        try tmux.send("C-u")
        try tmux.type("校对")
        try tmux.send("Enter")
        #expect(try eventually { try Self.text(tmux).contains("Edited: 2026-11-29 08:00–08:25 (25m) #校对.") })
        #expect(try log().contains("\"tag\":\"校对\""))
        // Delete the one below, after saying no once.
        try tmux.send("j")
        try tmux.send("d")
        #expect(try eventually { try Self.text(tmux).contains("Delete 2026-11-28 10:00–10:25 (25m) #writing?") })
        try tmux.send("n")
        #expect(try eventually { try !Self.text(tmux).contains("Delete 2026-11-28") })
        #expect(try log().contains("writing"))
        try tmux.send("d")
        try tmux.send("y")
        #expect(try eventually { try Self.text(tmux).contains("History · 1–2 of 2") })
        #expect(try !log().contains("writing"))
        // Undo brings it back.
        try tmux.send("u")
        #expect(try eventually { try Self.text(tmux).contains("Undo a deletion, bringing back") })
        try tmux.send("y")
        #expect(try eventually { try Self.text(tmux).contains("History · 1–3 of 3") })
        #expect(try log().contains("writing"))
    }

    /// A session before the day-start is marked `*` in the Log tab as in `focus log`, and the heading says what the
    /// mark means (the table has no footnote there: every line is a row to select). Before, the `*` was unexplained.
    @Test func theLogSaysWhatTheDayBeforeMarkMeans() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        // 2026-11-29 01:30 in Shanghai, before a 04:00 day-start: it counts for the 28th.
        let added = try FocusBinary.run(
            ["log", "add", "--start", "2026-11-29 01:30", "--duration", "25m", "--tag", "深夜"], home: home.path,
            tz: "Asia/Shanghai", now: Self.now)
        #expect(added.status == 0, "\(added.stderr)")
        let set = try FocusBinary.run(["config", "set", "day-start", "04:00"], home: home.path, now: Self.now)
        #expect(set.status == 0, "\(set.stderr)")
        let tmux = try Tmux(command: try Self.script(home), width: 100, height: 24)
        try tmux.send("6")
        #expect(
            try eventually {
                try Self.text(tmux).contains(
                    "History · 1–4 of 4 · * counts for the day before: it began before your day-start")
            })
        #expect(try Self.text(tmux).contains("2026-11-29*  01:30–01:55"))
        try tmux.resize(width: 40, height: 20)
        #expect(
            try eventually {
                try Self.text(tmux).split(separator: "\n").contains {
                    $0.contains("History · 1–4 of 4 · * counts") && $0.contains("…")
                }
            })
    }

    @Test func resizingRefitsTheTab() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        try tmux.send("2")
        #expect(try eventually { try Self.text(tmux).contains("Per day") })
        try tmux.resize(width: 40, height: 20)
        #expect(
            try eventually {
                let screen = try tmux.screen()
                return screen.allSatisfy { $0.displayWidth <= 40 } && screen.first?.contains("2 Stats") == true
                    && screen.contains { $0.contains("Per day") }
            })
        try tmux.resize(width: 80, height: 24)
        #expect(try eventually { try tmux.screen().first?.contains("3 Expedition") == true })
    }

    /// The dashboard's process id: the one child of the pane's shell.
    static func pid(_ tmux: Tmux) throws -> Int32 {
        let shell = try tmux.display("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(Int32(children.split(separator: " ").first ?? ""))
    }

    /// CPU time `pid` has used, in clock ticks (user + system, `/proc/PID/stat` fields 14 and 15).
    static func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The fields after the command name, which is in parentheses and may hold spaces.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        return try #require(Int(fields[11])) + #require(Int(fields[12]))
    }

    /// Idle, with a session of another terminal counting down on the Timer tab, it wakes once a second and sleeps in
    /// `poll` otherwise: well under 1% of a core (30 ms of CPU in 3 s would be 1%).
    @Test func idleItUsesUnderOnePercentOfACore() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        let pid = try Self.pid(tmux)
        let ticksPerSecond = Int(sysconf(Int32(_SC_CLK_TCK)))
        for tab in ["2", "1"] {
            try tmux.send(tab)
            usleep(300_000)
            let before = try Self.cpuTicks(pid)
            usleep(3_000_000)
            let used = try Self.cpuTicks(pid) - before
            #expect(used * 100 < 3 * ticksPerSecond, "tab \(tab): \(used) ticks in 3 s")
        }
    }

    @Test(arguments: [("C-c", 130), ("TERM", 143), ("HUP", 129), ("SEGV", 139)])
    func signalsGiveTheTerminalBack(how: String, code: Int) throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        // Swift's backtracer would take its time to symbolicate the crash; the screen is given back before it runs.
        let env = how == "SEGV" ? "SWIFT_BACKTRACE=enable=no" : ""
        let tmux = try Tmux(command: try Self.script(home, env: env), width: 80, height: 24)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        if how.hasPrefix("C-") {
            try tmux.send(how)
        } else {
            // A crash (SIGSEGV) gives the screen back too, before the signal ends the process as it would have.
            kill(try Self.pid(tmux), ["TERM": SIGTERM, "HUP": SIGHUP, "SEGV": SIGSEGV][how]!)
        }
        #expect(try eventually { try Self.text(tmux).contains("EXIT=\(code)") })
        try Self.expectTerminalGivenBack(tmux, home)
    }

    @Test func ctrlZGivesTheScreenBackAndContinuingRedrawsIt() throws {
        guard requireTmux() else { return }
        let home = try Self.seeded()
        let tmux = try Tmux(command: try Self.script(home), width: 80, height: 24)
        #expect(try eventually { try Self.text(tmux).contains("No session is running") })
        let pid = try Self.pid(tmux)
        try tmux.send("2")
        try tmux.send("C-z")
        func state() throws -> String {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            return String(stat[stat.index(stat.lastIndex(of: ")")!, offsetBy: 2)])
        }
        #expect(try eventually { try state() == "T" && tmux.display("#{alternate_on}") == "0" })
        // `fg` continues it; the shell here has no job control, so SIGCONT is sent as `fg` would.
        kill(pid, SIGCONT)
        #expect(try eventually { try tmux.display("#{alternate_on}") == "1" && Self.text(tmux).contains("Focused") })
        try tmux.send("q")
        #expect(try eventually { try Self.text(tmux).contains("EXIT=0") })
        try Self.expectTerminalGivenBack(tmux, home)
    }

    /// One line, exit 64, with the output a pipe, a file or nothing at all, and the home left as it was.
    @Test(arguments: [["dashboard"], ["ui"]])
    func notATerminalIsAUsageErrorOnOneLine(_ arguments: [String]) throws {
        let home = try TempHome()
        let result = try FocusBinary.run(arguments, home: home.path)
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "Error: focus dashboard needs a terminal (stdin and stdout); use focus stats or focus log\n")
        #expect(result.stdout.isEmpty)
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: home.path).sorted() == ["state", "state/device.json"])
    }
}
