/// A POSIX TZ rule (`UTC+3`, `CET-1CEST,M3.5.0,M10.5.0/3`, `<+0530>-5:30`) in the state glibc's
/// `tzset` leaves its two `tz_rule`s in, and the offset glibc computes from them.
///
/// The parser (``PosixRuleParser``) fills the parts field by field as glibc does, partial readings
/// included, so a malformed rule gives what the C library gives. Two of glibc's habits show here:
/// the changes are computed for the *UTC* year of the instant, and every year before 1971 uses the
/// change dates of its own calendar placed in 1970.
struct PosixRule: Sendable, Equatable {
    /// How the date of a change is written.
    enum DateForm: Sendable, Equatable {
        /// `n`: day of the year from 0, counting February 29 (glibc's `J0`, what memset leaves).
        case zeroBasedDay
        /// `Jn`: day of the year from 1, never counting February 29.
        case julianDay
        /// `Mm.w.d`: day `d` (0 = Sunday) of week `w` (5 = the last) of month `m`.
        case monthWeekDay
    }

    /// One of glibc's `tz_rule`s: standard time, or daylight saving time and when it starts.
    struct Part: Sendable, Equatable {
        var name = ""
        /// Seconds east of Greenwich.
        var offset = 0
        var form = DateForm.zeroBasedDay
        var month = 0
        var week = 0
        var day = 0
        /// Local time of day of the change, seconds (may be negative or past 24 hours).
        var time = 0
    }

    /// glibc's `tz_rules[0]`: its change is when daylight saving time starts.
    var standard = Part()
    /// glibc's `tz_rules[1]`: its change is when daylight saving time ends.
    var daylight = Part()

    /// Whether the two parts share one offset: the rule never moves the clock.
    var isFixed: Bool { standard.offset == daylight.offset }

    /// The part in force at `t` (seconds since 1970 UTC), as glibc's `__tz_compute` picks it.
    func part(at t: Int) -> Part { isDaylight(at: t) ? daylight : standard }

    /// The offset in force at `t`.
    func offset(at t: Int) -> Int { isDaylight(at: t) ? daylight.offset : standard.offset }

    /// glibc's `tm_isdst` for `t`.
    func isDaylight(at t: Int) -> Bool {
        let year = CivilDate(dayNumber: t.floorDiv(86_400)).year
        let start = Self.change(standard, year: year)
        let end = Self.change(daylight, year: year)
        // The southern hemisphere's daylight saving time spans the new year.
        return start > end ? (t < end || t >= start) : (t >= start && t < end)
    }

    /// Every instant in `lower...upper` where the rule may change the offset: the changes of each
    /// UTC year it touches and the first second of each of those years (glibc recomputes there).
    func changeCandidates(in lower: Int, _ upper: Int) -> [Int] {
        guard !isFixed else { return [] }
        let first = CivilDate(dayNumber: lower.floorDiv(86_400)).year
        let last = CivilDate(dayNumber: upper.floorDiv(86_400)).year
        var out: [Int] = []
        for year in first...max(first, last) {
            let candidates = [
                CivilDate(year: year, month: 1, day: 1).dayNumber * 86_400, Self.change(standard, year: year),
                Self.change(daylight, year: year),
            ]
            out += candidates.filter { (lower...upper).contains($0) }
        }
        return out.sorted()
    }

    /// glibc's `compute_change`: the UTC instant of `part`'s change in `year`.
    static func change(_ part: Part, year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        // glibc counts from January 1 of the year only after 1970; before, from 1970's.
        var t = 0
        if year > 1970 {
            let days =
                (year - 1970) * 365 + ((year - 1) / 4 - 1970 / 4) - ((year - 1) / 100 - 1970 / 100)
                + ((year - 1) / 400 - 1970 / 400)
            t = days * 86_400
        }
        switch part.form {
        case .julianDay:
            t += (part.day - 1) * 86_400
            if part.day >= 60 && leap { t += 86_400 }
        case .zeroBasedDay:
            t += part.day * 86_400
        case .monthWeekDay:
            let table = leap ? leapMonthStarts : monthStarts
            t += table[part.month - 1] * 86_400
            // Zeller's congruence: the weekday of the first of the month.
            let m1 = (part.month + 9) % 12 + 1
            let yy0 = part.month <= 2 ? year - 1 : year
            let yy1 = yy0 / 100
            let yy2 = yy0 % 100
            var weekday = ((26 * m1 - 2) / 10 + 1 + yy2 + yy2 / 4 + yy1 / 4 - 2 * yy1) % 7
            if weekday < 0 { weekday += 7 }
            var d = part.day - weekday
            if d < 0 { d += 7 }
            let length = table[part.month] - table[part.month - 1]
            var week = 1
            while week < part.week {
                if d + 7 >= length { break }
                d += 7
                week += 1
            }
            t += d * 86_400
        }
        return t - part.offset + part.time
    }

    /// Days before each month, and the year's length last (glibc's `__mon_yday`).
    static let monthStarts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365]
    static let leapMonthStarts = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366]
}
