import FoundationEssentials

/// The running phase as other processes see it: `running.json` in the data folder.
///
/// The timer replaces this file atomically on start, pause, resume, extend, suspend and
/// on a heartbeat, and while it waits for Enter between phases. `focus status` reads only
/// this file; after a crash the next command turns it into an interrupted session
/// (`AppStore.recover`), with the same rule the timer records by (``sessionLog``).
public struct RunningState: Codable, Equatable, Sendable {
    public var id: String
    public var phase: TimerPhase
    /// Wall-clock start, whole seconds.
    public var startedAt: Date
    /// Planned seconds including extensions.
    public var planned: Int
    /// Seconds counted (focus excludes pauses and sleep) as of `updatedAt`.
    public var counted: Int
    /// The last moment the timer was known alive, whole seconds: the start plus the real time
    /// since (suspend included, wall-clock changes not), so it is the end of a recovered session.
    public var updatedAt: Date
    public var paused: Bool
    public var tag: String?
    public var note: String?
    public var tz: String?
    /// Process id of the timer, for `focus stop`.
    public var pid: Int32
    public var cycle: Int
    public var cycles: Int
    /// The monotonic clock (``ClockReading/active``, system-wide, stopped while asleep) at `updatedAt`;
    /// absent in older files.
    public var activeAt: Double?
    /// `true` while the timer waits for Enter before this phase: it has not begun; absent otherwise.
    public var waiting: Bool?
    /// The id of the device running it (absent in older files): a state file from another machine's copied state
    /// folder is never recovered as this machine's own session.
    public var device: String?
    /// `true` for an open session (`focus start --open`): it counts up, with `planned` only its ceiling, and is
    /// recorded as completed with what was focused; absent otherwise.
    public var open: Bool?

    public init(
        id: String, phase: TimerPhase, startedAt: Date, planned: Int, counted: Int, updatedAt: Date, paused: Bool,
        tag: String?, note: String?, tz: String?, pid: Int32, cycle: Int, cycles: Int, activeAt: Double? = nil,
        waiting: Bool? = nil
    ) {
        self.id = id
        self.phase = phase
        self.startedAt = startedAt
        self.planned = planned
        self.counted = counted
        self.updatedAt = updatedAt
        self.paused = paused
        self.tag = tag
        self.note = note
        self.tz = tz
        self.pid = pid
        self.cycle = cycle
        self.cycles = cycles
        self.activeAt = activeAt
        self.waiting = waiting
    }

    /// Whether the phase is waiting for Enter to begin.
    public var isWaiting: Bool { waiting == true }

    /// Whether it is an open session, counting up with no planned end.
    public var isOpen: Bool { open == true }

    /// `reading` as this state's own clock sees it: `updatedAt` plus the monotonic time since.
    ///
    /// Another process (`focus status`) reads the state between heartbeats;
    /// counting from the wall clock, a clock set forward would inflate the
    /// elapsed time (and one set back freeze it), and time asleep would count
    /// as focus. Without `activeAt` (an older file) it is the wall clock.
    public func now(at reading: ClockReading) -> Date {
        guard let activeAt else { return reading.wall }
        return updatedAt.addingTimeInterval(max(0, reading.active - activeAt))
    }

    /// Seconds counted as of `now`, assuming the timer is still running.
    public func counted(at now: Date) -> Int {
        paused || isWaiting ? counted : counted + max(0, Int(now.timeIntervalSince(updatedAt).rounded(.down)))
    }

    /// `running`, `paused` or `waiting` (for Enter): the state `focus status` reports.
    public var stateWord: String { isWaiting ? "waiting" : paused ? "paused" : "running" }

    /// Seconds left as of `now`.
    public func remaining(at now: Date) -> Int { max(0, planned - counted(at: now)) }

    /// Focus phases stopped before this many seconds are discarded.
    public static let minimumRecordedSeconds = 60

    /// The journal record this state stands for: the one rule by which the timer records a
    /// phase that ends and recovery records one whose timer died, so the same id always
    /// gives the same bytes.
    ///
    /// Focus up to `updatedAt`, never beyond the plan; `nil` for a break, a phase still
    /// waiting for Enter, or an early stop under ``minimumRecordedSeconds``. An open session is
    /// completed whenever it is stopped (at least a minute), with `planned` equal to `focused`.
    public var sessionLog: FocusLog? {
        guard phase.isFocus, !isWaiting else { return nil }
        let focused = min(planned, counted)
        // An open session has no plan to miss: what was focused is what was planned.
        let completed = isOpen || focused >= planned
        guard focused >= planned && !isOpen || focused >= Self.minimumRecordedSeconds else { return nil }
        let start = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        let end = max(
            Date(timeIntervalSince1970: updatedAt.timeIntervalSince1970.rounded(.down)),
            start.addingTimeInterval(Double(focused)))
        return FocusLog(
            id: id, start: start, end: end, planned: isOpen ? focused : planned, focused: focused, completed: completed,
            tz: tz, tag: tag, note: note)
    }
}
