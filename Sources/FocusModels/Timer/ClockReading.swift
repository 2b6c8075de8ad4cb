import FoundationEssentials

/// One reading of the three clocks the timer needs, taken together.
///
/// `active` stops while the machine is suspended (Linux `CLOCK_MONOTONIC`),
/// `elapsed` keeps counting through suspend (`CLOCK_BOOTTIME`), and `wall`
/// only stamps start and end. Tests build readings by hand.
public struct ClockReading: Equatable, Sendable {
    /// Seconds on a clock that does not advance while the machine sleeps.
    public var active: Double
    /// Seconds on a clock that includes time asleep.
    public var elapsed: Double
    /// The wall clock.
    public var wall: Date

    public init(active: Double, elapsed: Double, wall: Date) {
        self.active = active
        self.elapsed = elapsed
        self.wall = wall
    }
}
