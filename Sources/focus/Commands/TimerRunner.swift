import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The live timer's run loop: feeds the ``TimerMachine`` keys, signals and the clock, and
/// performs the effects it returns, in order. Every decision is the machine's.
///
/// The wait ends at the machine's deadline (or a hook's), so the countdown does not drift
/// and an idle wait costs no CPU. The terminal is restored on every way out.
final class TimerRunner {
    private let ctx: Context
    private var machine: TimerMachine
    private let frame: TimerFrame
    private let input = TimerInput()
    private let hooks: HookRunner
    private let notifier: Notifier
    private let sound: TimerSound

    /// What `focus start`, `focus continue` and `focus break` ask to run.
    struct Request {
        var steps: [CyclePlan.Step]
        var tags: [String] = []
        var note: String?
        /// Start each next phase without waiting for Enter.
        var auto = false
        var sound: SoundCatalog.Entry?
        /// One focus phase that counts up until stopped (`--open`).
        var open = false
        /// How long ago the first phase in fact began (`--at`), in seconds.
        var startedEarlier = 0.0
    }

    /// Claims the session and runs `request`.
    static func run(_ request: Request, _ ctx: Context) throws(FocusError) -> Int32 {
        let claim = try ctx.store.claimSession(at: ctx.reading(), timeZone: ctx.zone)
        ctx.report(claim.recovery)
        // Another device's session does not stop this one (people do move from laptop to desktop); it is said.
        for line in StatusView.elsewhere(
            (try? ctx.store.sessionsOnOtherDevices(at: ctx.now())) ?? [], timeZone: ctx.zone)
        {
            ctx.err.line("focus: also \(line); starting here too")
        }
        let runner = TimerRunner(request, ctx)
        // Hooks still running are waited for after the lock is released, so `focus stop` never waits for one.
        defer { for line in runner.hooks.finish() { ctx.err.line(line) } }
        defer { claim.lock.release() }
        return try runner.run()
    }

    private init(_ request: Request, _ ctx: Context) {
        self.ctx = ctx
        self.sound = TimerSound(request.sound, path: ctx.environment["PATH"])
        frame = TimerFrame(ctx: ctx)
        hooks = HookRunner(store: ctx.store, environment: ctx.environment, discardOutput: frame.isLive)
        notifier = Notifier(path: ctx.environment["PATH"])
        let config = (try? ctx.loadConfig()) ?? FocusConfig()
        machine = TimerMachine(
            setup: .init(
                steps: request.steps, ids: request.steps.map { _ in UUID().uuidString }, tags: request.tags,
                note: request.note, tz: ctx.timeZoneIdentifier, pid: getpid(),
                waitsForEnter: frame.isLive && input.keys && !request.auto, sound: self.sound.isChosen,
                bell: config.bell, notify: config.notify, open: request.open, startedEarlier: request.startedEarlier))
    }

    private func run() throws(FocusError) -> Int32 {
        input.open()
        frame.open()
        defer {
            frame.close()
            input.close()
            sound.stop()
        }
        if let code = try apply(.start(ctx.reading())) { return code }
        while true {
            frame.report(hooks.reap())
            notifier.reap()
            // A player that gave up is said above the countdown, which goes on in silence.
            frame.report(sound.takeWarning().map { [Message("focus: \($0); carrying on in silence.")] } ?? [])
            let now = ctx.reading()
            let wake = [machine.deadline(after: now), hooks.nextDeadline].compactMap { $0 }.min()
            for event in input.wait(until: wake ?? now.active + 3600, clock: ctx.reading) {
                if let code = try apply(event) { return code }
            }
            if let code = try apply(.tick(ctx.reading())) { return code }
            sound.follow(machine.session, at: ctx.reading())
        }
    }

    /// Hands `event` to the machine and performs its effects; the exit status once the run is over.
    private func apply(_ event: TimerEvent) throws(FocusError) -> Int32? {
        for effect in machine.handle(event) {
            if let code = try perform(effect) { return code }
        }
        return nil
    }

    private func perform(_ effect: TimerEffect) throws(FocusError) -> Int32? {
        let model = TimerViewModel(machine: machine, now: ctx.reading(), timeZone: ctx.zone)
        switch effect {
        case .phaseStarted: model.map(frame.phaseStarted)
        case .redraw: model.map(frame.draw)
        case .prompt(let step): frame.prompt(step)
        case .persist(let state):
            do throws(FocusError) { try ctx.store.saveRunningState(state) } catch {
                return try apply(.persistFailed(error))
            }
        case .finish(let final): return try apply(.finished(ctx.store.finish(final), ctx.reading()))
        case .clear: try ctx.store.clearRunningState()
        case .hook(let hook): frame.report(hooks.start(hook).map { [$0] } ?? [])
        case .startSound: sound.start()
        case .stopSound: sound.stop()
        case .summary(let summary): try frame.summary(summary)
        case .runSummary(let run): frame.runSummary(run)
        case .ring: frame.ring()
        case .notify(let summary):
            let note = SessionSummaryViewModel.notification(summary)
            notifier.send((note.title.localized, note.body.localized))
        case .warn(let warning): frame.warn(warning)
        case .suspend:
            frame.suspend()
            input.stopProcess()
            return try apply(.continued(ctx.reading()))
        case .resume:
            input.resume()
            frame.resume()
        case .cancelled(let state): frame.cancelled(state)
        case .notRecorded(let log, let error):
            throw FocusError(error.kind, LogAddCommandLine.notRecorded(log, because: error, in: ctx.zone))
        case .exit(let code): return code
        }
        return nil
    }
}
