import FoundationEssentials

/// The arithmetic of one running phase, on readings the caller supplies.
///
/// One phase of ``TimerMachine`` (elapsed, paused, extended) as a value:
/// everything here is computed from clock readings, so tests drive it with
/// an injected clock and never sleep.
/// Focus is measured on the `active` clock: pauses and suspend are excluded.
public struct TimerSession: Equatable, Sendable {
    public let id: String
    public let phase: TimerPhase
    public let start: ClockReading
    /// Planned seconds including extensions.
    public private(set) var planned: Int
    /// Active-clock instant of the pause in progress, if paused.
    public private(set) var pausedAt: Double?
    /// Active seconds spent paused in earlier pauses.
    public private(set) var pausedTotal: Double = 0

    public init(id: String, phase: TimerPhase, planned: Int, start: ClockReading) {
        self.id = id
        self.phase = phase
        self.planned = planned
        self.start = start
    }

    public var isPaused: Bool { pausedAt != nil }

    /// Seconds of focus (or break) counted so far.
    public func counted(at now: ClockReading) -> Double {
        let current = pausedAt.map { now.active - $0 } ?? 0
        return max(0, now.active - start.active - pausedTotal - current)
    }

    /// Seconds left, never negative.
    public func remaining(at now: ClockReading) -> Double { max(0, Double(planned) - counted(at: now)) }

    /// Whether the planned time has been reached.
    public func isFinished(at now: ClockReading) -> Bool { counted(at: now) >= Double(planned) }

    /// Fraction done, 0…1.
    public func progress(at now: ClockReading) -> Double {
        planned > 0 ? min(1, counted(at: now) / Double(planned)) : 1
    }

    /// Seconds the machine was asleep since the start (not counted as focus).
    public func suspended(at now: ClockReading) -> Double {
        max(0, (now.elapsed - start.elapsed) - (now.active - start.active))
    }

    /// Wall-clock end stamp: the start plus real elapsed time, immune to the wall clock being changed.
    public func endWall(at now: ClockReading) -> Date {
        start.wall.addingTimeInterval(max(0, now.elapsed - start.elapsed).rounded(.down))
    }

    /// When the phase will end on the wall clock if it runs on unpaused; when it reached its plan, if it has.
    public func expectedEnd(at now: ClockReading) -> Date {
        now.wall.addingTimeInterval(Double(planned) - counted(at: now))
    }

    /// The `active` instant of the next redraw: the next whole second of the countdown, or the end.
    public func nextTick(after now: ClockReading) -> Double {
        let left = remaining(at: now)
        let untilWhole = left - left.rounded(.down)
        let step = untilWhole > 0.001 ? untilWhole : 1
        return now.active + min(step, max(left, 0.001))
    }

    public mutating func pause(at now: ClockReading) {
        guard pausedAt == nil else { return }
        pausedAt = now.active
    }

    public mutating func resume(at now: ClockReading) {
        guard let pausedAt else { return }
        pausedTotal += now.active - pausedAt
        self.pausedAt = nil
    }

    public mutating func togglePause(at now: ClockReading) {
        if isPaused { resume(at: now) } else { pause(at: now) }
    }

    /// Adds `seconds` to the plan (``TimerMachine`` caps it at what a record may hold).
    public mutating func extend(by seconds: Int) {
        planned += seconds
    }

    /// What the state file should say about this phase as of `now`; its ``RunningState/sessionLog`` is the record.
    ///
    /// Dates are whole seconds, so the state read back from its file records the same bytes.
    public func runningState(
        at now: ClockReading, pid: Int32, tz: String?, tags: [String], note: String?, cycle: Int, cycles: Int
    ) -> RunningState {
        let started = start.wall.timeIntervalSince1970
        return RunningState(
            id: id, phase: phase, startedAt: Date(timeIntervalSince1970: started.rounded(.down)), planned: planned,
            counted: Int(counted(at: now).rounded(.down)),
            updatedAt: Date(timeIntervalSince1970: endWall(at: now).timeIntervalSince1970.rounded(.down)),
            paused: isPaused, tags: tags, note: note, tz: tz, pid: pid, cycle: cycle, cycles: cycles,
            activeAt: now.active)
    }
}
