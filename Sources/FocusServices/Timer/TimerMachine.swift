import FocusJournal
import FocusModels
import FoundationEssentials

/// The decisions of a running `focus start` or `focus break`, as a pure state machine.
///
/// An event and the current state go in; the new state and the effects the run loop must
/// perform, in order, come out. It owns the key table (``TimerKeys``), the extension step and
/// its cap, the heartbeat, phases and cycles, suspension, and the order in which a phase ends
/// (finish, hook, summary, bell). The loop owns only I/O (the terminal, the clocks, signals,
/// drawing, running effects), so another screen can run a session with the same machine.
public struct TimerMachine: Equatable, Sendable {
    /// Seconds between heartbeats of the state file while a phase runs or is paused.
    public static let heartbeatSeconds = 30.0

    /// What the run is: its phases and what the terminal allows.
    public struct Setup: Equatable, Sendable {
        public var steps: [CyclePlan.Step]
        /// One session id per step, in order.
        public var ids: [String]
        public var tags: [String]
        public var note: String?
        /// The zone stamped on sessions.
        public var tz: String?
        /// This process, for `focus stop`.
        public var pid: Int32
        /// Whether each next phase waits for Enter (a terminal with a keyboard, without `--auto`).
        public var waitsForEnter: Bool
        /// Whether a sound plays during focus phases.
        public var sound: Bool
        /// Whether a phase that runs out rings the terminal bell, and sends a notification.
        public var bell: Bool
        public var notify: Bool
        /// An open session (`focus start --open`): one focus phase that counts up until it is stopped.
        public var open: Bool
        /// How long before the run began the first phase in fact started (`focus start --at`), in seconds.
        public var startedEarlier: Double

        public init(
            steps: [CyclePlan.Step], ids: [String], tags: [String] = [], note: String? = nil, tz: String? = nil,
            pid: Int32 = 0, waitsForEnter: Bool = false, sound: Bool = false, bell: Bool = false, notify: Bool = false,
            open: Bool = false, startedEarlier: Double = 0
        ) {
            precondition(!steps.isEmpty && ids.count == steps.count, "one id per step")
            precondition(!open || steps.count == 1 && steps[0].phase.isFocus, "an open session is one focus phase")
            self.steps = steps
            self.ids = ids
            self.tags = tags
            self.note = note
            self.tz = tz
            self.pid = pid
            self.waitsForEnter = waitsForEnter
            self.sound = sound
            self.bell = bell
            self.notify = notify
            self.open = open
            self.startedEarlier = max(0, startedEarlier)
        }
    }

    /// Where the run is.
    public enum Stage: Equatable, Sendable {
        /// Before ``TimerEvent/start(_:)``.
        case ready
        /// A phase counts down (or is paused).
        case running
        /// The phase ended and waits for the store's ``TimerEvent/finished(_:_:)``.
        case finishing
        /// The next phase waits for Enter.
        case waiting
        /// Over, with this exit status.
        case ended(Int32)
    }

    /// How the phase being finished ended.
    private struct Ending: Equatable, Sendable {
        let final: RunningState
        let stopped: Bool
        let exitCode: Int32?
        let suspendedSeconds: Int
        /// The `active` instant the phase ran out (or was stopped, which ends the run): a next phase that follows
        /// at once begins there, not when the end was seen, so a run begun in the past (`--at`) goes on where it
        /// would be now.
        let ranOut: Double
    }

    public let setup: Setup
    public private(set) var stage = Stage.ready
    /// The step running, finishing or waiting for Enter.
    public private(set) var index = 0
    /// The phase counting down; `nil` before the first and while waiting for Enter.
    public private(set) var session: TimerSession?
    /// Set when `+` met the longest plan a record may hold (``JournalCodec/maximumSeconds``).
    public private(set) var atExtensionLimit = false
    /// Whether the process is stopped (Ctrl-Z) and the phase paused for it.
    public private(set) var isSuspended = false
    /// The run so far.
    public private(set) var run: RunSummary
    private var pausedForSuspend = false
    private var lastBeat = 0.0
    private var warned = false
    private var keyboard = true
    private var waitingSince: ClockReading?
    private var ending: Ending?

    public init(setup: Setup) {
        self.setup = setup
        run = RunSummary(cycles: setup.steps.filter { $0.phase.isFocus }.count)
    }

    /// The step running, finishing or waiting for Enter.
    public var step: CyclePlan.Step { setup.steps[index] }

    /// How many cycles the run has.
    public var cycles: Int { setup.steps.last?.cycle ?? 1 }

    /// The keys that do something now.
    public var keys: [TimerKeys.Key] {
        stage == .waiting ? TimerKeys.waiting : setup.open ? TimerKeys.open : TimerKeys.running
    }

    /// Applies `event` and returns what the run loop must do, in order.
    public mutating func handle(_ event: TimerEvent) -> [TimerEffect] {
        // A stopped process reads no keys and keeps no time; whatever arrives before it is continued is stale.
        if isSuspended, case .key = event { return [] }
        if isSuspended, case .tick = event { return [] }
        switch (stage, event) {
        case (.ready, .start(let now)): return begin(at: now, earlier: setup.startedEarlier)
        case (.running, .tick(let now)): return tick(now)
        case (.running, .key(let byte, let now)), (.waiting, .key(let byte, let now)):
            return TimerKeys.action(byte, in: keys).map { act($0, at: now) } ?? []
        case (.running, .signal(let signal, let now)), (.waiting, .signal(let signal, let now)):
            return handle(signal, at: now)
        case (.running, .continued(let now)), (.waiting, .continued(let now)): return resume(at: now)
        case (.waiting, .inputClosed(let now)):
            keyboard = false
            return begin(at: now, earlier: 0)
        case (_, .inputClosed):
            keyboard = false
            return []
        case (_, .persistFailed(let error)):
            guard !warned else { return [] }
            warned = true
            return [.warn(.stateNotSaved(error))]
        case (.finishing, .finished(let outcome, let now)): return ended(outcome, at: now)
        default: return []
        }
    }

    /// The `active` instant the loop should wake at for the next tick, or `nil` to wait for input only.
    public func deadline(after now: ClockReading) -> Double? {
        guard stage == .running, let session else { return nil }
        let beat = lastBeat + Self.heartbeatSeconds
        return session.isPaused ? beat : min(session.nextTick(after: now), beat)
    }

    /// What the state file says as of `now`; `nil` before the run and after it.
    public func state(at now: ClockReading) -> RunningState? {
        let cycle = step.cycle
        if stage == .waiting, let since = waitingSince {
            let at = Date(timeIntervalSince1970: since.wall.timeIntervalSince1970.rounded(.down))
            return RunningState(
                id: setup.ids[index], phase: step.phase, startedAt: at, planned: step.seconds, counted: 0,
                updatedAt: at, paused: false, tags: setup.tags, note: setup.note, tz: setup.tz, pid: setup.pid,
                cycle: cycle, cycles: cycles, activeAt: since.active, waiting: true)
        }
        guard stage == .running || stage == .finishing, let session else { return nil }
        var state = session.runningState(
            at: now, pid: setup.pid, tz: setup.tz, tags: setup.tags, note: setup.note, cycle: cycle, cycles: cycles)
        if setup.open { state.open = true }
        return state
    }

    // MARK: Transitions

    private var soundPlays: Bool { setup.sound && step.phase.isFocus }

    /// Starts the current step as begun `earlier` seconds before `now` (`--at`, or where the phase before it ran
    /// out): it has counted since then.
    private mutating func begin(at now: ClockReading, earlier: Double) -> [TimerEffect] {
        let start = ClockReading(
            active: now.active - earlier, elapsed: now.elapsed - earlier, wall: now.wall.addingTimeInterval(-earlier))
        session = TimerSession(id: setup.ids[index], phase: step.phase, planned: step.seconds, start: start)
        stage = .running
        waitingSince = nil
        atExtensionLimit = false
        let state = current(at: now)
        lastBeat = now.active
        return [.persist(state), .phaseStarted, .hook(Hook.started(state))] + (soundPlays ? [.startSound] : [])
    }

    private mutating func tick(_ now: ClockReading) -> [TimerEffect] {
        guard let session else { return [] }
        if session.isFinished(at: now) { return end(at: now, stopped: false, exitCode: nil) }
        var effects: [TimerEffect] = [.redraw]
        if now.active - lastBeat >= Self.heartbeatSeconds { effects.append(persist(at: now)) }
        return effects
    }

    private mutating func act(_ action: TimerKeys.Action, at now: ClockReading) -> [TimerEffect] {
        switch action {
        case .togglePause:
            session?.togglePause(at: now)
            return [persist(at: now)]
        case .extend:
            guard let planned = session?.planned else { return [] }
            let added = min(TimerKeys.extensionSeconds, JournalCodec.maximumSeconds - planned)
            atExtensionLimit = added < TimerKeys.extensionSeconds
            guard added > 0 else { return [] }
            session?.extend(by: added)
            return [persist(at: now)]
        case .stop: return stop(at: now, exitCode: 0)
        case .interrupt: return stop(at: now, exitCode: 130)
        case .suspend: return suspend(at: now)
        case .next: return begin(at: now, earlier: 0)
        }
    }

    private mutating func handle(_ signal: TimerEvent.Signal, at now: ClockReading) -> [TimerEffect] {
        switch signal {
        case .interrupt: stop(at: now, exitCode: 130)
        case .terminate: stop(at: now, exitCode: 143)
        case .hangup: stop(at: now, exitCode: 129)
        case .stopRequest: stop(at: now, exitCode: 0)
        case .cancelRequest: cancel(at: now)
        case .suspend: suspend(at: now)
        case .resize: stage == .running ? [.redraw] : []
        }
    }

    private mutating func stop(at now: ClockReading, exitCode: Int32) -> [TimerEffect] {
        if stage == .running { return end(at: now, stopped: true, exitCode: exitCode) }
        stage = .ended(exitCode)
        return [.clear] + runEnd(exitCode)
    }

    /// `focus cancel`: the phase ends and nothing is recorded; `on-stop` runs as for any phase stopped early.
    private mutating func cancel(at now: ClockReading) -> [TimerEffect] {
        guard stage == .running, session != nil else { return stop(at: now, exitCode: 0) }
        let final = current(at: now)
        session = nil
        stage = .ended(0)
        return (soundPlays ? [.stopSound] : []) + [.clear]
            + (Hook.ended(final, stopped: true, recorded: nil).map { [.hook($0)] } ?? [])
            + [.cancelled(final), .exit(0)]
    }

    /// Ctrl-Z: the phase pauses (time stopped is not focus) and the state file says so before the process stops.
    private mutating func suspend(at now: ClockReading) -> [TimerEffect] {
        guard !isSuspended else { return [] }
        isSuspended = true
        guard stage == .running, let session else { return [.suspend] }
        if !session.isPaused {
            self.session?.pause(at: now)
            pausedForSuspend = true
        }
        return [persist(at: now)] + (soundPlays ? [.stopSound] : []) + [.suspend]
    }

    private mutating func resume(at now: ClockReading) -> [TimerEffect] {
        let wasSuspended = isSuspended
        isSuspended = false
        guard stage == .running else { return [.resume, .prompt(step)] }
        guard wasSuspended else { return [.resume] }
        if pausedForSuspend { session?.resume(at: now) }
        pausedForSuspend = false
        return [.resume, persist(at: now)] + (soundPlays ? [.startSound] : [])
    }

    private mutating func end(at now: ClockReading, stopped: Bool, exitCode: Int32?) -> [TimerEffect] {
        guard let session else { return [] }
        let final = current(at: now)
        stage = .finishing
        let over = max(0, session.counted(at: now) - Double(session.planned))
        ending = Ending(
            final: final, stopped: stopped, exitCode: exitCode, suspendedSeconds: Int(session.suspended(at: now)),
            ranOut: now.active - over)
        return (soundPlays ? [.stopSound] : []) + [.finish(final)]
    }

    private mutating func ended(_ outcome: SessionOutcome, at now: ClockReading) -> [TimerEffect] {
        guard let ending else { return [] }
        self.ending = nil
        if case .notRecorded(let log, let error) = outcome {
            stage = .ended(error.exitCode)
            return [.notRecorded(log, error), .exit(error.exitCode)]
        }
        let recorded = outcome.recorded
        let summary = PhaseSummary(
            phase: step.phase, stopped: ending.stopped, recorded: recorded, countedSeconds: ending.final.counted,
            suspendedSeconds: ending.suspendedSeconds)
        var effects: [TimerEffect] = []
        if let hook = Hook.ended(ending.final, stopped: ending.stopped, recorded: recorded) {
            effects.append(.hook(hook))
        }
        effects.append(.summary(summary))
        if !ending.stopped {
            if setup.bell { effects.append(.ring) }
            if setup.notify { effects.append(.notify(summary)) }
        }
        run.focusedSeconds += recorded?.focused ?? 0
        if recorded?.completed == true { run.completed += 1 }
        session = nil
        if let code = ending.exitCode ?? (index + 1 == setup.steps.count ? 0 : nil) {
            stage = .ended(code)
            return effects + runEnd(code)
        }
        index += 1
        guard setup.waitsForEnter, keyboard else {
            return effects + begin(at: now, earlier: max(0, now.active - ending.ranOut))
        }
        stage = .waiting
        waitingSince = now
        return effects + [persist(at: now), .prompt(step)]
    }

    private func runEnd(_ code: Int32) -> [TimerEffect] {
        (run.cycles > 1 ? [.runSummary(run)] : []) + [.exit(code)]
    }

    private mutating func persist(at now: ClockReading) -> TimerEffect {
        lastBeat = now.active
        return .persist(current(at: now))
    }

    /// The state of the phase running or waiting; only called when there is one.
    private func current(at now: ClockReading) -> RunningState {
        guard let state = state(at: now) else { preconditionFailure("no phase is running or waiting") }
        return state
    }
}
