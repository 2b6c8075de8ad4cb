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
    private let session: SessionEffects

    /// What `focus start`, `focus continue`, `focus break` and the dashboard ask to run.
    struct Request: Equatable {
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

        /// The machine's setup for this request run by this process: new session ids, the zone, the settings'
        /// bell and notifications; each next phase waits for Enter when `keyboard` (a screen that reads keys)
        /// and not ``auto``.
        func setup(_ ctx: Context, keyboard: Bool) -> TimerMachine.Setup {
            let config = (try? ctx.loadConfig()) ?? FocusConfig()
            return TimerMachine.Setup(
                steps: steps, ids: steps.map { _ in UUID().uuidString }, tags: tags, note: note,
                tz: ctx.timeZoneIdentifier, pid: getpid(), waitsForEnter: keyboard && !auto, sound: sound != nil,
                bell: config.bell, notify: config.notify, open: open, startedEarlier: startedEarlier)
        }

        /// `log add`'s note naming the first recorded session that the part of the first phase begun earlier
        /// (`--at`) overlaps; `nil` when none does.
        func overlapNote(_ ctx: Context) throws(FocusError) -> Message? {
            guard startedEarlier > 0, let first = steps.first else { return nil }
            let now = ctx.now()
            let past = SessionEditor.begun(
                at: now.addingTimeInterval(-startedEarlier), planned: first.seconds, now: now)
            return try ctx.deciding { lookup throws(FocusError) in
                try HistoryView.overlapNote(past, in: lookup, readerZone: ctx.zone)
            }
        }
    }

    /// Claims the session and runs `request`.
    static func run(_ request: Request, _ ctx: Context) throws(FocusError) -> Int32 {
        let claim = try ctx.store.claimSession(at: ctx.reading(), timeZone: ctx.zone)
        ctx.report(claim.recovery)
        // As `log add` does, a start in the past that overlaps a recorded session is said, not refused; a history
        // that cannot be read stops no timer.
        if let note = try? request.overlapNote(ctx) { ctx.err.line(note) }
        // Another device's session does not stop this one (people do move from laptop to desktop); it is said.
        for line in StatusView.elsewhere(
            (try? ctx.store.sessionsOnOtherDevices(at: ctx.now())) ?? [], timeZone: ctx.zone)
        {
            ctx.err.line("focus: also \(line); starting here too")
        }
        let runner = TimerRunner(request, ctx)
        // Hooks still running are waited for after the lock is released, so `focus stop` never waits for one.
        defer { for line in runner.session.finish() { ctx.err.line(line) } }
        defer { claim.lock.release() }
        return try runner.run()
    }

    private init(_ request: Request, _ ctx: Context) {
        self.ctx = ctx
        frame = TimerFrame(ctx: ctx)
        session = SessionEffects(ctx, sound: request.sound, hookOutputDiscarded: frame.isLive)
        machine = TimerMachine(setup: request.setup(ctx, keyboard: frame.isLive && input.keys))
    }

    private func run() throws(FocusError) -> Int32 {
        input.open()
        frame.open()
        defer {
            frame.close()
            input.close()
            session.stopSound()
        }
        if let code = try apply(.start(ctx.reading())) { return code }
        // The countdown is idle time: the derived files are made current meanwhile, for the end to fold one line.
        session.prepareDerivedFiles()
        while true {
            frame.report(session.reap())
            let now = ctx.reading()
            let wake = [machine.deadline(after: now), session.nextDeadline].compactMap { $0 }.min()
            for event in input.wait(until: wake ?? now.active + 3600, clock: ctx.reading) {
                if let code = try apply(event) { return code }
            }
            if let code = try apply(.tick(ctx.reading())) { return code }
            session.follow(machine.session, at: ctx.reading())
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
        switch try session.perform(effect) {
        case .done?: return nil
        case .event(let event)?: return try apply(event)
        case .problem(let line)?:
            frame.report([line])
            return nil
        case nil: break
        }
        let model = TimerViewModel(machine: machine, now: ctx.reading(), timeZone: ctx.zone)
        switch effect {
        case .phaseStarted: model.map(frame.phaseStarted)
        case .redraw: model.map(frame.draw)
        case .prompt(let step): frame.prompt(step)
        case .summary(let summary): try frame.summary(summary)
        case .runSummary(let run): frame.runSummary(run)
        case .ring: frame.ring()
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
        case .persist, .finish, .clear, .hook, .startSound, .stopSound, .notify: break
        }
        return nil
    }
}
