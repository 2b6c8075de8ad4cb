import FocusCore
import Foundation
import Testing

/// The running session on the built binary: suspend and continue, the end of cycles, what a
/// stale session does (and does not do) to the next command, and the notifier's children.
@Suite(.serialized) struct SessionLifecycleEndToEndTests {
    /// What a timer killed 10 minutes into a 25-minute session leaves behind.
    static let staleState =
        #"{"cycle":1,"cycles":1,"counted":600,"id":"CRASHED-1","paused":false,"phase":"focus","pid":999999,"#
        + #""planned":1500,"startedAt":"2026-11-29T09:00:00Z","tag":"w","tz":"UTC","updatedAt":"2026-11-29T09:10:0"#
        + #"5Z"}"#

    /// The state letter of process `pid` in `/proc` (`T` when stopped), or `nil` once it is gone.
    static func processState(_ pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(close, offsetBy: 2)]
    }

    /// Children of `pid` that have exited and were never waited for.
    static func zombies(of pid: pid_t) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard let child = pid_t(entry), processState(child) == "Z",
                let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid
        }
    }

    /// `elapsed` of `focus status --json`, and its `state`.
    static func status(_ home: TempHome) throws -> (state: String, elapsed: Int?) {
        let json = try FocusBinary.run(["status", "--json"], home: home.path).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (object?["state"] as? String ?? "", object?["elapsed"] as? Int)
    }

    @Test func quietCommandsNeverRecoverPrintOrRunHooks() throws {
        let home = try TempHome()
        try Self.staleState.write(toFile: home.path + "/state/running.json", atomically: false, encoding: .utf8)
        try IntegrationsEndToEndTests.hook(home, "on-stop", "touch \"\(home.path)/hook-ran\"; sleep 3")
        let quiet: [[String]] = [
            ["completions", "--tags"], ["completions", "--sounds"], ["completions", "bash"],
            ["status", "--format", "{state} {remaining}"],
            ["status", "--format", "{state}", "--idle", "idle"], ["--version"], ["help", "status"], ["stop", "--help"],
        ]
        for args in quiet {
            // A zone focus cannot follow would earn a warning; a prompt must not get it.
            let r = try FocusBinary.run(args, home: home.path, tz: "CET-1CEST")
            #expect(r.status == 0 && r.stderr.isEmpty, "\(args): \(r.stderr)")
            #expect(home.contents("state/running.json") != nil && home.journalLines().isEmpty, "\(args) recovered")
            #expect(home.contents("hook-ran") == nil, "\(args) ran the hook")
        }
        #expect(
            try FocusBinary.run(["status", "--format", "{state}", "--idle", "idle"], home: home.path).stdout == "idle\n"
        )
        let status = try FocusBinary.run(["status"], home: home.path)
        #expect(status.stdout == "idle\n" && status.stderr.contains("recorded 10m of focus as interrupted"))
        #expect(home.contents("hook-ran") != nil && home.journalLines().count == 1)
    }

    /// A dead timer's session the journal cannot take when the next `focus start` runs: it is printed,
    /// ready to add back, before the new session replaces its state; never silently lost.
    @Test func startNeverReplacesAPendingSessionItCannotRecord() throws {
        let home = try TempHome()
        try Self.staleState.write(toFile: home.path + "/state/running.json", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: home.journalFile, withIntermediateDirectories: true)
        let r = try FocusBinary.run(["start", "1s"], home: home.path)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(r.stderr)")
        #expect(
            lines.first?.hasPrefix(
                "focus: the session started 2026-11-29 09:00 ended without its timer and cannot be recorded: cannot "
                    + "open "
            )
                == true, "\(r.stderr)")
        #expect(
            lines.first?.hasSuffix("add it back with: focus log add --start '2026-11-29 09:00' --duration 10m --tag w")
                == true, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Focus 00:01"), "the new session still runs")
        #expect(r.status == 73 && lines.last?.contains("The session was NOT recorded") == true, "its own, too")
        #expect(home.contents("state/running.json") == nil)
    }

    @Test func cyclesEndAfterTheLastFocusWithASummaryOfTheRun() throws {
        let home = try TempHome()
        let r = try FocusBinary.run(
            ["start", "1s", "--cycles", "2", "--break", "1s"], home: home.path, now: "2026-11-29T01:00:00Z")
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("Focus 00:01 · cycle ") }.count == 2)
        #expect(lines.filter { $0.hasPrefix("Break") }.count == 2, "one break, between the two: \(lines)")
        #expect(lines.last == "All 2 cycles done: 2s focused.", "\(lines)")
        #expect(home.journalLines().count == 2 && home.contents("state/running.json") == nil)
    }

    /// SIGTSTP (what Ctrl-Z sends when the terminal is not in raw mode): the timer stops, reads as
    /// paused, counts nothing until SIGCONT, and `focus stop` still ends it while it is stopped.
    @Test func sigtstpPausesUntilSigcontAndStopStillEndsIt() throws {
        let home = try TempHome()
        let timer = try BackgroundFocus(["start", "10m"], home: home.path)
        #expect(try eventually { try Self.status(home).state == "running" })
        usleep(1_200_000)
        kill(timer.pid, SIGTSTP)
        #expect(eventually { Self.processState(timer.pid) == "T" })
        let stopped = try Self.status(home)
        #expect(stopped.state == "paused" && (stopped.elapsed ?? 0) >= 1, "\(stopped)")
        sleep(2)
        #expect(try Self.status(home).elapsed == stopped.elapsed, "time stopped is not focus")
        kill(timer.pid, SIGCONT)
        #expect(try eventually { try Self.status(home).state == "running" })
        #expect(try eventually { (try Self.status(home).elapsed ?? 0) > (stopped.elapsed ?? 0) })
        kill(timer.pid, SIGTSTP)
        #expect(eventually { Self.processState(timer.pid) == "T" })
        let stop = try FocusBinary.run(["stop"], home: home.path)
        #expect(stop.status == 0 && stop.stdout == "Stopped: under a minute of focus, so nothing was recorded.\n")
        let result = timer.finish()
        #expect(result.status == 0 && result.stdout.contains("nothing was recorded"), "\(result.stderr)")
        #expect(home.contents("state/running.json") == nil)
    }

    /// `notify-send` outliving its grace period is reaped while the timer runs, not left a zombie.
    @Test func notificationsLeaveNoZombies() throws {
        let home = try TempHome()
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nsleep 0.5\necho \"$2\" >> \"$FOCUS_HOME/notified\"\n".write(
            toFile: bin + "/notify-send", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/notify-send")
        let timer = try BackgroundFocus(
            ["start", "1s", "--cycles", "2", "--break", "30s"], home: home.path, env: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(eventually { home.contents("notified") != nil })
        #expect(eventually(timeout: 5) { Self.zombies(of: timer.pid).isEmpty })
        #expect(timer.isRunning, "still in its break")
        kill(timer.pid, SIGTERM)
        #expect(timer.finish().status == 143)
    }
}
