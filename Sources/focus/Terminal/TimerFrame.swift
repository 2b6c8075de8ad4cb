import FocusCore
import FoundationEssentials

/// `focus start`'s screen: the frame redrawn in place on a terminal, or one line per phase
/// when the output is not one; then the summaries.
///
/// The run loop tells it what to show; another screen (a dashboard with other tabs) can
/// run the same ``TimerMachine`` and show the same effects its own way.
final class TimerFrame {
    private let ctx: Context
    /// Whether the frame is drawn: stdout is a terminal in the foreground and `TERM` is not `dumb`.
    private(set) var isLive = false
    /// Whether a frame or a prompt is on screen, the cursor at the start of its first line.
    private var drawn = false
    /// The step whose prompt is on screen.
    private var prompted: CyclePlan.Step?

    init(ctx: Context) {
        self.ctx = ctx
        isLive = liveNow
    }

    private var liveNow: Bool { TerminalMode.isForegroundTerminal(ctx.out.fd) && ctx.environment["TERM"] != "dumb" }

    /// Hides the cursor while the frame is drawn.
    func open() { if isLive { ctx.out.send(.hideCursor) } }

    /// Clears what is drawn and shows the cursor.
    func close() {
        clear()
        if isLive { ctx.out.send(.showCursor) }
    }

    /// A phase began: its first frame, or its one line.
    func phaseStarted(_ model: TimerViewModel) {
        clear()
        if isLive { draw(model) } else { ctx.out.line(model.startLine) }
    }

    /// Redraws the frame over the previous one, at the terminal's width now (it may have been resized).
    func draw(_ model: TimerViewModel) {
        guard isLive else { return }
        ctx.out.redraw(TimerView.lines(model, columns: ctx.columns))
        drawn = true
    }

    /// `Next: Break 05:00 · Enter to start · q to finish`, in place.
    func prompt(_ step: CyclePlan.Step) {
        clear()
        ctx.out.redraw([TimerView.prompt(step, columns: ctx.columns)])
        drawn = true
        prompted = step
    }

    /// Removes the frame or prompt, so other lines can be printed; the next tick draws it again.
    func clear() {
        if drawn { ctx.out.redraw([]) }
        drawn = false
        prompted = nil
    }

    /// Prints `lines` on stderr (hook problems, warnings) without tearing the frame or the prompt.
    func report(_ lines: [Message]) {
        guard !lines.isEmpty else { return }
        let step = prompted
        clear()
        for line in lines { ctx.err.line(line) }
        if let step { prompt(step) }
    }

    /// Says what went wrong while the countdown goes on.
    func warn(_ warning: TimerWarning) {
        switch warning {
        case .stateNotSaved(let error):
            report(["focus: cannot save the session state (\(error.message)); the countdown goes on"])
        }
    }

    /// Before the process stops: the terminal as the shell expects it.
    func suspend() { close() }

    /// After it is continued: drawn again if it is in the foreground (`fg`), not in the background (`bg`).
    func resume() {
        isLive = liveNow
        open()
    }

    func ring() { if isLive { ctx.out.send(.bell) } }

    /// What the phase that ended did: for focus, the session, today and the expedition.
    func summary(_ summary: PhaseSummary) throws(FocusError) {
        clear()
        guard summary.phase.isFocus else {
            ctx.out.lines(SessionSummaryView.breakLines(summary, width: ctx.lineWidth))
            return
        }
        var events: [ExpeditionEvent] = []
        do throws(FocusError) {
            // From the derived files, which fold in the session just recorded: the history is read only when they
            // cannot tell.
            let applied = try ctx.loadExpeditionOnly()
            events = summary.recorded.flatMap { applied[$0.id] } ?? []
        } catch {
            ctx.err.line("focus: the expedition was not updated: \(error.message)")
        }
        let model = SessionSummaryViewModel(
            store: ctx.store, recorded: summary.recorded, discardedSeconds: summary.countedSeconds,
            suspendedSeconds: summary.suspendedSeconds, now: ctx.now(), days: try ctx.localDays(), events: events)
        ctx.out.lines(SessionSummaryView.lines(model, width: ctx.lineWidth))
    }

    /// `focus cancel` ended the phase: nothing was recorded.
    func cancelled(_ state: RunningState) {
        clear()
        ctx.out.line(SessionSummaryViewModel.cancelledLine(state, counted: state.counted, in: ctx.zone))
    }

    /// What a run of cycles did, as it ended.
    func runSummary(_ run: RunSummary) {
        clear()
        ctx.out.lines(SessionSummaryView.runLines(run, width: ctx.lineWidth))
    }
}
