import FocusCore
import Foundation
import Testing

/// `focus sync` with the real git: two devices whose journal folders are clones of one bare repository.
@Suite struct JournalSyncTests {
    static let environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": NSTemporaryDirectory()]

    static func git(_ args: [String], in dir: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", dir] + args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "git \(args)")
    }

    /// A bare repository and two devices' stores, each with a state folder of its own.
    static func setUp() throws -> (remote: String, laptop: AppStore, desktop: AppStore) {
        let root = try Sessions.temporaryPaths().dataDirectory
        let remote = root + "/remote.git"
        try git(["init", "-q", "--bare", "-b", "main", remote], in: root)
        func store(_ name: String) -> AppStore {
            AppStore(
                paths: DataPaths(dataDirectory: root + "/" + name, configDirectory: root + "/" + name), hostName: name)
        }
        return (remote, store("laptop"), store("desktop"))
    }

    static func ids(_ store: AppStore) throws -> [String] {
        let fresh = AppStore(paths: store.paths)
        try fresh.load()
        return fresh.focusLogs.map(\.id)
    }

    @Test func twoDevicesEndWithTheSameHistoryInEitherOrder() throws {
        let (remote, laptop, desktop) = try Self.setUp()
        try laptop.record(Sessions.log("l1", "2026-11-20T09:00:00Z"))
        let first = try laptop.initialiseSync(remote: remote, environment: Self.environment)
        #expect(first.sent == 1 && first.received == 0 && first.branch == "main")
        try desktop.record(Sessions.log("d1", "2026-11-21T09:00:00Z"))
        let joined = try desktop.initialiseSync(remote: remote, environment: Self.environment)
        #expect(joined.sent == 1 && joined.received == 1)
        // Both offline for a while, then each syncs: the order never matters and nothing conflicts.
        try laptop.record(Sessions.log("l2", "2026-11-22T09:00:00Z"))
        try desktop.record(Sessions.log("d2", "2026-11-22T10:00:00Z"))
        try desktop.record(
            JournalChange(id: "e1", kind: .edit, target: "l1", at: Fixtures.now, patch: SessionPatch(tags: ["x"])))
        _ = try desktop.sync(environment: Self.environment)
        let back = try laptop.sync(environment: Self.environment)
        #expect(back.sent == 1 && back.received == 3, "\(back)")  // d1 (never pulled here yet), d2 and the edit
        _ = try desktop.sync(environment: Self.environment)
        #expect(try Self.ids(laptop) == ["l1", "d1", "l2", "d2"] && Self.ids(desktop) == Self.ids(laptop))
        // Nothing left to send: a sync that changes nothing sends nothing.
        #expect(try laptop.sync(environment: Self.environment).sent == 0)
    }

    @Test func clearOneLineErrorsAndNothingLost() throws {
        let (remote, laptop, _) = try Self.setUp()
        try laptop.record(Sessions.log("l1", "2026-11-20T09:00:00Z"))
        let notARepo = #expect(throws: FocusError.self) { try laptop.sync(environment: Self.environment) }
        #expect(notARepo?.kind == .config && notARepo?.message.description.contains("focus sync --init") == true)
        let noGit = #expect(throws: FocusError.self) { try laptop.sync(environment: ["PATH": "/nonexistent"]) }
        #expect(noGit?.kind == .unavailable && noGit?.message.description.contains("git") == true)
        _ = try laptop.initialiseSync(remote: remote, environment: Self.environment)
        try Self.git(["remote", "set-url", "origin", "/nonexistent/remote.git"], in: laptop.paths.journalDirectory)
        try laptop.record(Sessions.log("l2", "2026-11-21T09:00:00Z"))
        let down = #expect(throws: FocusError.self) { try laptop.sync(environment: Self.environment) }
        #expect(down?.kind == .temporary && down?.message.description.contains("nothing was lost") == true)
        #expect(try Self.ids(laptop) == ["l1", "l2"])
        try Self.git(["remote", "set-url", "origin", remote], in: laptop.paths.journalDirectory)
        // Committed by the failed sync and pushed now: the report counts it as sent.
        #expect(try laptop.sync(environment: Self.environment).sent == 1)
        #expect(try laptop.sync(environment: Self.environment).sent == 0)
    }
}
