import FocusCore
import Foundation
import Testing

/// Long work on a big journal shows its progress on a terminal's stderr (a count, a rate, the time left) and erases
/// it when done; a pipe or a file gets nothing of it.
@Suite(.serialized) struct ProgressEndToEndTests {
    /// A home whose journal holds `count` sessions, half an hour apart.
    static func bigHome(_ count: Int = 200_000) throws -> TempHome {
        let home = try TempHome()
        let first = UTCTimestamp.parse("2000-01-01T00:00:00Z")!
        let logs = (0..<count).map { i in
            let start = first.addingTimeInterval(Double(i * 1800))
            return FocusLog(
                id: String(format: "%08x-progress", i), start: start, end: start.addingTimeInterval(1500),
                planned: 1500, focused: 1500, completed: true, tags: ["t\(i % 7)"])
        }
        try FileManager.default.createDirectory(atPath: home.path + "/journal", withIntermediateDirectories: true)
        try Data(JournalCodec.encodeLines(logs).utf8).write(to: URL(fileURLWithPath: home.journalFile))
        return home
    }

    /// `focus ARGS` on a terminal (tmux), its stdout to `out` so that the screen shows only stderr.
    static func onTerminal(_ home: TempHome, _ args: String, out: String) throws -> Tmux {
        let path = home.path + "/run.sh"
        try """
        FOCUS_HOME="\(home.path)" TZ=UTC FOCUS_NOW=2026-11-29T18:00:00Z "\(FocusBinary.path)" \(args) > "\(out)"
        echo "EXIT=$?"
        exec sleep 120
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return try Tmux(command: "sh " + path, width: 100, height: 10)
    }

    /// Whether `screen` shows the meter: `Reading the journal: 41000 (98000 a second), 2 s left`.
    static func showsMeter(_ screen: String) -> Bool {
        let titles = [
            "Reading the journal", "Going through the sessions", "Reading the records to import",
            "Rebuilding the derived files: reading the journal",
            "Rebuilding the derived files: going through the sessions",
        ]
        return titles.contains { title in
            (try? Regex(title + #": \d+ \(\d+ a second\), \d+ s left"#)).map { screen.contains($0) } ?? false
        }
    }

    /// `FILE` stands for a file the command writes, `JOURNAL` for the home's journal file.
    @Test(arguments: [
        (command: "doctor", file: false),
        (command: "export --format jsonl --out FILE", file: true),
        (command: "import JOURNAL --from jsonl", file: false),
        // No derived files yet: the first command that reads them rebuilds them from the whole journal.
        (command: "stats", file: false),
        (command: "log", file: false),
    ])
    func longWorkShowsProgressOnATerminalOnly(_ command: String, _ file: Bool) throws {
        guard Tmux.path != nil else {
            Issue.record("tmux is needed for the progress tests (.ci/run installs it)")
            return
        }
        let home = try Self.bigHome()
        let exported = home.path + "/export.jsonl"
        let args = command.replacingOccurrences(of: "FILE", with: exported).replacingOccurrences(
            of: "JOURNAL", with: home.journalFile)
        let tmux = try Self.onTerminal(home, args, out: home.path + "/stdout")
        var seen = false
        let done = try eventually(timeout: 120) {
            let screen = try tmux.screen().joined(separator: "\n")
            if Self.showsMeter(screen) { seen = true }
            return screen.contains("EXIT=")
        }
        #expect(done && seen)
        // Once done, the line is gone: the screen holds what the command said and nothing else.
        let screen = try tmux.screen().filter { !$0.isEmpty }
        #expect(!Self.showsMeter(screen.joined()))
        #expect(screen.first == (file ? "Exported 200000 sessions to \(exported)." : "EXIT=0"))

        // Piped, the same command writes no progress at all: stderr holds its one report line, or nothing.
        let piped = try FocusBinary.run(
            args.split(separator: " ").map(String.init), home: home.path, now: "2026-11-29T18:00:00Z")
        #expect(piped.status == 0)
        #expect(piped.stderr == (file ? "Exported 200000 sessions to \(exported).\n" : ""))
        let onTerminal = try String(contentsOfFile: home.path + "/stdout", encoding: .utf8)
        #expect(onTerminal == piped.stdout)
    }

    /// A rebuild beside JSON, or under a shell's completion, draws nothing on the terminal: stderr stays empty.
    @Test(arguments: ["stats --json", "log --json", "completions --tags"])
    func aRebuildForAMachineDrawsNothing(_ command: String) throws {
        guard Tmux.path != nil else {
            Issue.record("tmux is needed for the progress tests (.ci/run installs it)")
            return
        }
        let home = try Self.bigHome()
        let tmux = try Self.onTerminal(home, command, out: home.path + "/stdout")
        var seen = false
        let done = try eventually(timeout: 120) {
            let screen = try tmux.screen().joined(separator: "\n")
            if Self.showsMeter(screen) || screen.contains("Rebuilding") { seen = true }
            return screen.contains("EXIT=")
        }
        #expect(done && !seen)
        #expect(try tmux.screen().filter { !$0.isEmpty } == ["EXIT=0"])
        #expect(FileManager.default.fileExists(atPath: home.path + "/state/cache/stats-cache.bin"))
    }
}
