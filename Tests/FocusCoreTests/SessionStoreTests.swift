import FocusCore
import Foundation
import Testing

/// The store's side of the session lifecycle on real files: claiming, what a claim does with a
/// dead timer's session, and the one rule shared by the journal's reader and writer.
@Suite struct SessionStoreTests {
    let paths: DataPaths

    init() {
        let dir = NSTemporaryDirectory() + "focus-session-\(UUID().uuidString)"
        paths = DataPaths(dataDirectory: dir, configDirectory: dir)
    }

    static let utc = Zone(identifier: "UTC")!
    static let started = Date(timeIntervalSince1970: 1_795_942_800)  // 2026-11-29 09:00 UTC

    static func state(_ id: String = "dead", counted: Int = 600, waiting: Bool? = nil) -> RunningState {
        RunningState(
            id: id, phase: .focus, startedAt: started, planned: 1500, counted: counted,
            updatedAt: started.addingTimeInterval(Double(counted + 5)), paused: false, tags: ["w"], note: nil,
            tz: "UTC",
            pid: 1, cycle: 1, cycles: 1, activeAt: 100, waiting: waiting)
    }

    /// A folder where this device's journal file goes: appending to it fails, even for root.
    func blockJournal(_ store: AppStore) throws {
        try FileManager.default.createDirectory(
            atPath: paths.journalFile(of: try store.device()), withIntermediateDirectories: true)
    }

    var reading: ClockReading { ClockReading(active: 200, elapsed: 200, wall: Self.started.addingTimeInterval(700)) }

    /// The hook a recovery runs says how the phase ended: `on-complete` when its plan had been reached (the timer
    /// died after it, or kept it while `focus sync` held the journal), `on-stop` otherwise and for an open session.
    @Test(arguments: [
        (600, false, Hook.Event.stop), (1500, false, .complete), (1600, false, .complete), (1500, true, .stop),
    ])
    func aRecoveredPhaseRunsTheHookOfHowItEnded(counted: Int, open: Bool, event: Hook.Event) throws {
        let store = AppStore(paths: paths)
        var state = Self.state(counted: counted)
        if open { state.open = true }
        try store.saveRunningState(state)
        let recovery = try #require(try store.recover())
        #expect(recovery.outcome.recorded != nil)
        #expect(recovery.hook?.event == event)
    }

    @Test func aClaimRecordsTheSessionADeadTimerLeftBeforeReplacingIt() throws {
        let store = AppStore(paths: paths)
        try store.saveRunningState(Self.state())
        let claim = try store.claimSession(at: reading, timeZone: Self.utc)
        defer { claim.lock.release() }
        #expect(claim.recovery?.outcome.recorded?.focused == 600)
        #expect(claim.recovery?.hook?.event == .stop)
        #expect(try store.runningState() == nil)
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(reread.focusLogs.map(\.id) == ["dead"])
    }

    /// The journal cannot take it: the claim hands it back to be printed as a `log add` line, and clears it.
    @Test func aClaimNeverSilentlyReplacesASessionItCannotRecord() throws {
        let store = AppStore(paths: paths)
        try store.saveRunningState(Self.state())
        try blockJournal(store)
        let claim = try store.claimSession(at: reading, timeZone: Self.utc)
        defer { claim.lock.release() }
        guard case .notRecorded(let log, let error)? = claim.recovery?.outcome else {
            Issue.record("\(String(describing: claim.recovery))")
            return
        }
        #expect(log == Self.state().sessionLog && error.kind == .cantCreate)
        #expect(claim.recovery?.hook == nil)
        #expect(try store.runningState() == nil)
    }

    /// Without a claim (any other command), such a session stays for the next command to retry.
    @Test func recoveryThatCannotRecordKeepsTheState() throws {
        let store = AppStore(paths: paths)
        try store.saveRunningState(Self.state())
        try blockJournal(store)
        #expect(throws: FocusError.self) { try store.recover() }
        #expect(try store.runningState()?.counted == 600)
    }

    @Test func aPhaseWaitingForEnterIsClearedWithoutARecordOrAHook() throws {
        let store = AppStore(paths: paths)
        try store.saveRunningState(Self.state(counted: 0, waiting: true))
        let recovery = try #require(try store.recover())
        #expect(recovery.outcome == .discarded && recovery.hook == nil)
        #expect(try store.runningState() == nil)
    }

    @Test func aSecondClaimIsRefusedWithWhatRuns() throws {
        let store = AppStore(paths: paths)
        let claim = try store.claimSession(at: reading, timeZone: Self.utc)
        defer { claim.lock.release() }
        try store.saveRunningState(Self.state("live", counted: 100))
        #expect(try store.liveSession()?.id == "live")
        #expect {
            try AppStore(paths: paths).claimSession(at: reading, timeZone: Self.utc)
        } throws: {
            let error = $0 as? FocusError
            return error?.kind == .temporary
                && error?.message
                    == "a session is already running: a focus started at 09:00 has 21:40 left; `focus stop` ends it"
        }
        try store.saveRunningState(Self.state("live", counted: 100, waiting: true))
        #expect {
            try AppStore(paths: paths).claimSession(at: reading, timeZone: Self.utc)
        } throws: { ($0 as? FocusError)?.message.description.contains("a focus waits for Enter") == true }
    }

    @Test func aStateNoTimerHoldsIsNotLive() throws {
        let store = AppStore(paths: paths)
        try store.saveRunningState(Self.state())
        #expect(try store.liveSession() == nil)
        #expect(try store.runningState() != nil, "reading it recovers nothing")
    }

    /// Sessions the reader refuses, with its reason: the writer refuses each of them too, before writing.
    @Test(arguments: [
        (
            FocusLog(id: "", start: started, end: started + 60, planned: 60, focused: 60, completed: true),
            "\"id\" is empty"
        ),
        (
            FocusLog(id: "a", start: started, end: started - 1, planned: 60, focused: 0, completed: false),
            "\"end\" is before \"start\""
        ),
        (
            FocusLog(
                id: "b", start: started, end: started + 700_000, planned: 604_801, focused: 600, completed: false),
            "\"planned\" (604801.0) is outside 0…604800 seconds"
        ),
        (
            FocusLog(id: "c", start: started, end: started + 60, planned: 1500, focused: 61, completed: false),
            "\"focused\" (61 s) is longer than end - start (60 s)"
        ),
    ])
    func whatTheReaderRefusesTheWriterNeverWrites(_ log: FocusLog, _ reason: String) throws {
        let line = Array(JournalCodec.encode(log).utf8)
        #expect { try JournalCodec.decode(line) } throws: {
            ($0 as? JournalCodec.Failure)?.reason.description == reason
        }
        #expect { try JournalCodec.validate(log) } throws: {
            ($0 as? JournalCodec.Failure)?.reason.description == reason
        }
        let store = AppStore(paths: paths)
        #expect { try store.record(log) } throws: { ($0 as? FocusError)?.message.description.hasSuffix(reason) == true }
        #expect { try store.record([.session(log)]) } throws: { ($0 as? FocusError)?.kind == .data }
        #expect(!FileManager.default.fileExists(atPath: paths.journalFile))
    }

    /// The state file read back records the same bytes as the state the timer held.
    @Test func aStateReadBackRecordsTheSameBytes() throws {
        let session = TimerSession(
            id: "x", phase: .focus, planned: 1500,
            start: ClockReading(active: 10.25, elapsed: 20.5, wall: Self.started.addingTimeInterval(0.75)))
        let now = ClockReading(active: 1510.9, elapsed: 1530.1, wall: Self.started.addingTimeInterval(9999.3))
        let state = session.runningState(at: now, pid: 1, tz: "UTC", tags: ["t"], note: "n", cycle: 1, cycles: 1)
        let store = AppStore(paths: paths)
        try store.saveRunningState(state)
        var reread = try #require(try store.runningState())
        #expect(reread.device != nil, "the file names its device")
        reread.device = nil
        #expect(reread == state)
        #expect(
            JournalCodec.encode(try #require(reread.sessionLog)) == JournalCodec.encode(try #require(state.sessionLog)))
        #expect(state.sessionLog?.completed == true && state.sessionLog?.end == Self.started + 1509)
    }
}
