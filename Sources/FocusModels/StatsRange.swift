/// Which local dates a statistic covers: the UI state `focus stats` and `focus log` are given.
///
/// `lastDays(7)` is today and the 6 local dates before it (7 dates, not 8);
/// a `period` is a calendar day, week, month or year, fixed when the range is
/// parsed; `dates` is an inclusive pair; `all` runs from the first session's
/// date to today, also when a session recorded in a zone ahead of the reader's
/// is dated tomorrow.
public enum StatsRange: Equatable, Sendable {
    /// Today and the `n - 1` local dates before it.
    case lastDays(Int)
    /// A named calendar period and its first and last dates.
    case period(Period, from: CivilDate, to: CivilDate)
    /// Both dates included.
    case dates(from: CivilDate, to: CivilDate)
    /// Every session.
    case all

    /// A calendar period named by `--range`; its raw value is the name.
    public enum Period: String, CaseIterable, Sendable {
        case today, yesterday, week
        case lastWeek = "last-week"
        case month
        case lastMonth = "last-month"
        case year
        case lastYear = "last-year"

        /// Chinese names people may type for each period.
        static let chineseNames: [String: Period] = [
            "今天": .today, "昨天": .yesterday, "本周": .week, "上周": .lastWeek, "本月": .month, "上月": .lastMonth,
            "今年": .year, "去年": .lastYear,
        ]

        /// The first and last dates of this period, from `today` and the day weeks start on.
        ///
        /// `week`, `month` and `year` run to today (so far); `last-week`, `last-month` and `last-year` are whole.
        public func dates(today: CivilDate, weekStart: Weekday) -> ClosedRange<CivilDate> {
            let firstOfWeek = weekStart.onOrBefore(today)
            let firstOfMonth = CivilDate(year: today.year, month: today.month, day: 1)
            switch self {
            case .today: return today...today
            case .yesterday: return today.adding(days: -1)...today.adding(days: -1)
            case .week: return firstOfWeek...today
            case .lastWeek: return firstOfWeek.adding(days: -7)...firstOfWeek.adding(days: -1)
            case .month: return firstOfMonth...today
            case .lastMonth:
                let last = firstOfMonth.adding(days: -1)
                return CivilDate(year: last.year, month: last.month, day: 1)...last
            case .year: return CivilDate(year: today.year, month: 1, day: 1)...today
            case .lastYear:
                return CivilDate(
                    year: today.year - 1, month: 1, day: 1)...CivilDate(year: today.year - 1, month: 12, day: 31)
            }
        }
    }

    /// The named ranges, as help and shell completion offer them.
    public static let names = Period.allCases.map(\.rawValue) + ["7d", "30d", "90d", "1y", "all"]

    /// The longest `Nd`, and the most dates `--from`/`--to` may span: ten years of days.
    public static let maximumDays = 3660

    /// The range named by `--range` (any of ``names``, any `Nd`, any case) or by `--from`/`--to`.
    ///
    /// With neither, the default is `7d`. `--from` alone ends today; `--to`
    /// needs `--from`; each takes the dates ``NaturalTime/date(_:today:)`` reads
    /// (`2026-11-29`, `today`, `yesterday`, `mon`…). `week` and `last-week` start
    /// on `weekStart`. A bad name, an impossible date, a reversed pair, a pair
    /// spanning more than ``maximumDays`` or both forms at once is a usage error
    /// that says why.
    public static func parse(
        range: String?, from: String?, to: String?, today: CivilDate, weekStart: Weekday = .monday
    ) throws(FocusError) -> StatsRange {
        if from != nil || to != nil {
            guard range == nil else { throw FocusError(.usage, "give either --range or --from/--to, not both") }
            guard let from else { throw FocusError(.usage, "--to needs --from (the first date of the range)") }
            let first = try date(from, option: "from", today: today)
            let last =
                try to.map { (text) throws(FocusError) -> CivilDate in try date(text, option: "to", today: today) }
                ?? today
            guard first <= last else {
                throw FocusError(.usage, "--from \(first) is after --to \(last); the range must run forwards")
            }
            // A statistic walks every date of its range: thousands of years would take minutes and say nothing.
            let span = last.dayNumber - first.dayNumber + 1
            guard span <= maximumDays else {
                throw FocusError(
                    .usage,
                    """
                    --from \(first) to \(last) is \(span) days, more than \(maximumDays) (ten years); \
                    --range all covers every session
                    """
                )
            }
            return .dates(from: first, to: last)
        }
        guard let text = range else { return .lastDays(7) }
        let range = text.trimmingWhitespace().lowercased()
        if let period = Period(rawValue: range) ?? Period.chineseNames[range] {
            let dates = period.dates(today: today, weekStart: weekStart)
            return .period(period, from: dates.lowerBound, to: dates.upperBound)
        }
        switch range {
        case "all": return .all
        case "1y": return .lastDays(365)
        default:
            guard range.hasSuffix("d"), let n = Int(range.dropLast()), range.first?.isNumber == true else {
                throw FocusError(
                    .usage,
                    "'\(text)' is not a range; use \(names.joined(separator: ", ")) or a number of days like 14d")
            }
            guard (1...maximumDays).contains(n) else {
                throw FocusError(.usage, "--range \(range) must be from 1d to \(maximumDays)d")
            }
            return .lastDays(n)
        }
    }

    /// The first and last day numbers, given today and the day numbers the sessions span.
    public func bounds(today: Int, sessionSpan: ClosedRange<Int>?) -> ClosedRange<Int> {
        switch self {
        case .lastDays(let n): return today - n + 1...today
        case .period(_, let from, let to), .dates(let from, let to): return from.dayNumber...to.dayNumber
        case .all:
            guard let span = sessionSpan else { return today...today }
            return min(span.lowerBound, today)...today
        }
    }

    /// The window `windows` ranges of this length away: `-1` is the one just before (`7d` moved by `-1` is the
    /// 7 dates before the last 7), `1` the one after; as dates, since they no longer end today. `all` has
    /// nowhere to move and stays itself, as does a move of 0.
    public func shifted(by windows: Int, today: CivilDate) -> StatsRange {
        guard windows != 0, self != .all else { return self }
        let bounds = bounds(today: today.dayNumber, sessionSpan: nil)
        let step = windows * bounds.count
        return .dates(
            from: CivilDate(dayNumber: bounds.lowerBound + step), to: CivilDate(dayNumber: bounds.upperBound + step))
    }

    /// `7d`, `1y`, `week`, `all`, or `custom` for a pair of dates; the `range` key of `--json`.
    public var name: String {
        switch self {
        case .period(let period, _, _): return period.rawValue
        case .lastDays(365): return "1y"
        case .lastDays(let n): return "\(n)d"
        case .dates: return "custom"
        case .all: return "all"
        }
    }

    private static func date(_ text: String, option: String, today: CivilDate) throws(FocusError) -> CivilDate {
        guard let date = NaturalTime.date(text, today: today) else {
            throw FocusError(
                .usage,
                """
                --\(option) '\(text)' is not a date; use YYYY-MM-DD (like 2026-11-29), today, yesterday or a weekday \
                like mon
                """
            )
        }
        return date
    }
}
