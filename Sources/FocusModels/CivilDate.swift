import FoundationEssentials

/// A proleptic Gregorian calendar date with no time and no zone: a local day.
///
/// Day buckets are civil dates, so a DST day (23 or 25 hours) is still one
/// bucket. `dayNumber` counts days since 1970-01-01 and makes ranges simple
/// integer arithmetic; conversions use Howard Hinnant's civil-date algorithms.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date from its parts; the caller guarantees they are valid.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber z0: Int) {
        let z = z0 + 719_468
        let era = z.floorDiv(146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDiv(400)
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Monday = 1 … Sunday = 7 (ISO 8601).
    public var isoWeekday: Int {
        let w = (dayNumber + 3).floorDiv(7)
        return dayNumber + 3 - w * 7 + 1
    }

    /// The date `n` days later (earlier when negative).
    public func adding(days n: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + n) }

    /// `YYYY-MM-DD`.
    public var isoString: String {
        // Every date a journal can hold: its ten ASCII bytes written at once, not five strings joined.
        if (0...9999).contains(year), (1...12).contains(month), (1...31).contains(day) {
            return String(unsafeUninitializedCapacity: 10) { bytes in
                func write(_ value: Int, digits: Int, at offset: Int) {
                    var rest = value
                    for index in (offset..<offset + digits).reversed() {
                        bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    }
                }
                write(year, digits: 4, at: 0)
                bytes[4] = UInt8(ascii: "-")
                write(month, digits: 2, at: 5)
                bytes[7] = UInt8(ascii: "-")
                write(day, digits: 2, at: 8)
                return 10
            }
        }
        let y = year < 0 ? "-" + String(-year) : String(year)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-"
            + UTCTimestamp.pad2(month) + "-" + UTCTimestamp.pad2(day)
    }

    public var description: String { isoString }

    /// Parses `YYYY-MM-DD`; `nil` for anything else or an impossible date.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...CivilDate.daysIn(year: y, month: m)).contains(d)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Number of days in a month of a year.
    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
}

extension CivilDate: Codable {
    /// Decodes `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CivilDate(iso: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a date YYYY-MM-DD"))
        }
        self = date
    }

    /// Encodes `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(isoString)
    }
}
