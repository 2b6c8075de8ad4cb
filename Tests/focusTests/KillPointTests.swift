import FocusCore
import Foundation
import Testing

/// A SIGKILL at every system call that changes a file, for each command that writes: strace kills the command at
/// the Nth call of a syscall (`-e inject=SYSCALL:signal=KILL:when=N`), for N = 1, 2, … until the command runs to
/// its end, for each syscall in ``syscalls``, each time from the same home (``Template``).
///
/// After every kill point: every journal line reads or is a record the kill cut short (never a saved one); no
/// record that was there is gone and none is doubled; what the command added is all of it or none of it (an
/// import of several sessions, the undo of an import), and all of it when it had said so; `focus doctor` passes;
/// and the derived files give what a rebuild gives (`stats --json` and `expedition --json` before and after
/// deleting them). A file of the user's that `--out` replaces holds its old bytes or all of the new ones.
///
/// `cancel` is not here: it needs a live timer, which a copied home cannot carry; its only change is the unlink of
/// the running state, which is done or not done.
///
/// `make test` kills at the calls that write (``syscalls``); `make torture` at every `openat` and `close` too.
/// strace kills as a call begins, so a write is done or not done; a kill in the middle of one (a torn line) is
/// what the random kills of ``TortureTests`` and the torn-tail tests cover. Before issue 13 this failed at every
/// point of `log edit` and `log delete` (doctor reported the lagging checkpoint) and of `undo` (an import was
/// taken back one session at a time).
@Suite(.serialized) struct KillPointTests {
    static let now = BadInputTests.now
    /// When the checks run: an hour later, so the session a `start` recorded does not end in their future.
    static let later = "2026-11-29T19:00:00Z"

    /// The calls that change what is on disk, and in `make torture` every open and close as well.
    static let syscalls: [String] =
        ["write", "fsync", "rename", "link", "unlink", "ftruncate", "mkdir", "fchmod", "flock"]
        + (TortureScale.full ? ["openat", "close"] : [])

    /// A command that writes, and what it may add.
    struct Scenario: CustomTestStringConvertible, Sendable {
        let name: String
        let args: [String]
        /// Sessions and change records it adds when it completes (it adds these or nothing).
        let sessions: Int
        let changes: Int
        /// What its stdout says once it has written (then everything must be there).
        let reported: String
        /// A file of the user's it replaces (in the home, holding ``Template/oldOut`` before): after any kill it
        /// holds the old bytes or all of the new ones, and a file left beside it is only focus's own temp file.
        var out: String? = nil
        /// Commands that set the home up for it first (not killed).
        var prepare: [[String]] = []
        var testDescription: String { name }
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "log add", args: ["log", "add", "--start", "2026-11-29 12:00", "--duration", "25m", "--tag", "k"],
            sessions: 1, changes: 0, reported: "Added "),
        Scenario(
            name: "log edit", args: ["log", "edit", "e1", "--tag", "edited", "--duration", "20m"], sessions: 0,
            changes: 1, reported: "Edited "),
        Scenario(name: "log delete", args: ["log", "delete", "e2"], sessions: 0, changes: 1, reported: "Deleted "),
        Scenario(
            name: "log split", args: ["log", "split", "e4", "09:10"], sessions: 1, changes: 1, reported: "Split "),
        // The template's newest record is an import of three sessions: undone all together, or not at all.
        Scenario(name: "undo", args: ["undo"], sessions: 0, changes: 3, reported: "Undid importing 3 sessions"),
        Scenario(
            name: "import", args: ["import", "IMPORT", "--from", "jsonl"], sessions: 5, changes: 0,
            reported: "Added 5 sessions"),
        Scenario(
            name: "config set", args: ["config", "set", "daily-goal-minutes", "120"], sessions: 0, changes: 0,
            reported: ""),
        Scenario(
            name: "config unset", args: ["config", "unset", "daily-goal-minutes"], sessions: 0, changes: 0,
            reported: ""),
        Scenario(name: "start", args: ["start", "1s", "--tag", "timer"], sessions: 1, changes: 0, reported: "Done: "),
        // An edit after the checkpoint leaves it behind, so the repair rebuilds it.
        Scenario(
            name: "doctor --repair", args: ["doctor", "--repair"], sessions: 0, changes: 0, reported: "",
            prepare: [["log", "edit", "e3", "--tag", "later"]]),
        Scenario(
            name: "export --out", args: ["export", "--format", "csv", "--out", "OUT"], sessions: 0, changes: 0,
            reported: "", out: "export.csv"),
        Scenario(
            name: "sound --out", args: ["sound", "pink", "--duration", "1s", "--out", "OUT"], sessions: 0,
            changes: 0, reported: "", out: "pink.wav"),
    ]

    /// A home with timer sessions (they move the expedition), an import of three (the newest record), settings and
    /// built derived files; and the file the import scenario imports.
    final class Template {
        /// What a file `--out` replaces holds before.
        static let oldOut = Data("the user's old file\n".utf8)
        let home: TempHome
        let importFile: ImportFile

        init() throws {
            home = try TempHome()
            try home.writeJournal(ExpeditionEndToEndTests.journal(8))
            let first = try ImportFile(count: 3, from: 1_795_000_000, tag: "first", prefix: "f")
            importFile = try ImportFile(count: 5, from: 1_795_100_000, tag: "second", prefix: "s")
            for args in [
                ["import", first.path, "--from", "jsonl"], ["config", "set", "daily-goal-minutes", "90"],
                ["expedition"],
                ["stats"],
            ] {
                let r = try FocusBinary.run(args, home: home.path, now: KillPointTests.now)
                precondition(r.status == 0, "\(args): \(r.stderr)")
            }
            for scenario in KillPointTests.scenarios {
                if let out = scenario.out { try Self.oldOut.write(to: URL(fileURLWithPath: home.path + "/" + out)) }
            }
        }
    }

    /// What the journal holds, read the way focus reads it.
    struct Records: Equatable {
        var sessions: Set<String>
        var changes: Set<String>
        var unreadable: [String]
        var duplicates: Int

        init(_ home: String) throws {
            let store = AppStore(paths: DataPaths(dataDirectory: home, configDirectory: home))
            try store.load()
            sessions = Set(store.history.sessions.map(\.id))
            changes = Set(store.history.changes.map(\.id))
            unreadable = store.issues.map(\.description)
            duplicates = store.duplicates.count
        }
    }

    @Test(arguments: scenarios)
    func aKillAtEverySystemCallLosesAndDoublesNothing(_ scenario: Scenario) throws {
        guard let strace = Strace.path else {
            Issue.record("strace is needed for the kill-point tests (.ci/run installs it)")
            return
        }
        let template = try Template()
        func args(in home: String) -> [String] {
            scenario.args.map {
                $0 == "IMPORT" ? template.importFile.path : $0 == "OUT" ? home + "/" + (scenario.out ?? "") : $0
            }
        }
        func copy(of source: String) throws -> TempHome {
            let home = try TempHome(device: nil)
            #expect(FocusBinary.shellStatus("cp -a '\(source)/.' '\(home.path)/'") == 0)
            return home
        }
        // Every kill point starts from the same bytes: the template, set up once for this scenario.
        let base = try copy(of: template.home.path)
        for step in scenario.prepare {
            let r = try FocusBinary.run(step, home: base.path, now: Self.now)
            #expect(r.status == 0, "\(scenario.name) \(step): \(r.stderr)")
        }
        func copy() throws -> TempHome { try copy(of: base.path) }
        let before = try Records(base.path)
        // What a file `--out` replaces holds when the command runs to its end.
        let whole = try scenario.out.map { out -> Data? in
            let home = try copy()
            let r = try FocusBinary.run(args(in: home.path), home: home.path, now: Self.now)
            #expect(r.status == 0, "\(scenario.name): \(r.stderr)")
            return home.contents(out)
        }
        var points = 0
        for syscall in Self.syscalls {
            for n in 1... {
                let home = try copy()
                let r = try Self.run(strace, args(in: home.path), killingAt: syscall, call: n, home: home.path)
                let killed = r.status == 128 + SIGKILL
                let place = "\(scenario.name), \(syscall) #\(n)"
                if !killed {
                    #expect(r.status == 0, "\(place): \(r.status) \(r.stderr)")
                }
                if let out = scenario.out, let whole {
                    let now = home.contents(out)
                    #expect(now == whole || (killed && now == Template.oldOut), "\(place): \(out) is torn")
                    let beside = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
                        $0.hasPrefix(out) && $0 != out && !$0.hasPrefix(out + ".tmp-")
                    }
                    #expect(beside.isEmpty, "\(place): left \(beside)")
                }
                try Self.check(home.path, before: before, scenario: scenario, said: r.stdout, done: !killed, place)
                points += killed ? 1 : 0
                if !killed { break }
            }
        }
        #expect(points > 3, "\(scenario.name): only \(points) kill points")
    }

    /// Runs `focus args…` under strace, killed at the `call`-th `syscall`.
    static func run(_ strace: String, _ args: [String], killingAt syscall: String, call: Int, home: String) throws
        -> RunResult
    {
        let environment = [
            "FOCUS_HOME": home, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": home,
            "FOCUS_NOW": now,
        ]
        let trace = [
            "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(syscall)", "-e",
            "inject=\(syscall):signal=KILL:when=\(call)",
            FocusBinary.path,
        ]
        return try Spawned(executable: strace, arguments: trace + args, environment: environment).wait()
    }

    /// The invariants after one kill point (or after the command ran to its end, `done`).
    static func check(
        _ home: String, before: Records, scenario: Scenario, said: String, done: Bool, _ place: String
    ) throws {
        let after = try Records(home)
        #expect(after.unreadable.isEmpty, "\(place): \(after.unreadable)")
        #expect(after.duplicates == 0, "\(place): \(after.duplicates) ids read twice")
        #expect(before.sessions.isSubset(of: after.sessions) && before.changes.isSubset(of: after.changes), "\(place)")
        let added = (after.sessions.count - before.sessions.count, after.changes.count - before.changes.count)
        let reported = !scenario.reported.isEmpty && said.contains(scenario.reported)
        let all = (scenario.sessions, scenario.changes)
        #expect(added == (0, 0) || added == all, "\(place): added \(added), not all or nothing of \(all)")
        if done || reported { #expect(added == all, "\(place): said \(said) but added \(added)") }
        if scenario.args.first == "config" {
            let set = scenario.args[1] == "set" ? "120\n" : "\(FocusConfig().dailyGoalMinutes)\n"
            let goal = try FocusBinary.run(["config", "get", "daily-goal-minutes"], home: home, now: now)
            #expect(goal.status == 0 && ["90\n", set].contains(goal.stdout), "\(place): \(goal.stderr)")
            if done { #expect(goal.stdout == set, "\(place)") }
        }
        let doctor = try FocusBinary.run(["doctor"], home: home, now: later)
        #expect(doctor.status == 0, "\(place): \(doctor.stdout)")
        // A timer killed after its final state is recorded by the doctor's recovery: once.
        let recovered = try Records(home)
        #expect(recovered.duplicates == 0 && recovered.sessions.count - before.sessions.count <= scenario.sessions)
        // The doctor recorded what a killed timer left; nothing else may change from here on.
        let views = [["stats", "--json", "--range", "all"], ["expedition", "--json"]]
        let kept = try views.map { try FocusBinary.run($0, home: home, now: later) }
        try? FileManager.default.removeItem(atPath: home + "/state/cache")
        let rebuilt = try views.map { try FocusBinary.run($0, home: home, now: later) }
        for (k, view) in views.enumerated() {
            #expect(kept[k].status == 0 && kept[k].stderr.isEmpty, "\(place) \(view): \(kept[k].stderr)")
            #expect(kept[k].stdout == rebuilt[k].stdout, "\(place) \(view): the derived files differ from a rebuild")
        }
    }
}

/// strace, which the kill-point tests inject SIGKILL with.
enum Strace {
    static let path = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
}

extension FocusBinary {
    /// The exit status of a shell command.
    static func shellStatus(_ command: String) -> Int32 { (try? shell(command).status) ?? -1 }
}
