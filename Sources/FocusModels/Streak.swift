/// A run of consecutive local dates with at least one completed session.
public struct Streak: Equatable, Sendable {
    /// Number of dates in the run; 0 when there is none.
    public let days: Int
    /// First date of the run.
    public let start: CivilDate?
    /// Last date of the run.
    public let end: CivilDate?

    public static let none = Streak(days: 0, start: nil, end: nil)

    public init(days: Int, start: CivilDate?, end: CivilDate?) {
        self.days = days
        self.start = start
        self.end = end
    }
}
