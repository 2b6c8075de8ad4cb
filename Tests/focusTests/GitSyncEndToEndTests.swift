import Foundation
import Testing

/// `focus sync` on the built binary with the real git: two machines whose journal folders are clones of one bare
/// repository, and the errors a user meets (no git, no repository, a remote out of reach).
@Suite(.serialized) struct GitSyncEndToEndTests {
    /// The moment both machines read the history at: after every record and change.
    static let readAt = "2026-11-30T12:00:00Z"

    /// A clock for the changes: each action happens a minute after the one before, on whichever machine.
    final class Clock {
        private var minutes = 0
        func tick() -> String {
            minutes += 1
            return String(format: "2026-11-30T08:%02d:00Z", minutes)
        }
    }

    /// A bare repository in a folder of its own: the "server" both machines push to.
    static func bareRepository(_ git: String) throws -> (folder: String, url: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("focus-remote-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let url = folder + "/journal.git"
        let made = try Self.run(git, ["init", "-q", "--bare", "-b", "main", url])
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, url)
    }

    /// A bare repository (removed with this) and two machines that sync through it.
    final class TwoMachines {
        let git: String
        let server: String
        let remote: String
        let laptop: Machine
        let desktop: Machine
        let clock = Clock()

        init(sourceLocation: SourceLocation = #_sourceLocation) throws {
            git = try requireTool("git", package: "git", sourceLocation: sourceLocation)
            (server, remote) = try GitSyncEndToEndTests.bareRepository(git)
            laptop = try Machine("laptop")
            desktop = try Machine("desktop")
        }

        deinit { try? FileManager.default.removeItem(atPath: server) }
    }

    static func run(_ tool: String, _ args: [String], env: [String: String] = [:]) throws -> RunResult {
        try Spawned(
            executable: tool, arguments: args,
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LC_ALL": "C"].merging(env) { $1 }
        ).wait()
    }

    static func sync(_ machine: Machine, _ clock: Clock, _ args: [String] = []) throws -> String {
        try machine.expectSuccess(["sync"] + args, now: clock.tick())
    }

    /// The full id of the session whose log row has this tag.
    static func id(tagged tag: String, on machine: Machine) throws -> String {
        let row = try #require(try machine.sessions(now: readAt).first { $0["tag"] as? String == tag }, "#\(tag)")
        return try #require(row["id"] as? String)
    }

    @Test func twoClonesOfOneBareRepositoryEndWithOneHistoryInEitherOrder() throws {
        let machines = try TwoMachines()
        let (git, remote, laptop, desktop, clock) = (
            machines.git, machines.remote, machines.laptop, machines.desktop, machines.clock
        )
        var written = Set<String>()
        func note() { written.formUnion(SameHistory.written(by: [laptop, desktop])) }

        // Round 1: the laptop starts sharing its journal; the desktop clones it, as a git user would.
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "thesis"], now: clock.tick())
        #expect(
            try Self.sync(laptop, clock, ["--init", remote])
                == "Synced with origin (\(remote)), main: sent 1 line, nothing new arrived.\n")
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        let cloned = try Self.run(git, ["clone", "-q", remote, desktop.journalFolder])
        #expect(cloned.status == 0, "\(cloned.stderr)")
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-21 09:00", "--duration", "50m", "--tag", "reading"], now: clock.tick())
        #expect(try Self.sync(desktop, clock).hasSuffix("main: sent 1 line, nothing new arrived.\n"))
        #expect(try Self.sync(laptop, clock).hasSuffix("main: nothing new to send, received 1 line.\n"))
        note()
        try SameHistory.expect([laptop, desktop], sessions: 2, written: Array(written), now: Self.readAt)

        // Round 2: a timer session on each, an edit of the other machine's session; the desktop syncs first.
        try laptop.expectSuccess(["start", "2s", "--tag", "code"], now: "2026-11-22T09:00:00Z")
        let thesis = try Self.id(tagged: "thesis", on: desktop)
        try desktop.expectSuccess(["log", "edit", String(thesis.prefix(8)), "--tag", "writing"], now: clock.tick())
        try desktop.expectSuccess(["start", "2s", "--tag", "maths"], now: "2026-11-22T10:00:00Z")
        note()
        #expect(try Self.sync(desktop, clock).hasSuffix("main: sent 2 lines, nothing new arrived.\n"))
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, received 2 lines.\n"))
        #expect(try Self.sync(desktop, clock).hasSuffix("main: nothing new to send, received 1 line.\n"))
        try SameHistory.expect([laptop, desktop], sessions: 4, written: Array(written), now: Self.readAt)
        #expect(try laptop.sessions(now: Self.readAt).contains { $0["tag"] as? String == "writing" })

        // Round 3: deletions, adds and undos on both while neither syncs; then the laptop syncs first.
        let reading = try Self.id(tagged: "reading", on: laptop)
        let code = try Self.id(tagged: "code", on: desktop)
        try laptop.expectSuccess(["log", "delete", String(reading.prefix(8))], now: clock.tick())
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-23 09:00", "--duration", "25m", "--tag", "oops"], now: clock.tick())
        #expect(try laptop.expectSuccess(["undo"], now: clock.tick()).hasPrefix("Undid adding"))
        try desktop.expectSuccess(["log", "edit", String(code.prefix(8)), "--note", "pairing"], now: clock.tick())
        #expect(try desktop.expectSuccess(["undo"], now: clock.tick()).hasPrefix("Undid an edit"))
        try desktop.expectSuccess(["log", "delete", String(code.prefix(8))], now: clock.tick())
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-24 09:00", "--duration", "30m", "--tag", "piano"], now: clock.tick())
        note()
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 3 lines, nothing new arrived.\n"))
        #expect(try Self.sync(desktop, clock).hasSuffix("main: sent 4 lines, received 3 lines.\n"))
        #expect(try Self.sync(laptop, clock).hasSuffix("main: nothing new to send, received 4 lines.\n"))
        try SameHistory.expect([laptop, desktop], sessions: 3, written: Array(written), now: Self.readAt)
        let tags = try laptop.sessions(now: Self.readAt).compactMap { $0["tag"] as? String }
        #expect(tags == ["piano", "maths", "writing"])

        // Round 4: nothing new anywhere; syncing again changes nothing.
        #expect(try Self.sync(desktop, clock).hasSuffix("main: nothing new to send, nothing new arrived.\n"))
        #expect(try Self.sync(laptop, clock).hasSuffix("main: nothing new to send, nothing new arrived.\n"))
        try SameHistory.expect([laptop, desktop], sessions: 3, written: Array(written), now: Self.readAt)
        #expect(written.count == 12)
    }

    /// Each failure is one line on stderr with its own exit status, and leaves every journal file as it was.
    @Test func failuresAreOneLineAndLeaveTheJournalAsItWas() throws {
        let git = try requireTool("git", package: "git")
        let (server, remote) = try Self.bareRepository(git)
        defer { try? FileManager.default.removeItem(atPath: server) }
        let laptop = try Machine("laptop")
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m"], now: Self.readAt)
        func expectFailure(
            _ args: [String], status: Int32, saying words: String, sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let before = laptop.journalFiles()
            let result = try laptop.focus(args, now: Self.readAt)
            #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(
                result.stderr.hasPrefix("Error: ") && result.stderr.contains(words)
                    && result.stderr.split(separator: "\n").count == 1,
                "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(laptop.journalFiles() == before, sourceLocation: sourceLocation)
        }

        try expectFailure(["sync"], status: 78, saying: "is not a git repository; `focus sync --init REMOTE`")
        let emptyFolder = laptop.root + "/no-tools"
        try FileManager.default.createDirectory(atPath: emptyFolder, withIntermediateDirectories: true)
        laptop.path = emptyFolder
        try expectFailure(["sync"], status: 69, saying: "focus sync needs git, which is not on PATH")
        try expectFailure(["sync", "--init", remote], status: 69, saying: "focus sync needs git")
        laptop.path = "/usr/bin:/bin"
        try expectFailure(["sync", "--init", server + "/nowhere.git"], status: 75, saying: "cannot reach origin")

        // Set up right, then the remote goes away (a drive unplugged) while a new session waits to be sent.
        #expect(try laptop.expectSuccess(["sync", "--init", remote], now: Self.readAt).contains("sent 1 line"))
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m"], now: Self.readAt)
        let unplugged = server + "/unplugged.git"
        try FileManager.default.moveItem(atPath: remote, toPath: unplugged)
        try expectFailure(["sync"], status: 75, saying: "cannot reach origin (\(remote))")
        try FileManager.default.moveItem(atPath: unplugged, toPath: remote)
        #expect(try laptop.expectSuccess(["sync"], now: Self.readAt).contains("sent 1 line"))

        // What the laptop could not push the first time reached the remote: a fresh clone holds both sessions.
        let desktop = try Machine("desktop")
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        #expect(try Self.run(git, ["clone", "-q", remote, desktop.journalFolder]).status == 0)
        #expect(try desktop.sessions(now: Self.readAt).count == 2)
    }
}
