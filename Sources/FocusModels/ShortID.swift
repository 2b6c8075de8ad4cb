import FoundationEssentials

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

    /// The fewest characters a prefix that is not a whole id may have, as git asks.
    public static let minimumPrefix = 4

    /// The one id in `ids` that starts with `prefix` (case-insensitive); an exact match wins.
    ///
    /// A prefix under ``minimumPrefix`` characters that is no whole id is a usage error: one or two characters
    /// typed by accident must not name the one session they happen to match. No match exits 1 ("nothing to act
    /// on"); several are a usage error that lists a few.
    public static func resolve(_ prefix: String, among ids: [String]) throws(FocusError) -> String {
        guard !prefix.isEmpty else { throw FocusError(.usage, "the session id is empty") }
        if ids.contains(prefix) { return prefix }
        guard prefix.count >= minimumPrefix else {
            throw FocusError(
                .usage,
                "an id needs at least \(minimumPrefix) characters: '\(prefix)' is too short to name one session")
        }
        let lower = prefix.lowercased()
        let matches = ids.filter { $0.lowercased().hasPrefix(lower) }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw FocusError(.failure, "no session has an id starting with '\(prefix)' (focus log lists them)")
        default:
            let shown = matches.prefix(3).joined(separator: ", ") + (matches.count > 3 ? ", …" : "")
            throw FocusError(
                .usage, "'\(prefix)' is ambiguous: \(matches.count) sessions match (\(shown)); give more characters")
        }
    }
}
