import FocusModels
import FocusServices
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The running session's lifecycle: claiming it, finishing it, recovering it after a crash.
///
/// Every way a session ends goes through one ordered protocol, and every way it is turned into
/// a record goes through one rule (``RunningState/sessionLog``), so a timer that records its
/// session and a recovery that records the same session after a crash write the same bytes,
/// and a session already in the journal is never appended again.
extension AppStore {
    /// What the lock holder found when it claimed the session.
    public struct SessionClaim {
        /// The session lock, held until this is released or the process ends.
        public let lock: FileLock
        /// A dead timer's session, recorded (or, when it could not be, cleared for the user to add back)
        /// before the new session replaces its state.
        public let recovery: Recovery?
    }

    /// What recovering a dead timer's state did.
    public struct Recovery: Equatable, Sendable {
        /// The state the dead timer left behind.
        public let state: RunningState
        /// Its session recorded, nothing to record, or (only when the state had to be replaced) not recorded.
        public let outcome: SessionOutcome

        /// `on-stop`, as for a phase stopped early, or `on-complete` for one recorded as completed (its plan was
        /// reached before the timer died, or its timer kept it while `focus sync` held the journal); `nil` for a
        /// phase that was still waiting for Enter, or one that could not be recorded (as when a timer cannot record
        /// its own).
        public var hook: Hook? {
            if state.isWaiting { return nil }
            if case .notRecorded = outcome { return nil }
            // An open session is recorded as completed however it ended: only `q` ends it, as a stop.
            let completed = !state.isOpen && outcome.recorded?.completed == true
            return Hook.ended(state, stopped: !completed, recorded: outcome.recorded)
        }
    }

    /// The steps of ``finish(_:)``, in order.
    package enum FinishStep: CaseIterable, Sendable {
        /// The final count replaces the state file: from here on, a crash recovers exactly this session.
        case saveFinalState
        /// The session is appended, unless the journal already holds its id.
        case recordSession
        /// The state file goes: no session is running.
        case clearState
    }

    /// Claims the right to run a session, for `focus start` and `focus break`.
    ///
    /// When another process holds the session, throws `temporary` (exit 75) saying what runs and
    /// how long it has left. A state file found under the lock belongs to a dead timer: its session
    /// is recorded now, and when the journal cannot take it the claim says so
    /// (``SessionOutcome/notRecorded(_:_:)``), so the new session never silently replaces it.
    public func claimSession(at reading: ClockReading, timeZone: Zone) throws(FocusError) -> SessionClaim {
        let earlier = try takeOverLegacySession()
        let legacy = try legacyLiveSession()
        guard legacy == nil, let lock = try acquireSessionLock() else {
            guard let state = try? legacy ?? runningState() else {
                throw FocusError(.temporary, "a session is already running; `focus stop` ends it")
            }
            let phase = state.phase.word
            guard !state.isWaiting else {
                throw FocusError(
                    .temporary, "a session is already running: a \(phase) waits for Enter; `focus stop` ends it")
            }
            let left = LocalTime.countdown(Double(state.remaining(at: state.now(at: reading))))
            let started = LocalTime.hourMinute(state.startedAt, in: timeZone)
            throw FocusError(
                .temporary,
                "a session is already running: a \(phase) started at \(started) has \(left) left; `focus stop` ends it")
        }
        return SessionClaim(lock: lock, recovery: try recoverHeld(replacing: true) ?? earlier)
    }

    /// The running session's state; `nil` when idle or when the state left belongs to a dead timer.
    ///
    /// Never blocks, writes or records: `focus status --format` calls it from a shell prompt.
    public func liveSession() throws(FocusError) -> RunningState? {
        guard try isSessionLockHeld() else { return try legacyLiveSession() }
        return try runningState()
    }

    /// Waits up to `seconds` for the timer holding the session to let go; whether it did.
    public func waitUntilSessionEnds(within seconds: Double) throws(FocusError) -> Bool {
        func held() throws(FocusError) -> Bool {
            if try isSessionLockHeld() { return true }
            return try legacyLiveSession() != nil
        }
        for _ in 0..<Int(seconds * 10) {
            if try !held() { return true }
            usleep(100_000)
        }
        return try !held()
    }

    /// Ends a phase whose timer holds the session: saves `final`, records its
    /// ``RunningState/sessionLog`` once, clears the state.
    ///
    /// A failure to save the final state is not fatal (the record matters); a failure to record
    /// clears the state too, so no later recovery records it beside the `log add` the user is shown. A temporary
    /// one (`focus sync` held the journal folder) keeps the final state instead: the next command records it.
    public func finish(_ final: RunningState) -> SessionOutcome {
        finish(final, crashingBefore: nil) ?? .discarded
    }

    /// ``finish(_:)``, stopping before `crash` as a process killed there would (`nil` then), for tests.
    package func finish(_ final: RunningState, crashingBefore crash: FinishStep?) -> SessionOutcome? {
        let log = final.sessionLog
        var recorded: FocusLog?
        for step in FinishStep.allCases {
            if step == crash { return nil }
            switch step {
            case .saveFinalState: try? saveRunningState(final)
            case .recordSession:
                guard let log else { continue }
                do throws(FocusError) { recorded = try recordOnce(log) } catch {
                    if error.kind != .temporary { try? clearRunningState() }
                    return .notRecorded(log, error)
                }
            case .clearState: try? clearRunningState()
            }
        }
        return recorded.map(SessionOutcome.recorded) ?? .discarded
    }

    /// Records the session of a timer that died (kill -9, power loss) and clears its state.
    ///
    /// A state file whose session lock nobody holds belongs to a dead timer. Its focus up to the
    /// last moment it was known alive is recorded once, under the lock: a racing command finds
    /// the state gone, and a session the journal already holds (the timer recorded it, then died
    /// before clearing) is not appended again. When the journal cannot take it, the error is
    /// thrown and the state stays for the next command to retry.
    public func recover() throws(FocusError) -> Recovery? {
        if let earlier = try takeOverLegacySession() { return earlier }
        guard FileIO.exists(paths.runningStateFile) else { return nil }
        guard let lock = try FileLock.tryLock(paths.sessionLockFile) else { return nil }
        defer { lock.release() }
        return try recoverHeld(replacing: false)
    }

    /// Recovery under a lock already held; with `replacing`, a session that cannot be recorded (but for a while) is
    /// cleared and returned.
    ///
    /// A state file another device wrote (a state folder synced or copied here) is that device's session: it is
    /// never recorded here, and left as it is. A state whose session the journal already holds (its timer
    /// recorded it, and a copier that never deletes brought the file back) is removed without a word.
    private func recoverHeld(replacing: Bool) throws(FocusError) -> Recovery? {
        guard let state = try runningState() else { return nil }
        let me = try existingDevice()
        guard state.device == nil || state.device == me?.id else { return nil }
        if (try? load()) != nil, history.sessions.contains(where: { $0.id == state.id }) {
            try clearRunningState()
            return nil
        }
        var outcome = SessionOutcome.discarded
        if let log = state.sessionLog {
            do throws(FocusError) {
                outcome = .recorded(try recordOnce(log))
            } catch {
                // A journal held for a while (`focus sync`) takes it later: the state stays, and a new session
                // waits rather than replace it.
                guard replacing, error.kind != .temporary else { throw error }
                outcome = .notRecorded(log, error)
            }
        }
        try clearRunningState()
        return Recovery(state: state, outcome: outcome)
    }

    /// Appends `log` unless a journal file already holds its id; the session the journal holds.
    ///
    /// When the journal cannot be read to check, it is appended: a repeated id reads once, a lost session is lost.
    func recordOnce(_ log: FocusLog) throws(FocusError) -> FocusLog {
        // The derived files usually know the id is new: the end of a session then never reads the history.
        if lacksRecord(id: log.id) {
            try record(log)
            return log
        }
        if (try? load()) != nil, let held = history.sessions.first(where: { $0.id == log.id }) { return held }
        try record(log)
        return log
    }

    /// Removes the state a dead timer left, without recording its session (`focus cancel`); the state, or `nil`
    /// when there was none, it was another device's, or a live timer holds it.
    public func dropDeadSession() throws(FocusError) -> RunningState? {
        guard FileIO.exists(paths.runningStateFile) else { return nil }
        guard let lock = try FileLock.tryLock(paths.sessionLockFile) else { return nil }
        defer { lock.release() }
        guard let state = try runningState() else { return nil }
        let me = try existingDevice()
        guard state.device == nil || state.device == me?.id else { return nil }
        try clearRunningState()
        return state
    }

    /// The session that ended last (`focus continue` takes its tag); `nil` with none.
    public var lastEndedSession: FocusLog? { focusLogs.max { ($0.end, $0.id) < ($1.end, $1.id) } }
}
