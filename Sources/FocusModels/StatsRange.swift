/// Which local dates a statistic covers: the UI state `focus stats` is given.
///
/// `lastDays(7)` is today and the 6 local dates before it (7 dates, not 8);
/// `dates` is an inclusive pair; `all` runs from the first session's date to
/// today, also when a session recorded in a zone ahead of the reader's is dated tomorrow.
public enum StatsRange: Equatable, Sendable {
    /// Today and the `n - 1` local dates before it.
    case lastDays(Int)
    /// Both dates included.
    case dates(from: CivilDate, to: CivilDate)
    /// Every session.
    case all

    /// The named ranges, as help and shell completion offer them.
    public static let names = ["7d", "30d", "90d", "1y", "all"]

    /// The longest `Nd` accepted: ten years of days.
    public static let maximumDays = 3660

    /// The range named by `--range` (`7d`, `30d`, `90d`, `1y`, `all`, any `Nd`) or by `--from`/`--to`.
    ///
    /// With neither, the default is `7d`. `--from` alone ends today; `--to`
    /// needs `--from`. A bad name, an impossible date, a reversed pair or
    /// both forms at once is a usage error that says why.
    public static func parse(range: String?, from: String?, to: String?, today: CivilDate) throws(FocusError)
        -> StatsRange
    {
        if from != nil || to != nil {
            guard range == nil else { throw FocusError(.usage, "give either --range or --from/--to, not both") }
            guard let from else { throw FocusError(.usage, "--to needs --from (the first date of the range)") }
            let first = try date(from, option: "from")
            let last = try to.map { (text) throws(FocusError) -> CivilDate in try date(text, option: "to") } ?? today
            guard first <= last else {
                throw FocusError(.usage, "--from \(first) is after --to \(last); the range must run forwards")
            }
            return .dates(from: first, to: last)
        }
        guard let range else { return .lastDays(7) }
        switch range {
        case "all": return .all
        case "1y": return .lastDays(365)
        default:
            let bad = FocusError(
                .usage, "'\(range)' is not a range; use 7d, 30d, 90d, 1y, all or a number of days like 14d")
            guard range.hasSuffix("d"), let n = Int(range.dropLast()), range.first?.isNumber == true else { throw bad }
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
        case .dates(let from, let to): return from.dayNumber...to.dayNumber
        case .all:
            guard let span = sessionSpan else { return today...today }
            return min(span.lowerBound, today)...today
        }
    }

    /// `7d`, `1y`, `all`, or `custom` for a pair of dates; the `range` key of `--json`.
    public var name: String {
        switch self {
        case .lastDays(365): return "1y"
        case .lastDays(let n): return "\(n)d"
        case .dates: return "custom"
        case .all: return "all"
        }
    }

    private static func date(_ text: String, option: String) throws(FocusError) -> CivilDate {
        guard let date = CivilDate(iso: text) else {
            throw FocusError(.usage, "--\(option) '\(text)' is not a date; use YYYY-MM-DD, like 2026-11-29")
        }
        return date
    }
}
