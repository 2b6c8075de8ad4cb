import Foundation
import Testing

/// `focus sync` never loses a line that focus appends while it runs: git replaces this device's file as it rebases
/// it, and an append in between would land in a copy about to be replaced.
extension GitSyncEndToEndTests {
    /// A session recorded in the middle of the rebase (by a `post-checkout` hook git runs when the rebase checks out
    /// the remote's tip): it waits for the sync, then lands, and the next sync sends it.
    @Test func aSessionRecordedWhileTheRebaseRunsIsKept() throws {
        let (machines, clock) = try Self.rebaseWithAnAppend(holdingUpTo: 3)
        let (git, laptop, desktop) = (machines.git, machines.laptop, machines.desktop)
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(FileManager.default.fileExists(atPath: laptop.root + "/fired"), "the hook never ran")
        #expect(eventually(timeout: 20) { FileManager.default.fileExists(atPath: laptop.root + "/status") })
        #expect(try String(contentsOfFile: laptop.root + "/status", encoding: .utf8) == "0\n")
        try FileManager.default.removeItem(atPath: laptop.journalFolder + "/.git/hooks/post-checkout")
        #expect(try Self.tags(laptop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, nothing new arrived.\n"))
        _ = try Self.sync(desktop, clock)
        #expect(try Self.tags(desktop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.run(git, ["-C", laptop.journalFolder, "status", "--porcelain"]).stdout == "")
    }

    /// A sync that holds the folder longer than an append waits (10 s; here a hook holds the rebase until the
    /// append gives up): the append writes nothing and says so in one line (exit 75), since a line written beside
    /// the rebase would be lost with it; the sync ends as usual and nothing else changes.
    @Test func anAppendTheSyncHoldsTooLongWritesNothing() throws {
        let (machines, clock) = try Self.rebaseWithAnAppend(holdingUpTo: 20)
        let (git, laptop) = (machines.git, machines.laptop)
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(try String(contentsOfFile: laptop.root + "/status", encoding: .utf8) == "75\n")
        let stderr = try String(contentsOfFile: laptop.root + "/stderr", encoding: .utf8)
        #expect(stderr.hasSuffix(" for 10 seconds; nothing was written\n"), "\(stderr)")
        #expect(stderr.hasPrefix("Error: focus sync has held /"), "\(stderr)")
        #expect(stderr.count(where: \.isNewline) == 1, "\(stderr)")
        #expect(try Self.tags(laptop) == ["desktop", "first", "laptop"])
        #expect(try Self.run(git, ["-C", laptop.journalFolder, "status", "--porcelain"]).stdout == "")
    }

    /// A timer whose session ends while the sync holds the folder longer than an append waits keeps the session
    /// (exit 75, one line saying so): its final state stays, and the next command records it once the sync is over.
    @Test func aTimerTheSyncHoldsOffKeepsItsSessionForTheNextCommand() throws {
        let (machines, clock) = try Self.rebaseWithAnAppend(holdingUpTo: 20, running: "start 1s")
        let laptop = machines.laptop
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(try String(contentsOfFile: laptop.root + "/status", encoding: .utf8) == "75\n")
        let stderr = try String(contentsOfFile: laptop.root + "/stderr", encoding: .utf8)
        #expect(
            stderr.hasSuffix(
                " for 10 seconds; nothing was written. The session is kept: the next focus command records it.\n"),
            "\(stderr)")
        #expect(stderr.count(where: \.isNewline) == 1, "\(stderr)")
        #expect(!stderr.contains("log add"), "\(stderr)")
        #expect(try Self.tags(laptop) == ["desktop", "during", "first", "laptop"])
        #expect(try Self.tags(laptop) == ["desktop", "during", "first", "laptop"], "recorded once")
    }

    /// A dead timer's session that cannot be recorded while the journal folder is held (here by `flock`, as `focus
    /// sync` holds it) is not replaced by `focus start`: the new session is refused (exit 75, one line) and the
    /// old one recorded once the folder is free.
    @Test func aStartWaitsRatherThanReplaceASessionTheSyncHoldsOff() throws {
        let laptop = try Machine("laptop")
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "first"])
        let (holder, held) = try Self.holdJournalFolder(of: laptop)
        defer { try? FileManager.default.removeItem(atPath: held) }
        let timer = try laptop.focus(["start", "1s", "--tag", "kept"])
        #expect(timer.status == 75, "\(timer.stderr)")
        #expect(
            timer.stderr.hasSuffix("; nothing was written. The session is kept: the next focus command records it.\n"))
        let start = try laptop.focus(["start", "5m", "--tag", "next"])
        #expect(start.status == 75)
        #expect(start.stderr.hasSuffix(" for 10 seconds; nothing was written\n"), "\(start.stderr)")
        #expect(start.stderr.count(where: \.isNewline) == 1, "\(start.stderr)")
        try FileManager.default.removeItem(atPath: held)
        #expect(holder.wait().status == 0)
        #expect(try Self.tags(laptop) == ["first", "kept"])
        #expect(try Self.tags(laptop) == ["first", "kept"], "recorded once")
    }

    /// `focus cancel` sent while the timer waits for the held folder to record its ended phase drops the session
    /// the timer then keeps (exit 75): nothing is recorded once the folder is free.
    @Test func aCancelDropsASessionTheTimerKeptForTheSync() throws {
        let laptop = try Machine("laptop")
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "first"])
        let (holder, held) = try Self.holdJournalFolder(of: laptop)
        defer { try? FileManager.default.removeItem(atPath: held) }
        let timer = try laptop.start(["start", "2s", "--tag", "kept"])
        let state = laptop.root + "/state/focus/running.json"
        let ended = {
            let bytes = FileManager.default.contents(atPath: state) ?? Data()
            return (try? JSONSerialization.jsonObject(with: bytes) as? [String: Any])?["counted"] as? Int == 2
        }
        #expect(eventually(timeout: 20) { ended() }, "the timer never saved its final state")
        let cancel = try laptop.focus(["cancel"])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        #expect(timer.wait().status == 75)
        #expect(!FileManager.default.fileExists(atPath: state))
        try FileManager.default.removeItem(atPath: held)
        #expect(holder.wait().status == 0)
        #expect(try Self.tags(laptop) == ["first"])
    }

    /// Holds `machine`'s journal folder as `focus sync` does (`flock -x` on the folder) until the file returned is
    /// removed.
    private static func holdJournalFolder(of machine: Machine) throws -> (Spawned, String) {
        let held = machine.root + "/held"
        let holder = try Spawned(
            executable: "/usr/bin/flock",
            arguments: [
                "-x", machine.journalFolder, "sh", "-c", "touch '\(held)'; while [ -e '\(held)' ]; do sleep 0.1; done",
            ], environment: [:])
        #expect(eventually { FileManager.default.fileExists(atPath: held) })
        return (holder, held)
    }

    /// The tags of `machine`'s sessions, sorted.
    private static func tags(_ machine: Machine) throws -> [String] {
        try machine.sessions(now: readAt).compactMap { $0["tag"] as? String }.sorted()
    }

    /// Two machines where the laptop has a session of its own to rebase onto a remote the desktop moved on, and a
    /// `post-checkout` hook (git runs it when the rebase checks out the remote's tip) that, once, starts `focus
    /// <command> --tag during` in the background (its stderr to `<root>/stderr`, then its exit status to
    /// `<root>/status`) and holds the rebase until that ends or `seconds` pass.
    private static func rebaseWithAnAppend(
        holdingUpTo seconds: Int, running command: String = "log add --start '2026-11-23 09:00' --duration 25m"
    ) throws -> (TwoMachines, Clock) {
        let machines = try TwoMachines()
        let (git, remote, laptop, desktop, clock) = (
            machines.git, machines.remote, machines.laptop, machines.desktop, machines.clock
        )
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "first"], now: clock.tick())
        _ = try sync(laptop, clock, ["--init", remote])
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        #expect(try run(git, ["clone", "-q", remote, desktop.journalFolder]).status == 0)
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m", "--tag", "desktop"], now: clock.tick())
        _ = try sync(desktop, clock)
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-22 09:00", "--duration", "25m", "--tag", "laptop"], now: clock.tick())

        // Without the folder's lock the append lands at once, in the middle of the rebase; with it, it waits.
        let root = laptop.root
        var env = laptop.environment
        env["TZ"] = "UTC"
        env["FOCUS_NOW"] = clock.tick()
        let assignments = env.sorted { $0.key < $1.key }.map { "'\($0.key)=\($0.value)'" }.joined(separator: " ")
        let hook = laptop.journalFolder + "/.git/hooks/post-checkout"
        let script = """
            #!/bin/sh
            [ -e '\(root)/fired' ] && exit 0
            touch '\(root)/fired'
            ( env -i \(assignments) '\(FocusBinary.path)' \(command) --tag during 2>'\(root)/stderr'; \
            echo $? >'\(root)/status.new'; mv '\(root)/status.new' '\(root)/status' ) </dev/null >/dev/null 2>&1 &
            i=0
            while [ ! -e '\(root)/status' ] && [ $i -lt \(seconds * 10) ]; do sleep 0.1; i=$((i + 1)); done
            exit 0

            """
        try script.write(toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        return (machines, clock)
    }
}
