/// Reads a POSIX TZ rule exactly as glibc 2.36's `__tzset_parse_tz` does, down to its `sscanf`.
///
/// glibc never rejects a rule: it stops where it cannot go on and keeps what it has read, so
/// `PST` is UTC named PST, `UTC+3:` keeps a daylight part with no name, and an hour of `0300`
/// is 300, taken as 24. The reading is kept as glibc keeps it; ``Reading/isExact`` says whether
/// every character was understood without glibc's clamping, which is when focus calls the text
/// a rule (and warns otherwise).
struct PosixRuleParser {
    /// What glibc makes of a rule.
    struct Reading: Sendable, Equatable {
        var rule: PosixRule
        /// Every character read, no part missing, no number clamped or wrapped.
        var isExact: Bool
        /// A daylight name with no rule after it: glibc takes the changes from `posixrules`
        /// (``ZoneReader``), and from this reading (the United States' rules) when that file is missing.
        var wantsDefaultRules: Bool
        /// glibc reads a month outside 1–12 past the end of its table; focus refuses such a rule.
        var isUndefined: Bool
    }

    private let bytes: [UInt8]
    private var index = 0
    private var rule = PosixRule()
    private var exact = true

    /// The reading of `text`; like the C string glibc sees, it ends at a NUL byte.
    static func read(_ text: String) -> Reading {
        var parser = PosixRuleParser(bytes: Array(text.utf8.prefix { $0 != 0 }))
        return parser.parse()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8 { index < bytes.count ? bytes[index] : 0 }

    private mutating func parse() -> Reading {
        var wantsDefault = false
        var complete = false
        if name(daylight: false) && offset(daylight: false) {
            if current != 0 {
                let named = name(daylight: true)
                if named {
                    _ = offset(daylight: true)
                    if current == 0 || (current == UInt8(ascii: ",") && index + 1 == bytes.count) {
                        wantsDefault = true
                    }
                }
                if change(daylight: false) { complete = change(daylight: true) }
                complete = complete && named && index == bytes.count
            } else {
                rule.daylight.name = rule.standard.name
                rule.daylight.offset = rule.standard.offset
                complete = true
            }
        }
        let undefined = Self.isUndefined(rule.standard) || Self.isUndefined(rule.daylight)
        return Reading(
            rule: rule, isExact: complete && exact && !undefined, wantsDefaultRules: wantsDefault,
            isUndefined: undefined)
    }

    /// A month glibc would look up outside its table (only a failed `Mm.w.d` leaves one).
    private static func isUndefined(_ part: PosixRule.Part) -> Bool {
        part.form == .monthWeekDay && !(1...12).contains(part.month)
    }

    /// glibc's `parse_tzname`: three or more letters, or `<` three or more of `A-Za-z0-9+-` `>`.
    private mutating func name(daylight: Bool) -> Bool {
        var end = index
        while end < bytes.count, isLetter(bytes[end]) { end += 1 }
        var start = index
        if end - start < 3 {
            guard current == UInt8(ascii: "<") else { return false }
            start = index + 1
            end = start
            while end < bytes.count, isLetter(bytes[end]) || isDigit(bytes[end]) || isSign(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ">"), end - start >= 3 else { return false }
            index = end + 1
        } else {
            index = end
        }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        if daylight { rule.daylight.name = text } else { rule.standard.name = text }
        return true
    }

    /// glibc's `parse_offset`: `[+-]hh[:mm[:ss]]`, hours *west* of Greenwich; daylight time
    /// defaults to an hour ahead of standard time.
    private mutating func offset(daylight: Bool) -> Bool {
        let c = current
        if !daylight && (c == 0 || (!isSign(c) && !isDigit(c))) { return false }
        var sign = -1
        if isSign(c) {
            sign = c == UInt8(ascii: "-") ? 1 : -1
            index += 1
        }
        let clock = scanClock()
        if clock.count > 0 {
            exact = exact && clock.hours <= 24 && clock.minutes <= 59 && clock.seconds <= 59
            let seconds = min(clock.seconds, 59) + min(clock.minutes, 59) * 60 + min(clock.hours, 24) * 3600
            if daylight { rule.daylight.offset = sign * seconds } else { rule.standard.offset = sign * seconds }
        } else if daylight {
            rule.daylight.offset = rule.standard.offset + 3600
        } else {
            rule.standard.offset = 0
            return false
        }
        index += clock.consumed
        return true
    }

    /// glibc's `parse_rule`: `Jn`, `n` or `Mm.w.d`, then `/time`; a missing date (the end of the
    /// text) is the United States' rule, a missing time 02:00. Fields read before a failure stay set.
    private mutating func change(daylight: Bool) -> Bool {
        var part = daylight ? rule.daylight : rule.standard
        defer { if daylight { rule.daylight = part } else { rule.standard = part } }
        var at = index
        if at < bytes.count && bytes[at] == UInt8(ascii: ",") { at += 1 }
        let c = at < bytes.count ? bytes[at] : 0
        if c == UInt8(ascii: "J") || isDigit(c) {
            part.form = c == UInt8(ascii: "J") ? .julianDay : .zeroBasedDay
            if part.form == .julianDay {
                at += 1
                guard at < bytes.count, isDigit(bytes[at]) else { return false }
            }
            var end = at
            var value = 0
            while end < bytes.count, isDigit(bytes[end]) {
                value = min(value * 10 + Int(bytes[end] - 48), 1_000_000)
                end += 1
            }
            guard value <= 365, part.form == .zeroBasedDay || value != 0 else { return false }
            part.day = value
            at = end
        } else if c == UInt8(ascii: "M") {
            part.form = .monthWeekDay
            var q = at + 1
            guard let month = scanUnsignedShort(&q) else { return false }
            part.month = Int(month.value)
            guard skip(".", &q), let week = scanUnsignedShort(&q) else { return false }
            part.week = Int(week.value)
            guard skip(".", &q), let day = scanUnsignedShort(&q) else { return false }
            part.day = Int(day.value)
            guard (1...12).contains(part.month), (1...5).contains(part.week), part.day <= 6 else { return false }
            exact = exact && month.isPlain && week.isPlain && day.isPlain
            at = q
        } else if c == 0 {
            part.form = .monthWeekDay
            (part.month, part.week, part.day) = daylight ? (11, 1, 0) : (3, 2, 0)
        } else {
            return false
        }
        let next = at < bytes.count ? bytes[at] : 0
        if next != 0 && next != UInt8(ascii: "/") && next != UInt8(ascii: ",") { return false }
        if next == UInt8(ascii: "/") {
            at += 1
            guard at < bytes.count else { return false }
            let negative = bytes[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            index = at
            var clock = scanClock()
            if clock.count == 0 { clock.hours = 2 }
            part.time = (negative ? -1 : 1) * (clock.hours * 3600 + clock.minutes * 60 + clock.seconds)
            at += clock.consumed
        } else {
            part.time = 2 * 3600
        }
        index = at
        return true
    }

    /// `sscanf(s, "%hu%n:%hu%n:%hu%n", ...)` at the current index: how many numbers were read and how
    /// many bytes the last `%n` counted.
    private mutating func scanClock() -> (hours: Int, minutes: Int, seconds: Int, count: Int, consumed: Int) {
        var q = index
        var fields = [0, 0, 0]
        var count = 0
        var consumed = 0
        while count < 3 {
            if count > 0 && !skip(":", &q) { break }
            guard let number = scanUnsignedShort(&q) else { break }
            fields[count] = Int(number.value)
            exact = exact && number.isPlain
            count += 1
            consumed = q - index
        }
        return (fields[0], fields[1], fields[2], count, consumed)
    }

    /// One `%hu`: white space skipped, an optional sign, decimal digits, read by `strtoul` (saturating
    /// at `ULONG_MAX`, a minus negating) and stored into an `unsigned short` (wrapping). `isPlain`:
    /// digits only, below 65,536.
    private func scanUnsignedShort(_ q: inout Int) -> (value: UInt16, isPlain: Bool)? {
        var p = q
        while p < bytes.count, [9, 10, 11, 12, 13, 32].contains(bytes[p]) { p += 1 }
        var negative = false
        var signed = false
        if p < bytes.count, isSign(bytes[p]) {
            negative = bytes[p] == UInt8(ascii: "-")
            signed = true
            p += 1
        }
        let first = p
        var value: UInt64 = 0
        var overflow = false
        while p < bytes.count, isDigit(bytes[p]) {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (plus, o2) = times.addingReportingOverflow(UInt64(bytes[p] - 48))
            overflow = overflow || o1 || o2
            value = plus
            p += 1
        }
        guard p > first else { return nil }
        if overflow { value = .max } else if negative { value = 0 &- value }
        let plain = !signed && !overflow && value <= UInt64(UInt16.max) && first == q
        q = p
        return (UInt16(truncatingIfNeeded: value), plain)
    }

    /// Steps over `literal` at `q`, as a `sscanf` format character must match.
    private func skip(_ literal: Unicode.Scalar, _ q: inout Int) -> Bool {
        guard q < bytes.count, bytes[q] == UInt8(ascii: literal) else { return false }
        q += 1
        return true
    }

    private func isLetter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
    private func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    private func isSign(_ c: UInt8) -> Bool { c == UInt8(ascii: "+") || c == UInt8(ascii: "-") }
}
