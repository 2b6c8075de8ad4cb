/// A day as people name it: a written date (`2026-11-29`), `today`, `yesterday`, a weekday (`mon`, `周一`),
/// `今天`, `昨天`, `前天`.
///
/// One token, already lower-cased.
enum DayWord: Equatable {
    /// A calendar date written out.
    case written(CivilDate)
    /// Today (0), yesterday (1), the day before (2).
    case daysAgo(Int)
    /// The latest day with this name, today included.
    case weekday(Weekday)

    /// `nil` when `token` names no day; throws for a written date that does not exist (`2026-02-30`).
    init?(_ token: String) throws(NaturalTime.Problem) {
        if let date = CivilDate(iso: token) {
            self = .written(date)
        } else if let ago = Self.relativeWords.first(where: { $0.0.contains(token) })?.1 {
            self = .daysAgo(ago)
        } else if let weekday = Weekday(word: token) {
            self = .weekday(weekday)
        } else if Self.isDateShaped(token) {
            throw NaturalTime.Problem("there is no date \(token)")
        } else {
            return nil
        }
    }

    /// The words for today, yesterday and the day before, and how many days ago each is.
    static let relativeWords: [([String], Int)] = [
        (["today", "今天", "今日"], 0), (["yesterday", "昨天", "昨日"], 1), (["前天"], 2),
    ]

    /// The local date this names, counting from `today`.
    func date(today: CivilDate) -> CivilDate {
        switch self {
        case .written(let date): date
        case .daysAgo(let n): today.adding(days: -n)
        case .weekday(let weekday): weekday.onOrBefore(today)
        }
    }

    /// `NNNN-NN-NN`: meant as a date, even when it is not one.
    static func isDateShaped(_ token: some StringProtocol) -> Bool {
        token.count == 10
            && token.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == "-" : c.isASCII && c.isNumber }
    }
}
