import FocusCore
import Foundation
import Testing

/// Hooks, `status --format`, completion scripts and the man page on the built binary.
@Suite(.serialized) struct IntegrationsEndToEndTests {
    static func hook(_ home: TempHome, _ name: String, _ body: String) throws {
        let dir = home.path + "/hooks"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try ("#!/bin/sh\n" + body + "\n").write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/" + name)
    }

    @Test func hooksGetTheirVariablesAfterTheSessionIsRecorded() throws {
        let home = try TempHome()
        let save =
            #"{ env | grep '^FOCUS_' | sort; cat "$FOCUS_HOME"/journal/*.jsonl 2>/dev/null | wc -l; } > "#
            + #""$FOCUS_HOME/$FOCUS_EVENT.env""#
        try Self.hook(home, "on-start", save)
        try Self.hook(home, "on-complete", save)
        let r = try FocusBinary.run(["start", "1s", "--tag", "deep"], home: home.path, now: "2026-11-29T09:00:00Z")
        #expect(r.status == 0 && r.stderr.isEmpty)
        let start = String(decoding: home.contents("start.env") ?? Data(), as: UTF8.self)
        let complete = String(decoding: home.contents("complete.env") ?? Data(), as: UTF8.self)
        let id = try JournalCodec.decode(Array(home.journalLines()[0].utf8)).id
        for expected in [
            "FOCUS_EVENT=start", "FOCUS_ID=\(id)", "FOCUS_TAG=deep", "FOCUS_PLANNED=1", "FOCUS_FOCUSED=0",
            "FOCUS_REMAINING=1", "FOCUS_STARTED=2026-11-29T09:00:00Z",
        ] {
            #expect(start.contains(expected + "\n"))
        }
        #expect(start.hasSuffix("\n0\n"))
        for expected in [
            "FOCUS_EVENT=complete", "FOCUS_ID=\(id)", "FOCUS_FOCUSED=1", "FOCUS_REMAINING=0", "FOCUS_COMPLETED=true",
            "FOCUS_RECORDED=true",
        ] {
            #expect(complete.contains(expected + "\n"))
        }
        #expect(complete.hasSuffix("\n1\n"), "the session is in the journal before on-complete runs")
    }

    @Test func aFailingAndAHangingHookAreReportedAndTheSessionIsStillRecorded() throws {
        let home = try TempHome()
        try Self.hook(home, "on-start", "echo starting >&2; exit 3")
        try Self.hook(home, "on-complete", "sleep 30")
        let began = Date()
        let r = try FocusBinary.run(["start", "1s"], home: home.path, env: ["FOCUS_HOOK_TIMEOUT": "0.5"])
        #expect(Date().timeIntervalSince(began) < 5)
        #expect(r.status == 0)
        #expect(r.stderr.contains("starting\n"))
        #expect(r.stderr.contains("focus: hook on-start failed with exit status 3\n"))
        #expect(r.stderr.contains("focus: hook on-complete took longer than 1s and was stopped\n"))
        #expect(r.stdout.contains("Done: 1s focused."))
        #expect(home.journalLines().count == 1)
    }

    @Test func aHookThatIsNotExecutableIsReported() throws {
        let home = try TempHome()
        try Self.hook(home, "on-break", "exit 0")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: home.path + "/hooks/on-break")
        let r = try FocusBinary.run(["break", "1s"], home: home.path)
        #expect(r.status == 0)
        #expect(r.stderr.contains("focus: hook on-break is not executable (chmod +x "))
    }

    @Test func stopRunsOnStopWithoutWaitingForIt() throws {
        let home = try TempHome()
        try Self.hook(home, "on-stop", "sleep 30")
        let timer = try BackgroundFocus(["start", "10m"], home: home.path)
        #expect(try eventually { try FocusBinary.run(["status"], home: home.path).stdout != "idle\n" })
        let began = Date()
        #expect(try FocusBinary.run(["stop"], home: home.path).status == 0)
        #expect(Date().timeIntervalSince(began) < 3)
        kill(timer.pid, SIGKILL)
    }

    @Test func aCrashedSessionRunsOnStopWhenItIsRecovered() throws {
        let home = try TempHome()
        try Self.hook(home, "on-stop", #"env | grep '^FOCUS_' | sort > "$FOCUS_HOME/stop.env""#)
        // What a timer killed 10 minutes into a 25-minute session leaves behind.
        let state =
            #"{"cycle":1,"cycles":1,"counted":600,"id":"CRASHED-2","paused":false,"phase":"focus","pid":999999,"#
            + #""planned":1500,"startedAt":"2026-11-29T09:00:00Z","tag":"w","tz":"UTC","#
            + #""updatedAt":"2026-11-29T09:10:05Z"}"#
        try FileManager.default.createDirectory(atPath: home.path + "/state", withIntermediateDirectories: true)
        try state.write(toFile: home.path + "/state/running.json", atomically: false, encoding: .utf8)
        let result = try FocusBinary.run(["status"], home: home.path)
        #expect(result.stdout == "idle\n")
        let env = String(decoding: home.contents("stop.env") ?? Data(), as: UTF8.self)
        #expect(
            env.contains("FOCUS_EVENT=stop") && env.contains("FOCUS_ID=CRASHED-2") && env.contains("FOCUS_FOCUSED=600")
                && env.contains("FOCUS_RECORDED=true"))
    }

    @Test func statusFormatForPromptsIdleAndRunning() throws {
        let home = try TempHome()
        #expect(try FocusBinary.run(["status", "--format", "{remaining} {tag}"], home: home.path).stdout == "\n")
        #expect(
            try FocusBinary.run(["status", "--format", "{remaining}", "--idle", "{state}"], home: home.path).stdout
                == "idle\n")
        let bad = try FocusBinary.run(["status", "--format", "{remain}"], home: home.path)
        #expect(bad.status == 64 && bad.stderr.contains("unknown placeholder {remain}"))
        #expect(try FocusBinary.run(["status", "--idle", "x"], home: home.path).status == 64)
        #expect(try FocusBinary.run(["status", "--json", "--format", "x"], home: home.path).status == 64)
        let timer = try BackgroundFocus(["start", "10m", "--tag", "deep"], home: home.path)
        #expect(try eventually { try FocusBinary.run(["status"], home: home.path).stdout != "idle\n" })
        let line = try FocusBinary.run(["status", "--format", "{state} {phase} {planned} #{tag}"], home: home.path)
        #expect(line.stdout == "running focus 10:00 #deep\n")
        try FocusBinary.run(["stop"], home: home.path)
        _ = timer.finish()
    }

    // MARK: Completions and man page

    static func script(_ shell: String, home: TempHome) throws -> String {
        let r = try FocusBinary.run(["completions", shell], home: home.path)
        #expect(r.status == 0 && r.stderr.isEmpty)
        return r.stdout
    }

    static func commandNames(home: TempHome) throws -> [String] {
        let overview = try FocusBinary.run(["--help"], home: home.path).stdout
        let section = overview.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
        return section.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
    }

    static func syntaxCheck(_ shell: String, _ script: String, home: TempHome) throws -> RunResult? {
        let path = ["/usr/bin/" + shell, "/bin/" + shell].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("\(shell) is missing on CI; .ci/run installs it")
            }
            return nil
        }
        let file = home.path + "/completion." + shell
        try script.write(toFile: file, atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = ["-n", file]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return RunResult(stdout: "", stderr: text, status: p.terminationStatus)
    }

    @Test(arguments: ["bash", "zsh"])
    func completionScriptsParseAndNameEveryCommand(_ shell: String) throws {
        let home = try TempHome()
        let script = try Self.script(shell, home: home)
        let names = try Self.commandNames(home: home)
        #expect(names.contains("config") && names.contains("completions") && names.contains("help"))
        for name in names { #expect(script.contains(name), "\(shell) script lacks \(name)") }
        #expect(!script.contains("man-page"))
        if let check = try Self.syntaxCheck(shell, script, home: home) {
            #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
        }
    }

    @Test func fishScriptNamesEveryCommand() throws {
        let home = try TempHome()
        if let fish = Shells.path("fish") {
            let file = try Shells.script("fish", home: home)
            #expect(try Shells.run(fish, ["--no-execute", file], home: home).status == 0)
        }
        guard let offered = try Shells.fishCandidates(["focus "], home: home)?.first else { return }
        #expect(Set(offered) == Set(try Self.commandNames(home: home)))
    }

    @Test(arguments: [
        ("focus conf", "[config] "),
        ("focus stats --ra", "[--range] "),
        (
            "focus stats --range ",
            "[today] [yesterday] [week] [last-week] [month] [last-month] [year] [last-year] [7d] [30d] [90d] [1y] "
                + "[all] "
        ),
        ("focus stats --range la", "[last-week] [last-month] [last-year] "),
        ("focus config s", "[set] "),
        ("focus config set da", "[daily-goal-minutes] [day-start] "),
        ("focus config set w", "[week-start] "),
        // Quoted as bash reads it back: a tag with a space is one word on the command line.
        ("focus start --tag ", "[deep\\ work] [thesis] "),
        ("focus start --tag x --no", "[--note] "),
        ("focus completions z", "[zsh] "),
    ])
    func bashCompletesCommandsOptionsValuesAndTags(_ line: String, _ expected: String) throws {
        let home = try TempHome()
        try home.writeJournal([
            #"{"id":"a","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"thesis"}"#,
            #"{"id":"b","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"deep work"}"#,
        ])
        guard let replies = try Shells.bashReplies([line], home: home)?.first else { return }
        #expect(replies.map { "[\($0)] " }.joined() == expected)
    }

    @Test func completionsListTagsMostRecentFirstAndRefuseUnknownShells() throws {
        let home = try TempHome()
        try home.writeJournal([
            #"{"id":"a","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"b"}"#,
            #"{"id":"b","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"a"}"#,
            #"{"id":"c","start":"2026-11-27T09:00:00Z","end":"2026-11-27T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"a"}"#,
        ])
        #expect(try FocusBinary.run(["completions", "--tags"], home: home.path).stdout == "a\nb\n")
        #expect(try FocusBinary.run(["completions", "tcsh"], home: home.path).status == 64)
        #expect(try FocusBinary.run(["completions"], home: home.path).status == 64)
    }

    @Test func theManPageCoversEveryCommandAndIsCleanRoff() throws {
        let home = try TempHome()
        let r = try FocusBinary.run(["man-page"], home: home.path)
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix(".TH FOCUS 1 "))
        for name in try Self.commandNames(home: home) {
            #expect(r.stdout.contains(".SS focus \(name)"), "man page lacks \(name)")
        }
        for key in FocusConfig.Key.allCases {
            #expect(r.stdout.contains(".B \(key.rawValue.replacingOccurrences(of: "-", with: "\\-"))\n"))
        }
        for variable in Hook.variables + ["FOCUS_HOOK_TIMEOUT"] { #expect(r.stdout.contains(variable)) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
        let file = home.path + "/focus.1"
        try r.stdout.write(toFile: file, atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        p.arguments = ["-man", "-Tutf8", "-ww", "-z", file]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let warnings = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0 && warnings.isEmpty, "groff: \(warnings)")
    }
}
