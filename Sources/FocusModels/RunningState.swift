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
    /// The session's tags (a file of an older focus has one `tag`, read as the list of it).
    public var tags: [String]
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
        tags: [String], note: String?, tz: String?, pid: Int32, cycle: Int, cycles: Int, activeAt: Double? = nil,
        waiting: Bool? = nil
    ) {
        self.id = id
        self.phase = phase
        self.startedAt = startedAt
        self.planned = planned
        self.counted = counted
        self.updatedAt = updatedAt
        self.paused = paused
        self.tags = tags
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
    /// Focus up to `updatedAt`, never beyond the plan (a phase counted past its plan ends where it reached it);
    /// `nil` for a break, a phase still waiting for Enter, or an early stop under ``minimumRecordedSeconds``. An open
    /// session is completed whenever it is stopped (at least a minute), with `planned` equal to `focused`.
    public var sessionLog: FocusLog? {
        guard phase.isFocus, !isWaiting else { return nil }
        let focused = min(planned, counted)
        // An open session has no plan to miss: what was focused is what was planned.
        let completed = isOpen || focused >= planned
        guard focused >= planned && !isOpen || focused >= Self.minimumRecordedSeconds else { return nil }
        let start = Date(timeIntervalSince1970: startedAt.timeIntervalSince1970.rounded(.down))
        // Counted past the plan (`start --at` a time longer ago than the plan), the phase ended when the plan was
        // reached, not when the timer saw it.
        let overshoot = Double(max(0, counted - planned))
        let end = max(
            Date(timeIntervalSince1970: updatedAt.timeIntervalSince1970.rounded(.down) - overshoot),
            start.addingTimeInterval(Double(focused)))
        return FocusLog(
            id: id, start: start, end: end, planned: isOpen ? focused : planned, focused: focused, completed: completed,
            tz: tz, tags: tags, note: note)
    }

    private enum CodingKeys: String, CodingKey {
        case id, phase, startedAt, planned, counted, updatedAt, paused, tag, tags, note, tz, pid, cycle, cycles
        case activeAt, waiting, device, open
    }

    /// Reads the file of this focus or an older one (one `tag`, no `tags`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        phase = try c.decode(TimerPhase.self, forKey: .phase)
        startedAt = try c.decode(Date.self, forKey: .startedAt)
        planned = try c.decode(Int.self, forKey: .planned)
        counted = try c.decode(Int.self, forKey: .counted)
        updatedAt = try c.decode(Date.self, forKey: .updatedAt)
        paused = try c.decode(Bool.self, forKey: .paused)
        tags = try c.tags(.tags, or: .tag)
        note = try c.decodeIfPresent(String.self, forKey: .note)
        tz = try c.decodeIfPresent(String.self, forKey: .tz)
        pid = try c.decode(Int32.self, forKey: .pid)
        cycle = try c.decode(Int.self, forKey: .cycle)
        cycles = try c.decode(Int.self, forKey: .cycles)
        activeAt = try c.decodeIfPresent(Double.self, forKey: .activeAt)
        waiting = try c.decodeIfPresent(Bool.self, forKey: .waiting)
        device = try c.decodeIfPresent(String.self, forKey: .device)
        open = try c.decodeIfPresent(Bool.self, forKey: .open)
    }

    /// Writes `tag` (the first) beside `tags`, so an older focus still reading the file shows it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(phase, forKey: .phase)
        try c.encode(startedAt, forKey: .startedAt)
        try c.encode(planned, forKey: .planned)
        try c.encode(counted, forKey: .counted)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encode(paused, forKey: .paused)
        try c.encodeIfPresent(tags.first, forKey: .tag)
        try c.encode(tags, forKey: .tags)
        try c.encodeIfPresent(note, forKey: .note)
        try c.encodeIfPresent(tz, forKey: .tz)
        try c.encode(pid, forKey: .pid)
        try c.encode(cycle, forKey: .cycle)
        try c.encode(cycles, forKey: .cycles)
        try c.encodeIfPresent(activeAt, forKey: .activeAt)
        try c.encodeIfPresent(waiting, forKey: .waiting)
        try c.encodeIfPresent(device, forKey: .device)
        try c.encodeIfPresent(open, forKey: .open)
    }
}
