import FocusCore

/// Shows how far a long piece of work has come (``WorkProgress``: a count, a rate and the time left) on one line of
/// stderr, redrawn in place, and erases it when the work is done.
///
/// Only on a terminal, and never for a command asked for `--json`: a pipe or a file gets nothing. Quick work shows
/// nothing either: the line appears once the work has run for ``delay`` seconds, and is redrawn at most every
/// ``interval``.
final class ProgressMeter {
    static let delay = 0.3
    static let interval = 0.1

    private let err: TerminalWriter
    private let width: Int
    private var title: Message?
    private var stepStarted: Double
    private var lastDrawn = -Double.infinity
    private let started: Double
    private var shown = false

    /// A meter on `ctx`'s stderr; `nil` when stderr is not a terminal or `enabled` is false (`--json`).
    init?(_ ctx: Context, enabled: Bool = true) {
        guard enabled, ctx.err.isTerminal else { return nil }
        err = ctx.err
        width = ctx.err.columns(environment: ctx.environment)
        started = LiveClock.monotonic()
        stepStarted = started
    }

    /// Takes in the latest progress; draws it when it is time to.
    func report(_ progress: WorkProgress) {
        let now = LiveClock.monotonic()
        if progress.title != title {
            title = progress.title
            stepStarted = now
        }
        guard now - started >= Self.delay, now - lastDrawn >= Self.interval else { return }
        lastDrawn = now
        shown = true
        err.redraw([TerminalLine(Self.text(progress, elapsed: now - stepStarted)).truncated(toWidth: width - 1)])
    }

    /// Erases the line, if it was drawn.
    func finish() {
        if shown { err.redraw([]) }
        shown = false
    }

    /// `Reading the journal: 412000 (980000 a second), 1 s left`.
    static func text(_ progress: WorkProgress, elapsed: Double) -> Message {
        let rate = elapsed > 0 ? Int((Double(progress.done) / elapsed).rounded()) : 0
        guard progress.fraction > 0, elapsed > 0 else { return "\(progress.title): \(progress.done)" }
        let left = Int((elapsed * (1 - progress.fraction) / progress.fraction).rounded(.up))
        return "\(progress.title): \(progress.done) (\(rate) a second), \(left) s left"
    }
}
