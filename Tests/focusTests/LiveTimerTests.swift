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
        let shell =
            #"python3 -c "import os, signal; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp('bash', ['bash', '--norc', '--noprofile', '-i'])""#
        let tmux = try Tmux(command: "env -i PATH=/usr/bin:/bin TERM=xterm " + shell)
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

    @Test func cyclesWaitForEnterBetweenPhases() throws {
        guard requireTmux() else { return }
        let home = try TempHome()
        let tmux = try Tmux(command: try Self.script(home, "start 1s --cycles 1 --break 1s"))
        #expect(try eventually { try tmux.screen().joined().contains("Next: Break 00:01") })
        let waiting = try FocusBinary.run(["status"], home: home.path, tz: "Asia/Shanghai")
        #expect(waiting.stdout.hasPrefix("Break · 00:01 left · paused"))
        #expect(try FocusBinary.run(["start", "1"], home: home.path).status == 75)
        try tmux.send("Enter")
        #expect(
            try eventually {
                try tmux.screen().joined().contains("Break over.") && tmux.screen().joined().contains("EXIT=0")
            })
        #expect(home.journalLines().count == 1)
    }
}
