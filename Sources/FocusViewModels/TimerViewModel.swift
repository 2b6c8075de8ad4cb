import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

/// What the live timer shows, computed from the ``TimerMachine`` and a clock reading.
///
/// The run loop owns the machine and hands it in with the current reading; this
/// struct only computes. The view in the executable turns it into lines.
public struct TimerViewModel {
    public let session: TimerSession
    public let now: ClockReading
    public let tags: [String]
    public let timeZone: Zone
    public let cycle: Int
    public let cycles: Int
    /// Whether `+` met the longest plan a record may hold.
    public let atExtensionLimit: Bool
    /// An open session (`focus start --open`): it counts up and has no end.
    public let isOpen: Bool
    /// The keys that do something now, from the machine's table.
    private let keys: [TimerKeys.Key]

    /// The frame for `machine` at `now`; `nil` when no phase counts down (waiting for Enter, over).
    public init?(machine: TimerMachine, now: ClockReading, timeZone: Zone) {
        guard let session = machine.session else { return nil }
        self.session = session
        self.now = now
        self.tags = machine.setup.tags
        self.timeZone = timeZone
        self.cycle = machine.step.cycle
        self.cycles = machine.cycles
        self.atExtensionLimit = machine.atExtensionLimit
        self.isOpen = machine.setup.open
        self.keys = machine.keys
    }

    /// `Focus`, `Break`, `Long break` (`Focus · open` counting up), with `· paused` while paused.
    public var title: Message {
        let phase = session.phase.title
        switch (isOpen, session.isPaused) {
        case (false, false): return phase
        case (true, false): return "\(phase) · open"
        case (false, true): return "\(phase) · paused"
        case (true, true): return "\(phase) · open · paused"
        }
    }

    /// `2/4` when running cycles, else `nil`.
    public var cycleText: String? { cycles > 1 ? "\(cycle)/\(cycles)" : nil }

    /// `24:59` left; for an open session, the time focused so far, counting up.
    public var remainingText: String {
        LocalTime.countdown(isOpen ? session.counted(at: now).rounded(.down) : session.remaining(at: now))
    }

    /// Fraction done, 0…1 (an open session has no end, so nothing fills).
    public var progress: Double { isOpen ? 0 : session.progress(at: now) }

    /// `ends 09:25` in the local zone (it moves while paused); `since 09:00` for an open session.
    public var endText: Message {
        isOpen
            ? "since \(LocalTime.hourMinute(session.start.wall, in: timeZone))"
            : "ends \(LocalTime.hourMinute(session.expectedEnd(at: now), in: timeZone))"
    }

    /// Whether the timer is paused.
    public var isPaused: Bool { session.isPaused }

    /// The key help for the current state, from the machine's key table.
    public var keysText: Message { TimerKeys.help(keys, paused: session.isPaused) }

    /// Said once `+` can add no more: a session plans at most a week.
    public var limitText: Message? {
        atExtensionLimit ? "at most \(duration: JournalCodec.maximumSeconds) can be planned" : nil
    }

    /// `slept 3m (not counted)` when the machine was suspended during the phase.
    public var suspendedText: Message? {
        let slept = Int(session.suspended(at: now))
        return slept >= 1 ? "slept \(duration: slept) (not counted)" : nil
    }

    /// The one line printed when output is not a terminal and the phase starts.
    public var startLine: Message {
        var parts: [Message] = [
            isOpen
                ? "\(session.phase.title), open"
                : "\(session.phase.title) \(LocalTime.countdown(Double(session.planned)))"
        ]
        if let cycleText { parts.append("cycle \(cycleText)") }
        parts.append("started \(LocalTime.hourMinute(session.start.wall, in: timeZone))")
        if !isOpen { parts.append(endText) }
        if let tags = FocusLog.hashtags(tags) { parts.append("\(tags)") }
        return .joined(parts, separator: " · ")
    }

    /// `Next: Break 05:00` and `Enter to start · q to finish`: the line shown while `step` waits for Enter.
    public static func prompt(_ step: CyclePlan.Step) -> (next: Message, keys: Message) {
        ("Next: \(step.phase.title) \(LocalTime.countdown(Double(step.seconds)))", TimerKeys.help(TimerKeys.waiting))
    }
}
