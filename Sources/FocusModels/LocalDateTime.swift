import FoundationEssentials

/// Parses a wall-clock time typed by a person, `2026-11-29 09:00`, in a zone.
public enum LocalDateTime {
    /// The instant `text` (`YYYY-MM-DD HH:MM`, `T` allowed instead of the space, optional `:SS`) names in `zone`.
    ///
    /// A time that a DST change skips does not exist and is refused; a time
    /// that happens twice is the first (earlier) one.
    public static func parse(_ text: String, in zone: some ZoneOffsets) throws(FocusError) -> Date {
        let bad = FocusError(.usage, "'\(text)' is not a local time; use YYYY-MM-DD HH:MM, like 2026-11-29 09:00")
        let trimmed = text.trimmingWhitespace()
        guard let sep = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) else { throw bad }
        guard let date = CivilDate(iso: String(trimmed[..<sep])) else { throw bad }
        let parts = trimmed[trimmed.index(after: sep)...].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { throw bad }
        let s = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard s < 60 else { throw bad }
        let local = date.dayNumber * 86_400 + h * 3600 + m * 60 + s
        // Try the offsets in force a day either side; keep those that map back to the same wall time.
        let candidates = [-86_400, 0, 86_400].map {
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local + $0)))
        }
        let matches = Set(candidates).map { local - $0 }.filter { utc in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc))) + utc == local
        }
        guard let first = matches.min() else {
            throw FocusError(.usage, "\(trimmed) does not exist in \(zone.identifier) (the clocks skip it)")
        }
        return Date(timeIntervalSince1970: Double(first))
    }
}
