/// One bar of the `focus stats` chart: a day, an ISO week or a calendar month of the range.
public struct ChartBucket: Equatable, Sendable {
    /// How much time one bar covers.
    public enum Size: String, Equatable, Sendable {
        case day, week, month
    }

    /// First date of the bucket that lies in the range.
    public let start: CivilDate
    /// Last date of the bucket that lies in the range.
    public let end: CivilDate
    public let focusedSeconds: Int
    public let sessions: Int

    /// The bar size for a range of `dayCount` dates: days up to a month (31), weeks up to 180, months beyond,
    /// so that even `--range 90d` draws its chart within a screen.
    public static func size(forDayCount dayCount: Int) -> Size {
        dayCount <= 31 ? .day : dayCount <= 180 ? .week : .month
    }

    /// `days` (consecutive dates, as in ``StatsData/days``) summed into bars of `size`.
    ///
    /// Weeks start on Monday; the first and last bucket may be partial.
    public static func buckets(_ days: [StatsData.Day], size: Size) -> [ChartBucket] {
        var out: [ChartBucket] = []
        for day in days {
            if let last = out.last, sameBucket(last.start, day.date, size) {
                out[out.count - 1] = ChartBucket(
                    start: last.start, end: day.date, focusedSeconds: last.focusedSeconds + day.focusedSeconds,
                    sessions: last.sessions + day.sessions)
            } else {
                out.append(
                    ChartBucket(
                        start: day.date, end: day.date, focusedSeconds: day.focusedSeconds, sessions: day.sessions))
            }
        }
        return out
    }

    private static func sameBucket(_ a: CivilDate, _ b: CivilDate, _ size: Size) -> Bool {
        switch size {
        case .day: return a == b
        case .week: return a.dayNumber - a.isoWeekday == b.dayNumber - b.isoWeekday
        case .month: return a.year == b.year && a.month == b.month
        }
    }
}
