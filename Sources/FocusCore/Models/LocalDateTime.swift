import FoundationEssentials

/// Parses a wall-clock time typed by a person, `2026-11-29 09:00`, in a zone.
public enum LocalDateTime {
    /// The instant `text` (`YYYY-MM-DD HH:MM`, `T` allowed instead of the space, optional `:SS`) names in `zone`.
    ///
    /// A time that a DST change skips does not exist and is refused; a time
    /// that happens twice is the first (earlier) one.
    public static func parse(_ text: String, in zone: TimeZone) throws(FocusError) -> Date {
        let bad = FocusError(.usage, "'\(text)' is not a local time; use YYYY-MM-DD HH:MM, like 2026-11-29 09:00")
        let trimmed = text.trimmingWhitespace()
        guard let sep = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) else { throw bad }
        guard let date = CivilDate(iso: String(trimmed[..<sep])) else { throw bad }
        let parts = trimmed[trimmed.index(after: sep)...].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { throw bad }
        let s = parts.count == 3 ? Int(parts[2]) ?? 60 : 0
        guard s < 60 else { throw bad }
        let local = date.dayNumber * 86_400 + h * 3600 + m * 60 + s
        // Try the offsets in force a day either side; keep those that map back to the same wall time.
        let candidates = [-86_400, 0, 86_400].map { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local + $0))) }
        let matches = Set(candidates).map { local - $0 }.filter { utc in
            zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc))) + utc == local
        }
        guard let first = matches.min() else {
            throw FocusError(.usage, "\(trimmed) does not exist in \(zone.identifier) (the clocks skip it)")
        }
        return Date(timeIntervalSince1970: Double(first))
    }
}

/// Short ids, as git abbreviates commits: the shortest prefix of at least 8 characters that is unique.
public enum ShortID {
    /// The prefix length that makes every id in `ids` unique (at least `minimum`, at most the id).
    public static func length(for ids: [String], minimum: Int = 8) -> Int {
        let sorted = ids.map { $0.lowercased() }.sorted()
        var length = minimum
        for (a, b) in zip(sorted, sorted.dropFirst()) where a != b {
            let common = zip(a, b).prefix { $0 == $1 }.count
            length = max(length, common + 1)
        }
        return length
    }

    /// The one id in `ids` that starts with `prefix` (case-insensitive); an exact match wins.
    ///
    /// No match exits 1 ("nothing to act on"); several are a usage error that lists a few.
    public static func resolve(_ prefix: String, among ids: [String]) throws(FocusError) -> String {
        guard !prefix.isEmpty else { throw FocusError(.usage, "the session id is empty") }
        if ids.contains(prefix) { return prefix }
        let lower = prefix.lowercased()
        let matches = ids.filter { $0.lowercased().hasPrefix(lower) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw FocusError(.failure, "no session has an id starting with '\(prefix)' (focus log lists them)")
        default:
            let shown = matches.prefix(3).joined(separator: ", ") + (matches.count > 3 ? ", …" : "")
            throw FocusError(.usage, "'\(prefix)' is ambiguous: \(matches.count) sessions match (\(shown)); give more characters")
        }
    }
}
