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
        // Every exported session writes two: the 20 bytes are made on the stack and appended at once.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
            func put(_ n: Int, width: Int, at end: Int) {
                var value = n
                for i in stride(from: end - 1, through: end - width, by: -1) {
                    text[i] = UInt8(truncatingIfNeeded: value % 10) &+ 48
                    value /= 10
                }
            }
            var from = 0
            if (0...9999).contains(civil.year) {
                put(civil.year, width: 4, at: 4)
                text[4] = UInt8(ascii: "-")
                put(civil.month, width: 2, at: 7)
                text[7] = UInt8(ascii: "-")
                put(civil.day, width: 2, at: 10)
            } else {
                bytes += civil.isoString.utf8
                from = 10
            }
            text[10] = UInt8(ascii: "T")
            put(second / 3600, width: 2, at: 13)
            text[13] = UInt8(ascii: ":")
            put(second / 60 % 60, width: 2, at: 16)
            text[16] = UInt8(ascii: ":")
            put(second % 60, width: 2, at: 19)
            text[19] = UInt8(ascii: "Z")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[from...]))
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by `Z` or a `±HH:MM` offset: the one parser of instants.
    ///
    /// Returns seconds since the epoch, or `nil` when the text is not such an
    /// instant (fractions of a second are not accepted: the journal stores whole seconds).
    /// It reads the bytes in place, so the journal reader calls it on every line.
    public static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
        guard p.count == 20 || p.count == 25, let b = p.baseAddress, b[4] == 45, b[7] == 45, b[10] == 84,
            b[13] == 58, b[16] == 58
        else { return nil }
        // Straight-line reads of the fixed places: the journal reader calls this twice a line.
        func at(_ i: Int) -> UInt8 { b[i] &- 48 }
        let y0 = at(0)
        let y1 = at(1)
        let y2 = at(2)
        let y3 = at(3)
        let mo0 = at(5)
        let mo1 = at(6)
        let d0 = at(8)
        let d1 = at(9)
        let h0 = at(11)
        let h1 = at(12)
        let mi0 = at(14)
        let mi1 = at(15)
        let s0 = at(17)
        let s1 = at(18)
        guard y0 < 10, y1 < 10, y2 < 10, y3 < 10, mo0 < 10, mo1 < 10, d0 < 10, d1 < 10, h0 < 10, h1 < 10, mi0 < 10,
            mi1 < 10, s0 < 10, s1 < 10
        else { return nil }
        let y = Int(y0) * 1000 + Int(y1) * 100 + Int(y2) * 10 + Int(y3)
        let mo = Int(mo0) * 10 + Int(mo1)
        let d = Int(d0) * 10 + Int(d1)
        let h = Int(h0) * 10 + Int(h1)
        let mi = Int(mi0) * 10 + Int(mi1)
        let s = Int(s0) * 10 + Int(s1)
        guard (1...12).contains(mo), d >= 1, d <= CivilDate.daysIn(year: y, month: mo), h < 24, mi < 60, s < 60
        else { return nil }
        var offset = 0
        if p.count == 20 {
            guard b[19] == 90 else { return nil }
        } else {
            let oh0 = at(20)
            let oh1 = at(21)
            let om0 = at(23)
            let om1 = at(24)
            guard b[19] == 43 || b[19] == 45, b[22] == 58, oh0 < 10, oh1 < 10, om0 < 10, om1 < 10 else { return nil }
            let oh = Int(oh0) * 10 + Int(oh1)
            let om = Int(om0) * 10 + Int(om1)
            guard oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (b[19] == 45 ? -1 : 1)
        }
        return CivilDate(year: y, month: mo, day: d).dayNumber * 86_400 + h * 3600 + mi * 60 + s - offset
    }

    /// ``parse(_:)-(UnsafeBufferPointer<UInt8>)`` of any bytes.
    public static func parse<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        Array(bytes).withUnsafeBufferPointer { parse($0) }
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
