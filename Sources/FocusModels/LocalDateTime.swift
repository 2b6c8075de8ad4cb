import FoundationEssentials

/// Wall-clock times in a zone: the strict `2026-11-29 09:00` form, and the one rule for turning a local
/// date and time into an instant.
public enum LocalDateTime {
    /// The instant `text` (`YYYY-MM-DD HH:MM`, `T` allowed instead of the space, optional `:SS`) names in `zone`.
    ///
    /// A time that a DST change skips does not exist and is refused; a time
    /// that happens twice is the first (earlier) one. ``NaturalTime`` reads
    /// the friendlier forms people type.
    public static func parse(_ text: String, in zone: Zone) throws(FocusError) -> Date {
        let bad = FocusError(.usage, "'\(text)' is not a local time; use YYYY-MM-DD HH:MM, like 2026-11-29 09:00")
        let trimmed = text.trimmingWhitespace()
        guard let sep = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) else { throw bad }
        guard let date = CivilDate(iso: String(trimmed[..<sep])) else { throw bad }
        guard let second = clock(trimmed[trimmed.index(after: sep)...]) else { throw bad }
        return try instant(date, second, in: zone)
    }

    /// Seconds after midnight of a 24-hour `HH:MM` or `HH:MM:SS` (two digits each), or `nil`.
    static func clock(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        return s < 60 ? h * 3600 + m * 60 + s : nil
    }

    /// The instant at which the wall clock in `zone` reads `second` seconds after the start of `date`.
    ///
    /// `second` may pass 86 400 (`24:00` is the next date's `00:00`). A time the clocks skip is refused with
    /// a message naming it and the zone; a time they pass twice is the earlier.
    public static func instant(_ date: CivilDate, _ second: Int, in zone: Zone) throws(FocusError) -> Date {
        let local = date.dayNumber * 86_400 + second
        // Try the offsets in force a day either side; keep those that map back to the same wall time.
        let candidates = [-86_400, 0, 86_400].map {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local + $0)))
        }
        let matches = Set(candidates).map { local - $0 }.filter { utc in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc))) + utc == local
        }
        guard let first = matches.min() else {
            throw FocusError(.usage, "\(wallClock(local)) does not exist in \(zone.identifier) (the clocks skip it)")
        }
        return Date(timeIntervalSince1970: Double(first))
    }

    /// Seconds since 1970-01-01T00:00 on the wall clock of `zone` at `instant`.
    static func wallSeconds(_ instant: Date, in zone: Zone) -> Int {
        Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
    }

    /// `YYYY-MM-DD HH:MM`, with `:SS` when there are seconds, of wall-clock seconds since 1970.
    private static func wallClock(_ local: Int) -> String {
        let day = local.floorDiv(86_400)
        let second = local - day * 86_400
        return CivilDate(dayNumber: day).isoString + " " + UTCTimestamp.pad2(second / 3600) + ":"
            + UTCTimestamp.pad2(second / 60 % 60) + (second % 60 == 0 ? "" : ":" + UTCTimestamp.pad2(second % 60))
    }
}
