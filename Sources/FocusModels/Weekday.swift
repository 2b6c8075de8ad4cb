/// A day of the week, numbered as ISO 8601 does (Monday = 1 … Sunday = 7, like ``CivilDate/isoWeekday``).
///
/// The config's `week-start` and the weekday names people type (`mon`, `Monday`, `周一`, `星期天`) are this.
public enum Weekday: Int, CaseIterable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// `monday` … `sunday`: how the config writes it.
    public var name: String {
        switch self {
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        case .sunday: "sunday"
        }
    }

    /// The day a typed word names, any case: the full name, its usual abbreviations (`mon`, `tue`, `tues`,
    /// `wed`, `thu`, `thur`, `thurs`, `fri`, `sat`, `sun`), or Chinese (`周一`, `星期一`, `礼拜一`; Sunday is `日` or
    /// `天`).
    public init?(word: some StringProtocol) {
        let word = word.lowercased()
        if let day = Self.allCases.first(where: { $0.name == word || $0.abbreviations.contains(word) }) {
            self = day
            return
        }
        guard let prefix = ["周", "星期", "礼拜"].first(where: word.hasPrefix), word.count == prefix.count + 1,
            let number = Self.chineseNumbers.firstIndex(of: word.last!)
        else { return nil }
        self.init(rawValue: number == 0 ? 7 : number)
    }

    /// The latest date on or before `date` that falls on this day.
    public func onOrBefore(_ date: CivilDate) -> CivilDate {
        date.adding(days: -((date.isoWeekday - rawValue + 7) % 7))
    }

    private var abbreviations: [String] {
        switch self {
        case .tuesday: ["tue", "tues"]
        case .thursday: ["thu", "thur", "thurs"]
        default: [String(name.prefix(3))]
        }
    }

    /// The digit after 周/星期/礼拜 for each day: its index (Sunday is 日 at 0 or 天 at 7).
    private static let chineseNumbers: [Character] = ["日", "一", "二", "三", "四", "五", "六", "天"]
}
