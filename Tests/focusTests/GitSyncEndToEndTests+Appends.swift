import Foundation
import Testing

/// `focus sync` never loses a line that focus appends while it runs: git replaces this device's file as it rebases
/// it, and an append in between would land in a copy about to be replaced.
extension GitSyncEndToEndTests {
    /// A session recorded in the middle of the rebase (by a `post-checkout` hook git runs when the rebase checks out
    /// the remote's tip): it waits for the sync, then lands, and the next sync sends it.
    @Test func aSessionRecordedWhileTheRebaseRunsIsKept() throws {
        let machines = try TwoMachines()
        let (git, remote, laptop, desktop, clock) = (
            machines.git, machines.remote, machines.laptop, machines.desktop, machines.clock
        )
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "first"], now: clock.tick())
        _ = try Self.sync(laptop, clock, ["--init", remote])
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        #expect(try Self.run(git, ["clone", "-q", remote, desktop.journalFolder]).status == 0)
        // The remote moves on, and the laptop has a session of its own to rebase: its file is checked out again.
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m", "--tag", "desktop"], now: clock.tick())
        _ = try Self.sync(desktop, clock)
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-22 09:00", "--duration", "25m", "--tag", "laptop"], now: clock.tick())

        // The hook records a session once and waits up to 3 s for it: without the folder's lock the append lands
        // at once, in the middle of the rebase; with it, it waits for the sync to let go.
        let done = laptop.root + "/appended"
        var env = laptop.environment
        env["TZ"] = "UTC"
        env["FOCUS_NOW"] = clock.tick()
        let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }.joined(separator: " ")
        let hook = laptop.journalFolder + "/.git/hooks/post-checkout"
        let script = """
            #!/bin/sh
            [ -e '\(laptop.root)/fired' ] && exit 0
            touch '\(laptop.root)/fired'
            ( env -i \(assignments) '\(FocusBinary.path)' log add --start '2026-11-23 09:00' --duration 25m \
            --tag during; touch '\(done)' ) </dev/null >/dev/null 2>&1 &
            i=0
            while [ ! -e '\(done)' ] && [ $i -lt 30 ]; do sleep 0.1; i=$((i + 1)); done
            exit 0

            """
        try script.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)

        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(FileManager.default.fileExists(atPath: laptop.root + "/fired"), "the hook never ran")
        #expect(eventually(timeout: 20) { FileManager.default.fileExists(atPath: done) })
        try FileManager.default.removeItem(atPath: hook)
        let tags = { (machine: Machine) in
            try machine.sessions(now: Self.readAt).compactMap { $0["tag"] as? String }.sorted()
        }
        #expect(try tags(laptop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, nothing new arrived.\n"))
        _ = try Self.sync(desktop, clock)
        #expect(try tags(desktop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.run(git, ["-C", laptop.journalFolder, "status", "--porcelain"]).stdout == "")
    }
}
