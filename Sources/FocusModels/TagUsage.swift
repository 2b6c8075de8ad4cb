import FoundationEssentials

/// How one tag has been used: what `focus tags` lists and shell completion offers.
public struct TagUsage: Equatable, Sendable {
    public let tag: String
    /// Sessions that carry the tag (a session with several tags counts under each).
    public let sessions: Int
    /// Their focused seconds.
    public let focusedSeconds: Int
    /// The latest start of a session with the tag.
    public let lastUsed: Date

    public init(tag: String, sessions: Int, focusedSeconds: Int, lastUsed: Date) {
        self.tag = tag
        self.sessions = sessions
        self.focusedSeconds = focusedSeconds
        self.lastUsed = lastUsed
    }

    /// Every tag of `logs` once, the most recently used first (ties by name).
    public static func tally(_ logs: some Sequence<FocusLog>) -> [TagUsage] {
        var totals: [String: (sessions: Int, focused: Int, last: Date)] = [:]
        for log in logs {
            for tag in log.tags {
                let old = totals[tag] ?? (0, 0, log.start)
                totals[tag] = (old.sessions + 1, old.focused + log.focused, max(old.last, log.start))
            }
        }
        return totals.map {
            TagUsage(
                tag: $0.key.tagLabel, sessions: $0.value.sessions, focusedSeconds: $0.value.focused,
                lastUsed: $0.value.last)
        }
        .sorted { ($0.lastUsed, $1.tag) > ($1.lastUsed, $0.tag) }
    }
}

extension KeyedDecodingContainer {
    /// The list under `list`, or for a file of an older focus the single tag under `single` as a list of one.
    func tags(_ list: Key, or single: Key) throws -> [String] {
        if let tags = try decodeIfPresent([String].self, forKey: list) { return tags }
        return try decodeIfPresent(String.self, forKey: single).map { [$0] } ?? []
    }
}
