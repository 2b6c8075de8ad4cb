import FocusCore

/// What a running session does whatever screen shows it: the store's protocol (the state file, finishing and
/// recording, clearing), hooks, the sound and desktop notifications.
///
/// `focus start` (``TimerRunner``) and `focus dashboard` (``DashboardRunner``) perform a ``TimerMachine``'s effects
/// through it, so a session writes the same journal records, the same state file and runs the same hooks whichever
/// screen runs it; each screen shows the rest of the effects (frames, prompts, summaries, the bell) its own way.
final class SessionEffects {
    /// What performing one of the session's effects gave.
    enum Outcome {
        /// Done; nothing to say.
        case done
        /// Feed this back to the machine (a state that could not be saved, what finishing did).
        case event(TimerEvent)
        /// A problem to show while the session goes on (a hook that is not executable).
        case problem(Message)
    }

    private let ctx: Context
    private let hooks: HookRunner
    private let notifier: Notifier
    private let sound: TimerSound
    /// The derived files brought up to date while the session counts down (``prepareDerivedFiles()``).
    private var preparation: DerivedPreparation?

    /// Hooks write to stderr unless `hookOutputDiscarded` (while a screen owns the terminal); `sound` plays during
    /// focus phases, with the first player found on `PATH`.
    init(_ ctx: Context, sound: SoundCatalog.Entry?, hookOutputDiscarded: Bool) {
        self.ctx = ctx
        self.sound = TimerSound(sound, path: ctx.environment["PATH"])
        hooks = HookRunner(store: ctx.store, environment: ctx.environment, discardOutput: hookOutputDiscarded)
        notifier = Notifier(path: ctx.environment["PATH"])
    }

    /// Whether a sound plays during focus phases.
    var playsSound: Bool { sound.isChosen }

    /// Performs `effect` if it is one of the session's own; `nil` for the effects a screen shows.
    func perform(_ effect: TimerEffect) throws(FocusError) -> Outcome? {
        switch effect {
        case .persist(let state):
            do throws(FocusError) { try ctx.store.saveRunningState(state) } catch {
                return .event(.persistFailed(error))
            }
        case .finish(let final):
            // The record's check that its id is new, and the summary after it, read the files it left.
            preparation?.wait()
            return .event(.finished(ctx.store.finish(final), ctx.reading()))
        case .clear: try ctx.store.clearRunningState()
        case .hook(let hook): return hooks.start(hook).map(Outcome.problem) ?? .done
        case .startSound: sound.start()
        case .stopSound: sound.stop()
        case .notify(let summary):
            let note = SessionSummaryViewModel.notification(summary)
            notifier.send((note.title.localized, note.body.localized))
        default: return nil
        }
        return .done
    }

    /// Runs `hook` (a dead timer's `on-stop`, found when a session was claimed); a problem to show, if any.
    func run(_ hook: Hook) -> Message? { hooks.start(hook) }

    /// Between two waits: hooks that ended or ran too long, notifications that ended, a player that gave up; the
    /// problems to show, one line each.
    func reap() -> [Message] {
        notifier.reap()
        // A player that gave up is said; the session goes on in silence.
        let lines = hooks.reap()
        return lines + (sound.takeWarning().map { [Message("focus: \($0); carrying on in silence.")] } ?? [])
    }

    /// When the next hook must be reaped (it runs out of time), on the monotonic clock.
    var nextDeadline: Double? { hooks.nextDeadline }

    /// Keeps the sound in step with `session` (silent while paused, fading out at the end).
    func follow(_ session: TimerSession?, at now: ClockReading) { sound.follow(session, at: now) }

    /// Stops the sound.
    func stopSound() { sound.stop() }

    /// Starts bringing the derived files up to date (``DerivedPreparation``), so that the end of the session folds
    /// its one line instead of reading the history; nothing when the settings cannot be read.
    func prepareDerivedFiles() {
        guard let days = try? ctx.localDays() else { return }
        preparation = DerivedPreparation.start(paths: ctx.paths, days: days)
    }

    /// Waits for the hooks still running (within their time limit), and for the derived files' preparation; the
    /// hooks' problems, one line each.
    func finish() -> [Message] {
        preparation?.wait()
        return hooks.finish()
    }
}
