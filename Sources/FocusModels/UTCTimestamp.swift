import FoundationEssentials

/// Formats and parses the journal's UTC instants, `YYYY-MM-DDTHH:MM:SSZ`.
///
/// Hand-written because it sits on the hot path of loading a journal and
/// because the format is fixed: whole seconds, always UTC.
public enum UTCTimestamp {
    /// Formats `date` (rounded down to the second) as `2026-11-29T09:00:00Z`.
    public static func format(_ date: Date) -> String {
        format(epochSeconds: Int(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Formats seconds since 1970-01-01T00:00:00Z.
    public static func format(epochSeconds: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        append(epochSeconds: epochSeconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the instant's text to `bytes`: the one formatter, used directly where lines are written as bytes.
    package static func append(epochSeconds: Int, to bytes: inout [UInt8]) {
        let days = epochSeconds.floorDiv(86_400)
        let second = epochSeconds - days * 86_400
        let civil = CivilDate(dayNumber: days)
        if (0...9999).contains(civil.year) {
            appendDigits(civil.year, width: 4, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            appendDigits(civil.month, width: 2, to: &bytes)
            bytes.append(UInt8(ascii: "-"))
            appendDigits(civil.day, width: 2, to: &bytes)
        } else {
            bytes += civil.isoString.utf8
        }
        bytes.append(UInt8(ascii: "T"))
        appendDigits(second / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(second / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(second % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends `n` (not negative) as exactly `width` decimal digits.
    private static func appendDigits(_ n: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(n / divisor % 10) + 48)
            divisor /= 10
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z` or a `±HH:MM` offset.
    ///
    /// Returns seconds since the epoch, or `nil` when the text is not such an
    /// instant (fractions of a second are not accepted: the journal stores whole seconds).
    public static func parse<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        var it = Array(bytes)[...]
        guard it.count == 20 || it.count == 25 else { return nil }
        func number(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let b = it.first, b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
                it.removeFirst()
            }
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard it.first == c else { return false }
            it.removeFirst()
            return true
        }
        guard let y = number(4), expect(45), let mo = number(2), expect(45), let d = number(2),
            expect(84), let h = number(2), expect(58), let mi = number(2), expect(58), let s = number(2)
        else { return nil }
        guard (1...12).contains(mo), (1...CivilDate.daysIn(year: y, month: mo)).contains(d),
            h < 24, mi < 60, s < 60
        else { return nil }
        var offset = 0
        if expect(90) {
            guard it.isEmpty else { return nil }
        } else {
            guard let sign = it.first, sign == 43 || sign == 45 else { return nil }
            it.removeFirst()
            guard let oh = number(2), expect(58), let om = number(2), it.isEmpty, oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (sign == 45 ? -1 : 1)
        }
        let day = CivilDate(year: y, month: mo, day: d).dayNumber
        return day * 86_400 + h * 3600 + mi * 60 + s - offset
    }

    /// Parses a timestamp string; see ``parse(_:)-(C)``.
    public static func parse(_ text: String) -> Date? {
        parse(Array(text.utf8)).map { Date(timeIntervalSince1970: Double($0)) }
    }

    static func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}

extension Int {
    /// Division rounding towards negative infinity.
    func floorDiv(_ d: Int) -> Int {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
