/// A calendar heatmap: one column per ISO week, one row per weekday, five shades.
public struct Heatmap: Equatable, Sendable {
    /// One date and its shade.
    public struct Cell: Equatable, Sendable {
        public let date: CivilDate
        public let focusedSeconds: Int
        /// 0 for no focus, then 1…4 by quarters of the range's best day.
        public let level: Int
    }

    /// Weeks in order; each holds seven entries, Monday first, `nil` for dates outside the range.
    public let weeks: [[Cell?]]

    /// Lays out `days` (consecutive dates, as in ``StatsData/days``).
    public init(days: [StatsData.Day]) {
        let best = days.map(\.focusedSeconds).max() ?? 0
        var weeks: [[Cell?]] = []
        for day in days {
            let weekday = day.date.isoWeekday - 1
            if weekday == 0 || weeks.isEmpty { weeks.append([Cell?](repeating: nil, count: 7)) }
            let level = day.focusedSeconds == 0 ? 0 : 1 + 4 * day.focusedSeconds / (best + 1)
            weeks[weeks.count - 1][weekday] = Cell(date: day.date, focusedSeconds: day.focusedSeconds, level: level)
        }
        self.weeks = weeks
    }
}
