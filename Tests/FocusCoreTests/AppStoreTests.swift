import FocusCore
import Foundation
import Testing

/// The store on real files in a temporary folder.
@Suite struct AppStoreTests {
    let dir: String
    let paths: DataPaths

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        paths = DataPaths(dataDirectory: dir, configDirectory: dir)
    }

    static func line(_ id: String, _ start: String, minutes: Int = 25, tags: [String] = []) -> String {
        let s = UTCTimestamp.parse(start)!
        let log = FocusLog(
            id: id, start: s, end: s.addingTimeInterval(Double(minutes * 60)), planned: minutes * 60,
            focused: minutes * 60, completed: true, tags: tags)
        return JournalCodec.encode(log)
    }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: paths.journalDirectory, withIntermediateDirectories: true)
        try text.write(toFile: paths.journalDirectory + "/" + name, atomically: false, encoding: .utf8)
    }

    @Test func emptyFolderMeansNoSessions() throws {
        let store = AppStore(paths: paths)
        try store.load()
        #expect(store.focusLogs.isEmpty && store.issues.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir))  // reading creates nothing
    }

    @Test func mergesFilesDedupesIdsAndSortsByStart() throws {
        try write(
            "focus.jsonl", Self.line("b", "2026-11-29T10:00:00Z") + "\n" + Self.line("a", "2026-11-29T09:00:00Z") + "\n"
        )
        try write(
            "laptop.jsonl",
            Self.line("a", "2026-11-29T09:00:00Z") + "\n" + Self.line("c", "2026-11-28T09:00:00Z") + "\n")
        try write("notes.txt", "not a journal")
        let store = AppStore(paths: paths)
        try store.load()
        #expect(store.focusLogs.map(\.id) == ["c", "a", "b"])
    }

    @Test func badLinesAreReportedWithFileAndLineAndSkipped() throws {
        let text =
            Self.line("a", "2026-11-29T09:00:00Z") + "\n{oops\n\n" + Self.line("b", "2026-11-29T10:00:00Z")
            + "\n{\"id\":\"torn\",\"sta"
        try write("focus.jsonl", text)
        let legacy = paths.legacy.journalFile
        let before = try Data(contentsOf: URL(fileURLWithPath: legacy))
        let store = AppStore(paths: paths)
        try store.load()
        #expect(store.focusLogs.map(\.id) == ["a", "b"])
        #expect(store.issues.map(\.line) == [2])
        #expect(store.issues[0].description.hasPrefix(legacy + ":2: "))
        // A record cut short is not damage: it was never saved (see TornLine).
        #expect(store.tornTails.map(\.line) == [5])
        #expect(store.tornTails[0].reason.description.contains("cut short by a crash"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: legacy)) == before)
    }

    @Test func appendAfterATornLineStartsOnAFreshLineAndKeepsHistory() throws {
        try write("focus.jsonl", Self.line("a", "2026-11-29T09:00:00Z") + "\n{\"id\":\"torn\"")
        let store = AppStore(paths: paths)
        try store.load()
        try store.record(try JournalCodec.decode(Array(Self.line("b", "2026-11-29T10:00:00Z").utf8)))
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(reread.focusLogs.map(\.id) == ["a", "b"])
        #expect(reread.issues.isEmpty && reread.tornTails.count == 1)
    }

    @Test func zeroByteJournalNeverMakesAWriteForgetHistory() throws {
        try write("focus.jsonl", "")
        try write("old.jsonl", Self.line("old", "2026-11-01T09:00:00Z") + "\n")
        let store = AppStore(paths: paths)
        try store.load()
        try store.record(try JournalCodec.decode(Array(Self.line("new", "2026-11-29T10:00:00Z").utf8)))
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(reread.focusLogs.map(\.id) == ["old", "new"])
    }

    @Test func recordCreatesPrivateFoldersAndFilesAndAppends() throws {
        let store = AppStore(paths: paths)
        let log = try JournalCodec.decode(Array(Self.line("a", "2026-11-29T09:00:00Z", tags: ["w"]).utf8))
        try store.record(log)
        try store.record(try JournalCodec.decode(Array(Self.line("b", "2026-11-29T10:00:00Z").utf8)))
        #expect(store.focusLogs.map(\.id) == ["a", "b"])
        let text = try String(contentsOfFile: paths.journalFile, encoding: .utf8)
        #expect(
            text == Self.line("a", "2026-11-29T09:00:00Z", tags: ["w"]) + "\n" + Self.line("b", "2026-11-29T10:00:00Z")
                + "\n")
        let fm = FileManager.default
        #expect((try fm.attributesOfItem(atPath: paths.journalFile)[.posixPermissions] as? Int) == 0o600)
        #expect((try fm.attributesOfItem(atPath: paths.journalDirectory)[.posixPermissions] as? Int) == 0o700)
        #expect((try fm.attributesOfItem(atPath: dir)[.posixPermissions] as? Int) == 0o700)
    }

    @Test func runningStateIsReplacedAtomicallyAndCleared() throws {
        let store = AppStore(paths: paths)
        let state = RunningState(
            id: "r", phase: .focus, startedAt: Date(timeIntervalSince1970: 1_795_942_800), planned: 1500, counted: 10,
            updatedAt: Date(timeIntervalSince1970: 1_795_942_810), paused: false, tags: ["t"], note: nil, tz: "UTC",
            pid: 7, cycle: 1, cycles: 1)
        try store.saveRunningState(state)
        var stamped = state
        stamped.device = try store.device().id
        #expect(try store.runningState() == stamped)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty)
        try store.clearRunningState()
        #expect(try store.runningState() == nil)
    }

    /// A writer killed between creating its temp file and renaming it leaves `config.json.tmp-PID`; the next replace
    /// removes it.
    @Test func tempFilesOfKilledWritersAreRemovedByTheNextReplace() throws {
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let store = AppStore(paths: paths)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let dead = dir + "/config.json.tmp-\(finished.processIdentifier)"
        let live = dir + "/config.json.tmp-\(getppid())"
        for file in [dead, live] { FileManager.default.createFile(atPath: file, contents: Data("{".utf8)) }
        try store.setConfig(.cycles, to: "2")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live), "a writer still running keeps its temp file")
    }

    @Test func crashedSessionIsRecoveredExactlyOnce() throws {
        let store = AppStore(paths: paths)
        let state = RunningState(
            id: "crash", phase: .focus, startedAt: Date(timeIntervalSince1970: 1_795_942_800), planned: 1500,
            counted: 600,
            updatedAt: Date(timeIntervalSince1970: 1_795_943_400), paused: false, tags: [], note: nil, tz: "UTC",
            pid: 7, cycle: 1, cycles: 1)
        try store.saveRunningState(state)
        let recovery = try #require(try store.recover())
        #expect(recovery.outcome.recorded?.focused == 600 && recovery.outcome.recorded?.completed == false)
        #expect(try store.recover() == nil)
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(reread.focusLogs.map(\.id) == ["crash"])
    }

    @Test func aLiveTimerIsNotRecovered() throws {
        let store = AppStore(paths: paths)
        let lock = try #require(try store.acquireSessionLock())
        let state = RunningState(
            id: "live", phase: .focus, startedAt: Date(), planned: 1500, counted: 600, updatedAt: Date(),
            paused: false, tags: [], note: nil, tz: nil, pid: 7, cycle: 1, cycles: 1)
        try store.saveRunningState(state)
        #expect(try store.isSessionLockHeld())
        #expect(try store.acquireSessionLock() == nil)
        #expect(try store.recover() == nil)
        lock.release()
        // Another test may be spawning a process at this instant; its child
        // shares our lock until it execs, so allow that window to pass.
        var held = try store.isSessionLockHeld()
        for _ in 0..<100 where held {
            usleep(10_000)
            held = try store.isSessionLockHeld()
        }
        #expect(!held)
        #expect(try store.recover()?.outcome.recorded?.id == "live")
    }

    @Test func configDefaultsAndValidation() throws {
        let store = AppStore(paths: paths)
        #expect(try store.loadConfig() == FocusConfig())
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try #"{"default-minutes": 50, "day-start": "04:00"}"#.write(
            toFile: paths.configFile, atomically: false, encoding: .utf8)
        let config = try store.loadConfig()
        #expect(config.defaultMinutes == 50 && config.dayStartSeconds == 4 * 3600)
        try #"{"default-minutes": "fifty"}"#.write(toFile: paths.configFile, atomically: false, encoding: .utf8)
        #expect(throws: FocusError.self) { try store.loadConfig() }
        try #"{"day-start": "25:00"}"#.write(toFile: paths.configFile, atomically: false, encoding: .utf8)
        #expect { try store.loadConfig() } throws: {
            ($0 as? FocusError)?.message.description.contains("day-start") == true
        }
    }

    @Test(arguments: [
        (["FOCUS_HOME": "/x"], "/x", "/x"),
        (["XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c"], "/d/focus", "/c/focus"),
        ([:], "/home/u/.local/share/focus", "/home/u/.config/focus"),
        (["XDG_DATA_HOME": "relative"], "/home/u/.local/share/focus", "/home/u/.config/focus"),
    ])
    func dataPaths(_ env: [String: String], _ data: String, _ config: String) {
        let p = DataPaths(environment: Environment(env), home: "/home/u")
        #expect(p.dataDirectory == data && p.configDirectory == config)
    }
}

@Suite struct RecordValidationTests {
    /// What the writer accepts, the reader reads: a session the reader would skip is refused before it is written.
    @Test(arguments: [
        (7 * 86_400 + 1, 60, "planned"), (1500, 7 * 86_400 + 1, "focused"), (1500, 3600, "focused"),
    ])
    func recordsTheReaderWouldSkipAreRefusedAndNothingIsWritten(planned: Int, focused: Int, key: String) throws {
        let paths = try Sessions.temporaryPaths()
        let start = Date(timeIntervalSince1970: 1_764_406_800)
        let log = FocusLog(
            id: "too-big", start: start, end: start.addingTimeInterval(Double(min(focused, 1800))), planned: planned,
            focused: focused, completed: false)
        let error = #expect(throws: FocusError.self) { try AppStore(paths: paths).record(log) }
        #expect(error?.kind == .data && error?.message.description.contains(key) == true)
        #expect(!FileManager.default.fileExists(atPath: paths.journalFile))
    }
}
