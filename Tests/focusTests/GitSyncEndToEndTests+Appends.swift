import Foundation
import Testing

/// `focus sync` never loses a line that focus appends while it runs: git replaces this device's file as it rebases
/// it, and an append in between would land in a copy about to be replaced.
extension GitSyncEndToEndTests {
    /// Two clones of one remote, the remote a session ahead of the laptop, which has a session of its own: the
    /// laptop's next sync rebases and so checks its own file out again (git runs `post-checkout` then).
    private static func laptopAboutToRebase() throws -> TwoMachines {
        let machines = try TwoMachines()
        let (git, remote, laptop, desktop, clock) = (
            machines.git, machines.remote, machines.laptop, machines.desktop, machines.clock
        )
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "first"], now: clock.tick())
        _ = try Self.sync(laptop, clock, ["--init", remote])
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        #expect(try Self.run(git, ["clone", "-q", remote, desktop.journalFolder]).status == 0)
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m", "--tag", "desktop"], now: clock.tick())
        _ = try Self.sync(desktop, clock)
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-22 09:00", "--duration", "25m", "--tag", "laptop"], now: clock.tick())
        return machines
    }

    /// Installs `body` as the laptop's `post-checkout` hook, run once (the rebase's checkout).
    private static func hookOnce(_ laptop: Machine, _ body: String) throws {
        let hook = laptop.journalFolder + "/.git/hooks/post-checkout"
        let script = """
            #!/bin/sh
            [ -e '\(laptop.root)/fired' ] && exit 0
            touch '\(laptop.root)/fired'
            \(body)
            exit 0

            """
        try script.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
    }

    private static func tags(_ machine: Machine) throws -> [String] {
        try machine.sessions(now: readAt).compactMap { $0["tag"] as? String }.sorted()
    }

    /// A session recorded in the middle of the rebase (by another focus, started from a `post-checkout` hook git
    /// runs when the rebase checks out the remote's tip): it waits for the sync, then lands, and the next sync
    /// sends it.
    @Test func aSessionRecordedWhileTheRebaseRunsIsKept() throws {
        let machines = try Self.laptopAboutToRebase()
        let (git, laptop, desktop, clock) = (machines.git, machines.laptop, machines.desktop, machines.clock)
        // The hook starts a focus of its own (`env -i`: not one the sync runs) and waits up to 3 s for it: without
        // the folder's lock the append lands at once, in the middle of the rebase; with it, it waits for the sync.
        let done = laptop.root + "/appended"
        var env = laptop.environment
        env["TZ"] = "UTC"
        env["FOCUS_NOW"] = clock.tick()
        let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }.joined(separator: " ")
        try Self.hookOnce(
            laptop,
            """
            ( env -i \(assignments) '\(FocusBinary.path)' log add --start '2026-11-23 09:00' --duration 25m \
            --tag during; touch '\(done)' ) </dev/null >/dev/null 2>&1 &
            i=0
            while [ ! -e '\(done)' ] && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
            """)

        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(FileManager.default.fileExists(atPath: laptop.root + "/fired"), "the hook never ran")
        #expect(eventually(timeout: 20) { FileManager.default.fileExists(atPath: done) })
        try FileManager.default.removeItem(atPath: laptop.journalFolder + "/.git/hooks/post-checkout")
        #expect(try Self.tags(laptop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, nothing new arrived.\n"))
        _ = try Self.sync(desktop, clock)
        #expect(try Self.tags(desktop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.run(git, ["-C", laptop.journalFolder, "status", "--porcelain"]).stdout == "")
    }

    /// A focus that the sync's own git hook runs, and git waits for, cannot wait for the sync: it fails at once
    /// (exit 75, one line, nothing written) and the sync goes on. Before, it waited 10 s and then appended to the
    /// file git was replacing.
    @Test func aFocusRunByTheSyncsOwnHookFailsAtOnce() throws {
        let machines = try Self.laptopAboutToRebase()
        let (git, laptop, clock) = (machines.git, machines.laptop, machines.clock)
        let (out, err, status) = (laptop.root + "/hook.out", laptop.root + "/hook.err", laptop.root + "/hook.status")
        try Self.hookOnce(
            laptop,
            """
            '\(FocusBinary.path)' log add --start '2026-11-23 09:00' --duration 25m --tag hook >'\(out)' 2>'\(err)'
            echo $? >'\(status)'
            """)

        let began = Date()
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(Date().timeIntervalSince(began) < 8, "the hook's focus waited for the sync")
        #expect(try String(contentsOfFile: status, encoding: .utf8) == "75\n")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "")
        let message = try String(contentsOfFile: err, encoding: .utf8)
        #expect(message.hasPrefix("Error: cannot record from a git hook of focus sync while it holds "))
        #expect(message.hasSuffix("; nothing was written\n") && message.filter { $0 == "\n" }.count == 1)
        #expect(try Self.tags(laptop) == ["desktop", "first", "laptop"])
        #expect(try Self.run(git, ["-C", laptop.journalFolder, "status", "--porcelain"]).stdout == "")
    }

    /// An append waits for whoever holds the journal folder (as `focus sync` does from its last commit to the end
    /// of its rebase) however long that takes, says so once on stderr, and lands when the folder is let go. Before,
    /// it gave up after 10 s and wrote beside the holder.
    @Test func anAppendWaitsForTheFolderHoweverLongItIsHeld() throws {
        let laptop = try Machine("laptop")
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "first"])
        let journal = try #require(laptop.ownJournalFiles().first)
        let before = try Data(contentsOf: URL(fileURLWithPath: laptop.journalFolder + "/" + journal))
        let (held, release) = (laptop.root + "/held", laptop.root + "/release")
        let holder = try Spawned(
            executable: try requireTool("flock", package: "util-linux"),
            arguments: [
                "--exclusive", laptop.journalFolder, "sh", "-c",
                "touch '\(held)'; while [ ! -e '\(release)' ]; do sleep 0.05; done",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        #expect(eventually(timeout: 10) { FileManager.default.fileExists(atPath: held) })

        let append = try laptop.start(["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m", "--tag", "x"])
        // Past the 10 s an append used to wait: still waiting, the file untouched.
        #expect(!eventually(timeout: 11) { !append.isRunning })
        #expect(try Data(contentsOf: URL(fileURLWithPath: laptop.journalFolder + "/" + journal)) == before)
        FileManager.default.createFile(atPath: release, contents: nil)
        #expect(holder.wait().status == 0)
        let result = append.wait()
        #expect(result.status == 0)
        #expect(result.stderr == "focus: waiting for focus sync to let go of the journal folder\n")
        #expect(try Self.tags(laptop) == ["first", "x"])
    }
}
