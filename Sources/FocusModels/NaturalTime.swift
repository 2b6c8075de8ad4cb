import FoundationEssentials

/// Reads the times people type wherever focus takes one (`log add --start`, `--end`, `start --at`):
/// `9:30`, `9am`, `noon`, `yesterday 14:00`, `mon 9am`, `-45m`, `45m ago`, `2026-11-29 09:00`,
/// `2026-11-29T09:00:00+08:00`, `昨天 14:00`, `下午3点`.
///
/// The forms, any case, surrounding space ignored:
/// - `now` (`现在`).
/// - A time of day: `9:30`, `09:30:15`, `9am`, `9:30 pm`, `noon`, `midnight` (00:00, the start of a day),
///   `24:00` (the end of a day: the next date's 00:00); in Chinese `9点`, `9点半`, `9点15分`, `下午3点`,
///   `晚上8:30`, `中午`, `午夜`, with the period words 凌晨 早上 早晨 上午 中午 下午 傍晚 晚上.
///   Alone, which day it falls on is the ``BareTime`` rule the caller picks.
/// - A day and a time of day, either order: `yesterday 14:00`, `today 9am`, `mon 9am`, `9am monday`,
///   `2026-11-29 09:00` (or `T` for the space, or `2026-11-29 9:30pm`), `今天 9:30`, `昨天下午3点`, `前天 8点`,
///   `周一 9点`, `星期五下午2点`. A weekday is the latest such day, today included; with ``BareTime/mostRecent``
///   a moment still ahead today means that weekday a week ago.
/// - Time ago: `-45m`, `-1h30m`, `45m ago`, `1 hour 30 minutes ago`, `45分钟前`, `2小时前`, `半小时前`; at most 24
/// hours.
/// - An instant with its offset (RFC 3339): `2026-11-29T09:00:00Z`, `2026-11-29 09:00+08:00`; the zone plays
///   no part, and a fraction of a second is dropped.
///
/// With a `day-start` such as 04:00, `today`, `yesterday` and weekdays are the user's days, which run from
/// 04:00 to 04:00: `yesterday 02:00` is the night after yesterday's date, and just after midnight `today` is
/// still the day before's date. A written date is always that calendar date.
///
/// A local time the clocks skip (a DST gap) is refused with a message naming the time and the zone; a time
/// they pass twice is the earlier. The zone is read only through `identifier` and `secondsFromGMT(for:)`.
public enum NaturalTime {
    /// Which day a time of day typed alone (`9:30`) falls on; weekdays follow it too (see ``NaturalTime``).
    public enum BareTime: Equatable, Sendable {
        /// The latest such moment at or before now: `9:30` typed at 09:10 is yesterday's 09:30.
        /// For the start of a session that has happened (`log add --start`, `start --at`).
        case mostRecent
        /// On this day, with `day-start` deciding the date of an early hour (`log edit --start` of that day's session).
        case on(CivilDate)
        /// The first such moment after this instant: the end of a session that began then (`log add --end`).
        case after(Date)
    }

    /// Why a piece of typed text is not a time; ``parse(_:now:zone:dayStartSeconds:bare:)`` words the error.
    struct Problem: Error {
        let reason: Message
        init(_ reason: Message) { self.reason = reason }
    }

    /// The forms, as error messages and help list them.
    public static let examples = Message(
        "9:30, 9am, noon, yesterday 14:00, mon 9am, -45m, 45m ago, 2026-11-29 09:00 or 昨天 14:00")

    /// The instant `text` names, read at `now` in `zone`; a usage error in one line that names the accepted forms.
    ///
    /// - Parameters:
    ///   - dayStartSeconds: the config's `day-start`, seconds after midnight.
    ///   - bare: the day a time of day typed alone falls on.
    public static func parse(
        _ text: String, now: Date, zone: Zone, dayStartSeconds: Int = 0, bare: BareTime = .mostRecent
    ) throws(FocusError) -> Date {
        // The text as typed, on one line, for the message.
        let shown = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let input = shown.lowercased().replacing("：", with: ":")
        guard !input.isEmpty else { throw FocusError(.usage, "the time is empty; try \(examples)") }
        let bad = FocusError(.usage, "'\(shown)' is not a time; try \(examples)")
        // Instants are whole seconds, as the journal keeps them.
        let second = now.timeIntervalSince1970.rounded(.down)
        if input == "now" || input == "现在" { return Date(timeIntervalSince1970: second) }
        if let instant = instant(input) { return instant }
        if let body = agoBody(input) {
            guard let seconds = elapsed(body) else { throw bad }
            guard seconds <= DurationParser.maximumSeconds else {
                throw FocusError(.usage, "'\(shown)' is more than 24 hours ago; name the day, like 'yesterday 14:00'")
            }
            return Date(timeIntervalSince1970: second - Double(seconds))
        }
        let reading: Reading?
        do throws(Problem) {
            reading = try read(tokens(input))
        } catch {
            throw FocusError(.usage, "'\(shown)' is not a time: \(error.reason)")
        }
        guard let reading else { throw bad }
        guard case .at(let day, let time) = reading else {
            throw FocusError(.usage, "'\(shown)' needs a time of day too, like '\(shown) 14:00'")
        }
        let clock = Clock(now: now, zone: zone, dayStartSeconds: dayStartSeconds)
        return try clock.resolve(day, time.seconds, bare: bare)
    }

    /// The local date `text` names (`2026-11-29`, `today`, `yesterday`, `mon`, `今天`, `昨天`, `前天`, `周一`),
    /// counting from `today`; `nil` for anything else.
    public static func date(_ text: String, today: CivilDate) -> CivilDate? {
        let token = text.trimmingWhitespace().lowercased()
        guard !token.contains(" "), let day = try? DayWord(token) else { return nil }
        return day.date(today: today)
    }

    /// What follows `-` or precedes `ago` / `前`, or `nil` when `input` is not a time ago.
    private static func agoBody(_ input: String) -> Substring? {
        if input.hasPrefix("-") { return input.dropFirst() }
        if input.hasSuffix("ago") { return input.dropLast(3) }
        if input.hasSuffix("前") { return input.dropLast() }
        return nil
    }

    /// The seconds a time ago spells: `45m`, `1h30m`, `1 hour 30 minutes`, `45` (minutes), `2小时`, `半小时`.
    private static func elapsed(_ body: Substring) -> Int? {
        if body == "半小时" { return 1800 }
        var compact = ""
        var word = ""
        func flush() -> Bool {
            guard !word.isEmpty else { return true }
            guard let unit = unitWords.first(where: { $0.1.contains(word) })?.0 else { return false }
            compact += unit
            word = ""
            return true
        }
        for c in body where !c.isWhitespace {
            if c.isASCII && c.isNumber {
                guard flush() else { return nil }
                compact.append(c)
            } else {
                word.append(c)
            }
        }
        guard flush() else { return nil }
        return DurationParser.total(compact)
    }

    /// The unit letters of ``DurationParser`` and the words that spell each.
    private static let unitWords: [(String, Set<String>)] = [
        ("h", ["h", "hr", "hrs", "hour", "hours", "小时", "个小时", "钟头", "个钟头"]),
        ("m", ["m", "min", "mins", "minute", "minutes", "分钟", "分"]),
        ("s", ["s", "sec", "secs", "second", "seconds", "秒", "秒钟"]),
    ]

    /// `2026-11-29T09:00:00Z`, `2026-11-29 09:00+08:00`: a date, a time (seconds optional, any fraction
    /// dropped) and `z` or a `±HH:MM` offset; `nil` when `input` is not that.
    private static func instant(_ input: String) -> Date? {
        guard DayWord.isDateShaped(input.prefix(10)), ["t", " "].contains(input.dropFirst(10).first) else {
            return nil
        }
        var time = input.dropFirst(11)
        let offset: Substring
        if time.last == "z" {
            offset = "Z"
            time = time.dropLast()
        } else if let sign = time.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            offset = time[sign...]
            time = time[..<sign]
        } else {
            return nil
        }
        if let dot = time.firstIndex(of: ".") {
            let fraction = time[time.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            time = time[..<dot]
        }
        let seconds = time.count == 5 ? ":00" : ""
        return UTCTimestamp.parse(input.prefix(10) + "T" + time + seconds + offset.uppercased())
    }

    /// The words of `input`, with a Chinese day split from the time written against it (`昨天14:00`), a date
    /// from its `T` (`2026-11-29t09:00`), and the words of one time joined (`9 am`).
    private static func tokens(_ input: String) -> [String] {
        var words: [String] = []
        for word in input.split(separator: " ").map(String.init) {
            if word.count > 10, DayWord.isDateShaped(word.prefix(10)), word.dropFirst(10).first == "t" {
                words += [String(word.prefix(10)), String(word.dropFirst(11))]
            } else if let split = [3, 2].first(where: { word.count > $0 && chineseDay(word.prefix($0)) }) {
                words += [String(word.prefix(split)), String(word.dropFirst(split))]
            } else {
                words.append(word)
            }
        }
        return TimeOfDay.joined(words)
    }

    private static func chineseDay(_ prefix: Substring) -> Bool {
        !prefix.allSatisfy(\.isASCII) && (try? DayWord(String(prefix))) != nil
    }

    /// What the words of a time say: a time of day, on a named day or not, or a day alone.
    private enum Reading {
        case at(DayWord?, TimeOfDay)
        case dayOnly
    }

    /// The reading of `tokens`, `nil` when they are neither a time of day nor a day and a time of day.
    private static func read(_ tokens: [String]) throws(Problem) -> Reading? {
        switch tokens.count {
        case 1:
            if let time = try TimeOfDay(tokens[0]) { return .at(nil, time) }
            return try DayWord(tokens[0]) == nil ? nil : .dayOnly
        case 2:
            for (a, b) in [(tokens[0], tokens[1]), (tokens[1], tokens[0])] {
                if let day = try DayWord(a), let time = try TimeOfDay(b) { return .at(day, time) }
            }
            return nil
        default:
            return nil
        }
    }
}

/// Where a named day and a time of day land: `now`, the zone and the day start they are read against.
private struct Clock {
    let now: Date
    let zone: Zone
    let dayStartSeconds: Int

    /// The user's date now: `day-start` decides the date of the small hours.
    var today: CivilDate { LocalDays(timeZone: zone, dayStartSeconds: dayStartSeconds).date(of: now) }

    /// The instant `second` after the start of the day `day` names, or of the day `bare` picks.
    func resolve(_ day: DayWord?, _ second: Int, bare: NaturalTime.BareTime) throws(FocusError) -> Date {
        switch (day, bare) {
        case (.written(let date)?, _): return try LocalDateTime.instant(date, second, in: zone)
        case (let day?, _):
            let date = day.date(today: today)
            let instant = try onDay(date, second)
            guard case .weekday = day, bare == .mostRecent, instant > now else { return instant }
            return try onDay(date.adding(days: -7), second)
        case (nil, .mostRecent): return try occurrence(second, around: now, backwards: true)
        case (nil, .on(let date)): return try onDay(date, second)
        case (nil, .after(let start)): return try occurrence(second, around: start, backwards: false)
        }
    }

    /// `second` into the user's day `date`: a time before the day start is the night after that date.
    private func onDay(_ date: CivilDate, _ second: Int) throws(FocusError) -> Date {
        try LocalDateTime.instant(date, second + (second < dayStartSeconds ? 86_400 : 0), in: zone)
    }

    /// The latest wall time `second` at or before `instant` (`backwards`), or the first after it.
    ///
    /// A time the clocks skip on the date of `instant` is refused when it lies on the side asked for
    /// (`2:30` typed after the clocks jumped from 02:00 to 03:00); otherwise the day before (or after) is used.
    private func occurrence(_ second: Int, around instant: Date, backwards: Bool) throws(FocusError) -> Date {
        let wall = LocalDateTime.wallSeconds(instant, in: zone)
        let date = CivilDate(dayNumber: wall.floorDiv(86_400))
        do {
            let candidate = try LocalDateTime.instant(date, second, in: zone)
            if backwards ? candidate <= instant : candidate > instant { return candidate }
        } catch {
            let local = date.dayNumber * 86_400 + second
            if backwards ? local <= wall : local > wall { throw error }
        }
        return try LocalDateTime.instant(date.adding(days: backwards ? -1 : 1), second, in: zone)
    }
}
