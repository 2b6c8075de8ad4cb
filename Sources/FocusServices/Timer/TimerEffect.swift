import FocusModels

/// What ``TimerMachine`` asks the run loop to do, in order. The machine never performs I/O.
public enum TimerEffect: Equatable, Sendable {
    /// A new phase began: show it (a frame on a terminal, one line otherwise).
    case phaseStarted
    /// Draw the current frame.
    case redraw
    /// Show that `step` waits for Enter (the keys are ``TimerKeys/waiting``).
    case prompt(CyclePlan.Step)
    /// Replace the state file with this state; report a failure with ``TimerEvent/persistFailed(_:)``.
    case persist(RunningState)
    /// End the phase through the store's finishing protocol (save this final state, record its
    /// ``RunningState/sessionLog`` once, clear the state) and report with ``TimerEvent/finished(_:_:)``.
    case finish(RunningState)
    /// Remove the state file: the run ended while waiting for Enter.
    case clear
    /// Start this hook.
    case hook(Hook)
    /// Start the sound for a focus phase.
    case startSound
    /// Fade the sound out and stop it.
    case stopSound
    /// What a phase that ended did.
    case summary(PhaseSummary)
    /// What the whole run did (after cycles).
    case runSummary(RunSummary)
    /// Ring the terminal bell.
    case ring
    /// Send a desktop notification.
    case notify(PhaseSummary)
    /// Tell the user something went wrong and the countdown goes on.
    case warn(TimerWarning)
    /// Give the terminal back and stop the process; feed ``TimerEvent/continued(_:)`` when it runs again.
    case suspend
    /// Take the terminal again after a stop.
    case resume
    /// The session could not be recorded: report the error with the command that adds it back.
    case notRecorded(FocusLog, FocusError)
    /// The phase was cancelled (`focus cancel`): say that nothing was recorded.
    case cancelled(RunningState)
    /// The run is over: exit with this status.
    case exit(Int32)
}

/// A phase that ended.
public struct PhaseSummary: Equatable, Sendable {
    public let phase: TimerPhase
    /// Whether it was stopped before its planned end.
    public let stopped: Bool
    /// The session recorded, for a focus phase with at least a minute of focus.
    public let recorded: FocusLog?
    /// Seconds counted (focus or break), pauses and sleep excluded.
    public let countedSeconds: Int
    /// Seconds the machine slept during the phase.
    public let suspendedSeconds: Int

    public init(phase: TimerPhase, stopped: Bool, recorded: FocusLog?, countedSeconds: Int, suspendedSeconds: Int) {
        self.phase = phase
        self.stopped = stopped
        self.recorded = recorded
        self.countedSeconds = countedSeconds
        self.suspendedSeconds = suspendedSeconds
    }
}

/// A run of cycles, as it ended.
public struct RunSummary: Equatable, Sendable {
    /// Focus phases that reached their planned time.
    public var completed = 0
    /// Focus phases asked for.
    public var cycles: Int
    /// Seconds of focus recorded over the run.
    public var focusedSeconds = 0

    public init(cycles: Int) { self.cycles = cycles }
}

/// Something the countdown carries on through.
public enum TimerWarning: Equatable, Sendable {
    /// The state file could not be written (disk full): `status` and `stop` see an older state
    /// until it can be, and the session is still recorded (or printed) when it ends. Said once.
    case stateNotSaved(FocusError)
}
