import Foundation
import Testing

/// The live display in a real terminal (tmux): what a person sees and types.
@Suite(.serialized) struct LiveTimerTests {
    /// A shell script that records `stty -g` around one `focus` run, then waits so the screen can be read.
    static func script(_ home: TempHome, _ args: String) throws -> String {
        let path = home.path + "/run.sh"
        let text = """
            stty -g > "\(home.path)/stty-before"
            FOCUS_HOME="\(home.path)" TZ=Asia/Shanghai FOCUS_NOW=2026-11-29T01:00:00Z "\(FocusBinary.path)" \(args)
            status=$?
            stty -g > "\(home.path)/stty-after"
            echo "EXIT=$status"
            exec sleep 120
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return "sh " + path
    }

    func requireTmux() -> Bool {
        if Tmux.path == nil { Issue.record("tmux is needed for the live-display tests (.ci/run installs it)") }
        return Tmux.path != nil
    }

    @Test func liveDisplayPausesExtendsStopsAndRestoresTheTerminal() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let tmux = try Tmux(command: try Self.script(home, "start 2m --tag tmux"))
        func shows(_ text: String) throws -> Bool { try tmux.screen().joined(separator: "\n").contains(text) }

        #expect(try eventually { try shows("Focus · #tmux") && shows("ends 09:02") })
        let screen = try tmux.screen()
        let bar = try #require(screen.first { $0.contains("░") })
        #expect(bar.contains("02:00") || bar.contains("01:59") || bar.contains("01:58"))
        #expect(screen.allSatisfy { $0.count <= 79 })
        #expect(try tmux.display("#{cursor_flag}") == "0")

        try tmux.send("Space")
        #expect(try eventually { try shows("Focus · paused") && shows("space resume") })
        try tmux.send("p")
        #expect(try eventually { try shows("space pause") })
        try tmux.send("+")
        #expect(
            try eventually {
                try tmux.screen().contains { $0.contains("░") && ($0.contains(" 06:5") || $0.contains(" 06:4")) }
            })

        try tmux.resize(width: 50)
        #expect(try eventually { try tmux.screen().contains { $0.contains("░") && $0.count <= 49 && $0.count >= 45 } })

        try tmux.send("q")
        #expect(try eventually { try shows("EXIT=0") })
        #expect(try shows("Stopped after"))
        #expect(try tmux.display("#{cursor_flag}") == "1")
        let before = try String(contentsOfFile: home.path + "/stty-before", encoding: .utf8)
        let after = try String(contentsOfFile: home.path + "/stty-after", encoding: .utf8)
        #expect(!before.isEmpty && before == after)
        #expect(home.contents("state/running.json") == nil)
    }

    @Test func ctrlCStopsWithStatus130AndRestoresTheTerminal() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let tmux = try Tmux(command: try Self.script(home, "start 5m"))
        #expect(try eventually { try tmux.screen().joined().contains("ends 09:05") })
        try tmux.send("C-c")
        #expect(try eventually { try tmux.screen().joined().contains("EXIT=130") })
        let before = try String(contentsOfFile: home.path + "/stty-before", encoding: .utf8)
        let after = try String(contentsOfFile: home.path + "/stty-after", encoding: .utf8)
        #expect(before == after)
    }

    @Test func stopBetweenPhasesEndsTheCycles() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let tmux = try Tmux(command: try Self.script(home, "start 1s --cycles 2 --break 1s"))
        #expect(try eventually { try tmux.screen().joined().contains("Next: Break 00:01") })
        let stop = try FocusBinary.run(["stop"], home: home.path)
        #expect(stop.status == 0)
        #expect(try eventually { try tmux.screen().joined().contains("EXIT=0") })
        #expect(home.contents("state/running.json") == nil)
        #expect(home.journalLines().count == 1)
    }

    @Test func aBackgroundJobLeavesTheTerminalAlone() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        // The test runner starts children with signals blocked; a real shell has SIGTTOU live.
        let tmux = try Tmux(command: "env -i PATH=/usr/bin:/bin TERM=xterm " + Self.interactiveBash)
        #expect(try eventually { try !tmux.screen().joined().trimmingCharacters(in: .whitespaces).isEmpty })
        try tmux.send("FOCUS_HOME='\(home.path)' '\(FocusBinary.path)' start 2s > '\(home.path)/out' 2>&1 &", "Enter")
        #expect(
            try eventually {
                (home.contents("out").map { String(decoding: $0, as: UTF8.self) } ?? "").contains("Done: 2s focused.")
            })
        let out = String(decoding: home.contents("out") ?? Data(), as: UTF8.self)
        #expect(!out.contains("\u{1B}"))
        #expect(try !tmux.screen().joined().contains("Stopped"))
    }

    /// Ctrl-Z in a shell with job control: the terminal comes back, `focus status` says paused and the
    /// count stands still while the job is stopped; `fg` redraws and counts on from where it stopped.
    @Test func ctrlZSuspendsAndFgResumesWithoutCountingTheStop() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let tmux = try Tmux(command: "env -i PATH=/usr/bin:/bin TERM=xterm " + Self.interactiveBash, height: 20)
        func shows(_ text: String) throws -> Bool { try tmux.screen().joined(separator: "\n").contains(text) }
        func elapsed() throws -> Int {
            let json = try FocusBinary.run(["status", "--json"], home: home.path).stdout
            let field = json.components(separatedBy: "\"elapsed\":").last?.prefix { $0.isNumber } ?? ""
            return Int(field) ?? -1
        }
        #expect(try eventually { try !tmux.screen().joined().trimmingCharacters(in: .whitespaces).isEmpty })
        let began = Date()
        try tmux.send("FOCUS_HOME='\(home.path)' '\(FocusBinary.path)' start 10m", "Enter")
        #expect(try eventually { try shows("space pause · + 5 min · q stop") })
        #expect(try eventually { try elapsed() >= 1 })
        try tmux.send("C-z")
        #expect(try eventually { try shows("Stopped") && !shows("space pause") })
        #expect(try tmux.display("#{cursor_flag}") == "1", "the cursor is back for the shell")
        let status = try FocusBinary.run(["status"], home: home.path)
        #expect(status.stdout.hasPrefix("Focus · ") && status.stdout.contains(" · paused · "), "\(status.stdout)")
        let stoppedAt = try elapsed()
        let stopBegan = Date()
        sleep(3)
        #expect(try elapsed() == stoppedAt, "time stopped is not focus")
        try tmux.send("fg", "Enter")
        #expect(try eventually { try shows("space pause · + 5 min · q stop") })
        let stopped = Date().timeIntervalSince(stopBegan)
        #expect(try eventually { try elapsed() > stoppedAt })
        #expect(!(try FocusBinary.run(["status"], home: home.path).stdout.contains("paused")))
        try tmux.send("q")
        #expect(try eventually { try shows("Stopped after") })
        let total = Date().timeIntervalSince(began)
        let line = try #require(try tmux.screen().first { $0.contains("Stopped after") })
        let counted = Int(line.components(separatedBy: "Stopped after ").last?.prefix { $0.isNumber } ?? "") ?? -1
        #expect(
            counted >= stoppedAt && Double(counted) <= total - stopped + 1, "\(line): \(total)s, \(stopped)s stopped")
        #expect(home.contents("state/running.json") == nil)
    }

    /// An interactive bash with job control; the test runner starts children with signals blocked, a real shell has
    /// them live.
    static let interactiveBash =
        #"python3 -c "import os, signal; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp('bash', ['bash', "#
        + #"'--norc', '--noprofile', '-i'])""#

    @Test func cyclesWaitForEnterBetweenPhasesAndEndAfterTheLastFocus() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let tmux = try Tmux(command: try Self.script(home, "start 1s --cycles 2 --break 1s"), height: 30)
        func shows(_ text: String) throws -> Bool { try tmux.screen().joined(separator: "\n").contains(text) }
        #expect(try eventually { try shows("Next: Break 00:01 · Enter to start · q to finish") })
        let waiting = try FocusBinary.run(["status"], home: home.path, tz: "Asia/Shanghai")
        #expect(waiting.stdout == "Break · 00:01 left · waiting for Enter\n", "\(waiting.stdout)")
        let json = try FocusBinary.run(["status", "--json"], home: home.path)
        #expect(json.stdout.contains("\"state\":\"waiting\"") && json.stdout.contains("\"paused\":false"))
        #expect(try FocusBinary.run(["start", "1"], home: home.path).status == 75)
        try tmux.send("Enter")
        #expect(try eventually { try shows("Break over.") && shows("Next: Focus 00:01") })
        try tmux.send("Enter")
        #expect(try eventually { try shows("EXIT=0") })
        let screen = try tmux.screen().joined(separator: "\n")
        #expect(screen.contains("All 2 cycles done: 2s focused."), "\(screen)")
        // No break after the last focus: the run ends with its summary.
        let afterLastFocus = screen.components(separatedBy: "Break over.").last ?? ""
        #expect(!afterLastFocus.contains("Break"), "\(screen)")
        #expect(home.journalLines().count == 2)
        #expect(home.contents("state/running.json") == nil)
    }
}
