import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The live timer's run loop: owns the UI state, reads keys and signals,
/// redraws, and records each focus phase when it ends.
///
/// Ticks wait on `poll` until absolute deadlines of the monotonic clock, so
/// the countdown does not drift and an idle wait costs no CPU. Keys and
/// signals wake it early. The terminal mode and cursor are restored on
/// every way out.
final class TimerRunner {
    private let ctx: Context
    private let tag: String?
    private let note: String?
    private let auto: Bool
    private let sound: SoundCatalog.Entry?
    private let display: Bool
    private var keys: Bool
    private let style: Style
    private let hooks: HookRunner
    private var frameLines = 0

    /// Seconds between heartbeats of the state file while a phase runs.
    static let heartbeatSeconds = 30.0

    private enum Stop {
        case quit
        case signal(Int32)

        var exitCode: Int32 {
            switch self {
            case .quit: 0
            case .signal(let s) where s == SIGUSR1: 0
            case .signal(let s): 128 + s
            }
        }
    }

    init(ctx: Context, tag: String?, note: String?, auto: Bool, sound: SoundCatalog.Entry? = nil) {
        self.ctx = ctx
        self.sound = sound
        self.tag = tag
        self.note = note
        self.auto = auto
        display = TerminalMode.isForegroundTerminal(ctx.out.fd) && ctx.environment["TERM"] != "dumb"
        keys = TerminalMode.isForegroundTerminal(0)
        style = Style(enabled: ctx.colorEnabled)
        hooks = HookRunner(directory: ctx.paths.hooksDirectory, environment: ctx.environment, discardOutput: display)
    }

    /// Runs `steps` in order and returns the exit status.
    func run(_ steps: [CyclePlan.Step]) throws(FocusError) -> Int32 {
        SignalPipe.install([SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGWINCH])
        if keys { TerminalMode.enableRaw() }
        if display { ctx.out.write("\u{1B}[?25l") }
        defer {
            if display { ctx.out.write("\u{1B}[?25h") }
            TerminalMode.restore()
        }
        let cycles = steps.last?.cycle ?? 1
        for (index, step) in steps.enumerated() {
            if index > 0, display, keys, !auto {
                if let stop = try waitForEnter(next: step, cycles: cycles) { return stop.exitCode }
            }
            if let stop = try runPhase(step, cycles: cycles) { return stop.exitCode }
        }
        return 0
    }

    /// Waits for hooks still running (at most their time limit) and reports the ones that failed.
    ///
    /// Called after the session lock is released, so `focus stop` never waits for a hook.
    func finishHooks() {
        for line in hooks.finish() { ctx.err.line(line) }
    }

    // MARK: One phase

    private func runPhase(_ step: CyclePlan.Step, cycles: Int) throws(FocusError) -> Stop? {
        var session = TimerSession(
            id: UUID().uuidString, phase: step.phase, planned: step.seconds, start: ctx.reading())
        try save(session, step: step, cycles: cycles)
        if !display { ctx.out.line(model(session, ctx.reading(), step, cycles).startLine) }
        report(hooks.start(.started(state(session, step: step, cycles: cycles))).map { [$0] } ?? [])
        var lastBeat = session.start.active
        let player = step.phase.isFocus ? startSound() : nil
        defer { player?.stop(fadeSeconds: 0.3) }
        while true {
            report(hooks.reap())
            report(player?.takeWarning().map { ["focus: \($0); carrying on in silence."] } ?? [])
            let now = ctx.reading()
            if session.isFinished(at: now) { break }
            if display { draw(model(session, now, step, cycles)) }
            if now.active - lastBeat >= Self.heartbeatSeconds {
                try save(session, step: step, cycles: cycles)
                lastBeat = now.active
            }
            let tick = session.isPaused ? now.active + Self.heartbeatSeconds : session.nextTick(after: now)
            var stop: Stop?
            for event in wait(until: min(tick, hooks.nextDeadline ?? tick)) {
                switch event {
                case .key(32), .key(UInt8(ascii: "p")), .key(UInt8(ascii: "P")):
                    session.togglePause(at: ctx.reading())
                    try save(session, step: step, cycles: cycles)
                case .key(UInt8(ascii: "+")), .key(UInt8(ascii: "=")):
                    session.extend(by: 5 * 60)
                    try save(session, step: step, cycles: cycles)
                case .key(UInt8(ascii: "q")), .key(UInt8(ascii: "Q")): stop = stop ?? .quit
                case .key(3): stop = stop ?? .signal(SIGINT)
                case .signal(SIGWINCH), .key: break
                case .signal(let s): stop = stop ?? .signal(s)
                }
            }
            player?.follow(paused: session.isPaused, remaining: session.remaining(at: ctx.reading()))
            if let stop {
                try finish(session, step: step, cycles: cycles, stopped: true)
                return stop
            }
        }
        try finish(session, step: step, cycles: cycles, stopped: false)
        return nil
    }

    private func finish(_ session: TimerSession, step: CyclePlan.Step, cycles: Int, stopped: Bool) throws(FocusError) {
        let now = ctx.reading()
        clearFrame()
        let ended = state(session, step: step, cycles: cycles)
        guard session.phase.isFocus else {
            try ctx.store.clearRunningState()
            report(Hook.ended(ended, stopped: stopped, recorded: nil).flatMap(hooks.start).map { [$0] } ?? [])
            ctx.out.line(stopped ? "\(session.phase.title) ended early." : "\(session.phase.title) over.")
            if !stopped { announce(title: "\(session.phase.title) over", body: "Time to focus again.") }
            return
        }
        let log = session.log(at: now, tz: ctx.timeZoneIdentifier, tag: tag, note: note)
        if let log {
            // The final count goes to the state file first: if focus dies before the
            // record is saved, recovery records this same session, not the last heartbeat's.
            try? ctx.store.saveRunningState(ended)
            do throws(FocusError) {
                try ctx.store.record(log)
            } catch {
                // The state goes too, so no later recovery records it a second time beside the user's own `log add`.
                try? ctx.store.clearRunningState()
                throw FocusError(
                    error.kind,
                    "\(error.message). The session was NOT recorded; once that is fixed, add it back with: \(LogAddCommandLine.render(log, in: ctx.timeZone))"
                )
            }
        }
        try ctx.store.clearRunningState()
        report(Hook.ended(ended, stopped: stopped, recorded: log).flatMap(hooks.start).map { [$0] } ?? [])
        try ctx.loadJournal()
        var events: [ExpeditionEvent] = []
        do throws(FocusError) {
            let applied = try ctx.store.loadExpedition(days: try ctx.localDays())
            events = log.flatMap { applied[$0.id] } ?? []
        } catch {
            ctx.err.line("focus: the expedition was not updated: \(error.message)")
        }
        let summary = SessionSummaryViewModel(
            store: ctx.store, recorded: log, discardedSeconds: Int(session.counted(at: now)),
            suspendedSeconds: Int(session.suspended(at: now)), now: now.wall, days: try ctx.localDays(), events: events)
        ctx.out.line(style.bold(summary.headline))
        if let slept = summary.suspendedLine { ctx.out.line(slept) }
        ctx.out.line(summary.todayLine)
        for line in summary.expeditionLines { ctx.out.line(style.cyan(line)) }
        if !stopped { announce(title: "Focus session complete", body: summary.headline) }
    }

    // MARK: Waiting

    private enum Event: Equatable {
        case key(UInt8)
        case signal(Int32)
    }

    private func wait(until deadline: Double) -> [Event] {
        var fds = [pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)]
        if keys { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        let ms = max(0, ((deadline - LiveClock.monotonic()) * 1000).rounded(.up))
        guard poll(&fds, nfds_t(fds.count), Int32(min(ms, 3_600_000))) > 0 else { return [] }
        var events = SignalPipe.drain().map(Event.signal)
        if keys, fds[1].revents != 0 {
            let bytes = TerminalMode.readKeys()
            if bytes.isEmpty { keys = false }
            events += bytes.map(Event.key)
        }
        return events
    }

    /// Waits for Enter before `step`; meanwhile the state file shows it as paused,
    /// so `status`, `stop` and a second `start` all see the session.
    private func waitForEnter(next step: CyclePlan.Step, cycles: Int) throws(FocusError) -> Stop? {
        var waiting = TimerSession(
            id: UUID().uuidString, phase: step.phase, planned: step.seconds, start: ctx.reading())
        waiting.pause(at: waiting.start)
        try save(waiting, step: step, cycles: cycles)
        let stop = waitForKey(next: step)
        if stop != nil { try ctx.store.clearRunningState() }
        return stop
    }

    private func waitForKey(next step: CyclePlan.Step) -> Stop? {
        ctx.out.write(
            style.bold("Next: \(step.phase.title) \(LocalTime.countdown(Double(step.seconds)))")
                + style.dim(" · Enter to start · q to finish"))
        defer { ctx.out.write("\r\u{1B}[2K") }
        while true {
            for event in wait(until: LiveClock.monotonic() + 3600) {
                switch event {
                case .key(13), .key(10), .key(32): return nil
                case .key(UInt8(ascii: "q")), .key(UInt8(ascii: "Q")): return .quit
                case .key(3): return .signal(SIGINT)
                case .signal(SIGWINCH), .key: continue
                case .signal(let s): return .signal(s)
                }
            }
            if !keys { return nil }
        }
    }

    // MARK: Output

    private func model(_ session: TimerSession, _ now: ClockReading, _ step: CyclePlan.Step, _ cycles: Int)
        -> TimerViewModel
    {
        TimerViewModel(session: session, now: now, tag: tag, timeZone: ctx.timeZone, cycle: step.cycle, cycles: cycles)
    }

    private func draw(_ model: TimerViewModel) {
        let lines = TimerView.lines(model, columns: ctx.columns, style: style)
        ctx.out.write(TimerView.frame(lines, previousCount: frameLines))
        frameLines = lines.count
    }

    private func state(_ session: TimerSession, step: CyclePlan.Step, cycles: Int) -> RunningState {
        session.runningState(
            at: ctx.reading(), pid: getpid(), tz: ctx.timeZoneIdentifier, tag: tag, note: note, cycle: step.cycle,
            cycles: cycles)
    }

    private func save(_ session: TimerSession, step: CyclePlan.Step, cycles: Int) throws(FocusError) {
        try ctx.store.saveRunningState(state(session, step: step, cycles: cycles))
    }

    private func clearFrame() {
        if display { ctx.out.write(TimerView.frame([], previousCount: frameLines)) }
        frameLines = 0
    }

    /// Prints hook problems on stderr; the countdown is cleared first and redrawn on the next tick.
    private func report(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        clearFrame()
        for line in lines { ctx.err.line(line) }
    }

    private func startSound() -> SoundPlayer? {
        guard let sound else { return nil }
        let stream = SoundStream(recipe: sound.recipe, seed: FNV1a.hash(sound.name), volume: SoundCommand.defaultVolume)
        return SoundPlayer.start(stream, fadeIn: 2, path: ctx.environment["PATH"])
    }

    private func announce(title: String, body: String) {
        let config = (try? ctx.loadConfig()) ?? FocusConfig()
        if display, config.bell { ctx.out.write("\u{07}") }
        if config.notify { Notifier.send(title: title, body: body, path: ctx.environment["PATH"]) }
    }
}
