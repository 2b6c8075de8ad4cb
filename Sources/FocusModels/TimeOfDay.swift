/// A time of day as people type it: `9:30`, `09:30:15`, `9am`, `9:30pm`, `noon`, `midnight`, `24:00`,
/// `下午3点`, `9点半`, `晚上8:15`.
///
/// One token, already lower-cased, with any space before `am`/`pm` or after a Chinese period word removed.
struct TimeOfDay: Equatable {
    /// Seconds after the start of the day, 0 through 86 400 (`24:00`, the end of the day).
    let seconds: Int

    /// `nil` when `token` does not look like a time at all; throws when it does but a number is out of range.
    init?(_ token: String) throws(NaturalTime.Problem) {
        switch token {
        case "noon", "中午": seconds = 12 * 3600
        case "midnight", "午夜": seconds = 0
        default:
            var value = try Self.english(token)
            if value == nil { value = try Self.chinese(token) }
            guard let value else { return nil }
            seconds = value
        }
    }

    /// The tokens of a time typed with spaces joined into one: `9 am` → `9am`, `下午 3点` → `下午3点`.
    static func joined(_ tokens: [String]) -> [String] {
        var out: [String] = []
        for token in tokens {
            if let last = out.last,
                ["am", "pm"].contains(token)
                    || (Period(rawValue: last) != nil && token.first?.isASCII == true && token.first?.isNumber == true)
            {
                out[out.count - 1] = last + token
            } else {
                out.append(token)
            }
        }
        return out
    }

    /// `H:MM`, `HH:MM:SS`, or either (or a bare hour) followed by `am`/`pm`.
    private static func english(_ token: String) throws(NaturalTime.Problem) -> Int? {
        let meridiem = ["am", "pm"].first { token.hasSuffix($0) }
        let body = meridiem.map { token.dropLast($0.count) } ?? Substring(token)
        guard let (h, m, s) = try clock(body, colonNeeded: meridiem == nil) else { return nil }
        guard let meridiem else { return try hour24(h, m, s) }
        guard (1...12).contains(h) else { throw NaturalTime.Problem("with am or pm the hour is 1 to 12") }
        return ((h % 12) + (meridiem == "pm" ? 12 : 0)) * 3600 + m * 60 + s
    }

    /// An optional period word (`上午`, `下午`, `晚上`…) then `H:MM` or `H点`, `H点半`, `H点MM(分)`.
    private static func chinese(_ token: String) throws(NaturalTime.Problem) -> Int? {
        let period = Period.allCases.first { token.hasPrefix($0.rawValue) }
        let body = token.dropFirst(period?.rawValue.count ?? 0)
        let h: Int
        let m: Int
        var s = 0
        if let dot = body.firstIndex(of: "点") {
            guard let hour = number(body[..<dot], digits: 1...2) else { return nil }
            var rest = body[body.index(after: dot)...]
            if rest.last == "分" { rest = rest.dropLast() }
            h = hour
            if rest.isEmpty {
                m = 0
            } else if rest == "半" {
                m = 30
            } else {
                guard let minute = number(rest, digits: 1...2) else { return nil }
                guard minute < 60 else { throw NaturalTime.Problem("the minutes must be 00 to 59") }
                m = minute
            }
        } else if period != nil, let parts = try clock(body, colonNeeded: true) {
            (h, m, s) = parts
        } else {
            return nil
        }
        guard let period else { return try hour24(h, m, s) }
        guard let hour = period.hour(h) else {
            throw NaturalTime.Problem("with \(period.rawValue) the hour is \(period.accepted)")
        }
        return try hour24(hour, m, s)
    }

    /// Hours, minutes and seconds of `H`, `H:MM` or `H:MM:SS` (minutes and seconds two digits each).
    private static func clock(_ body: Substring, colonNeeded: Bool) throws(NaturalTime.Problem) -> (Int, Int, Int)? {
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (colonNeeded ? 2...3 : 1...3).contains(parts.count), let h = number(parts[0], digits: 1...2),
            let m = parts.count > 1 ? number(parts[1], digits: 2...2) : 0,
            let s = parts.count > 2 ? number(parts[2], digits: 2...2) : 0
        else { return nil }
        guard m < 60 else { throw NaturalTime.Problem("the minutes must be 00 to 59") }
        guard s < 60 else { throw NaturalTime.Problem("the seconds must be 00 to 59") }
        return (h, m, s)
    }

    /// A 24-hour time; `24:00` (nothing after it) is the end of the day.
    private static func hour24(_ h: Int, _ m: Int, _ s: Int) throws(NaturalTime.Problem) -> Int {
        guard h < 24 || (h == 24 && m == 0 && s == 0) else {
            throw NaturalTime.Problem("the hour must be 0 to 23 (24:00 is the end of the day)")
        }
        return h * 3600 + m * 60 + s
    }

    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// A Chinese word for a part of the day, and how it reads the hour after it: morning words like a.m.
    /// (凌晨12点 is midnight, 上午12点 noon), afternoon and evening words like p.m. (晚上12点 is the midnight
    /// that ends the evening), 中午 from 11 to 2 around noon.
    private enum Period: String, CaseIterable {
        case smallHours = "凌晨"
        case morning = "早上"
        case earlyMorning = "早晨"
        case forenoon = "上午"
        case midday = "中午"
        case afternoon = "下午"
        case dusk = "傍晚"
        case evening = "晚上"

        /// The hour on a 24-hour clock (24 for the end of the day), or `nil` when `h` cannot follow this word.
        func hour(_ h: Int) -> Int? {
            switch self {
            case .smallHours: return (0...12).contains(h) ? h % 12 : nil
            case .morning, .earlyMorning, .forenoon: return (0...12).contains(h) ? h : nil
            case .midday: return [11, 12].contains(h) ? h : (1...2).contains(h) ? h + 12 : nil
            case .afternoon, .dusk, .evening:
                switch h {
                case 1...11: return h + 12
                case 12: return self == .evening ? 24 : 12
                case 13...23: return h
                default: return nil
                }
            }
        }

        var accepted: Message {
            switch self {
            case .smallHours, .morning, .earlyMorning, .forenoon: "0 to 12"
            case .midday: "11 to 2"
            case .afternoon, .dusk, .evening: "1 to 12 (or 13 to 23)"
            }
        }
    }
}
