import FocusModels
import FoundationEssentials

/// What the live timer shows, computed from the run loop's state.
///
/// The run loop owns the UI state (the ``TimerSession`` with its pauses and
/// extensions) and hands it in with the current clock reading; this struct
/// only computes. The view in the executable turns it into lines.
public struct TimerViewModel {
    public let session: TimerSession
    public let now: ClockReading
    public let tag: String?
    public let timeZone: TimeZone
    public let cycle: Int
    public let cycles: Int

    public init(
        session: TimerSession, now: ClockReading, tag: String?, timeZone: TimeZone, cycle: Int = 1, cycles: Int = 1
    ) {
        self.session = session
        self.now = now
        self.tag = tag
        self.timeZone = timeZone
        self.cycle = cycle
        self.cycles = cycles
    }

    /// `Focus`, `Break`, `Long break`, with `· paused` while paused.
    public var title: String { session.phase.title + (session.isPaused ? " · paused" : "") }

    /// `2/4` when running cycles, else `nil`.
    public var cycleText: String? { cycles > 1 ? "\(cycle)/\(cycles)" : nil }

    /// `24:59`.
    public var remainingText: String { LocalTime.countdown(session.remaining(at: now)) }

    /// Fraction done, 0…1.
    public var progress: Double { session.progress(at: now) }

    /// `ends 09:25` in the local zone; it moves while paused.
    public var endText: String { "ends " + LocalTime.hourMinute(session.expectedEnd(at: now), in: timeZone) }

    /// Whether the timer is paused.
    public var isPaused: Bool { session.isPaused }

    /// The key help for the current state.
    public var keysText: String {
        (session.isPaused ? "space resume" : "space pause") + " · + 5 min · q stop"
    }

    /// `slept 3m (not counted)` when the machine was suspended during the phase.
    public var suspendedText: String? {
        let slept = Int(session.suspended(at: now))
        return slept >= 1 ? "slept \(LocalTime.duration(slept)) (not counted)" : nil
    }

    /// The one line printed when output is not a terminal and the phase starts.
    public var startLine: String {
        var parts = ["\(session.phase.title) \(LocalTime.countdown(Double(session.planned)))"]
        if let cycleText { parts.append("cycle \(cycleText)") }
        parts.append("started \(LocalTime.hourMinute(session.start.wall, in: timeZone))")
        parts.append(endText)
        if let tag { parts.append("#\(tag)") }
        return parts.joined(separator: " · ")
    }
}
