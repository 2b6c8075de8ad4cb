import FocusModels

/// What `focus dashboard` reads of the journal besides what the commands read: its tags, the newest sessions' ids and
/// their count, from the derived files, so that a journal change costs what the dashboard shows.
extension AppStore {
    /// The dashboard's facts from the derived files: every tag once in the order of the newest session that has it
    /// (the newest first, a session's own tags in its order: the loaded journal's order), the ids of the newest
    /// sessions the derived files keep (newest first) and how many sessions there are. `nil` when they cannot tell:
    /// the store read the journal, the files do not match it, or two tags last used beyond the newest sessions kept
    /// share their session's start (which of them comes first is the sessions' order there); then the caller loads.
    public func dashboardSessions(days: LocalDays) -> (tags: [String], newestIDs: [String], count: Int)? {
        guard !isLoaded, let uses = derivedJournal(days: days, definitions: try? loadExpeditionDefinitions())?.tags,
            let newest = newestSessions(limit: JournalDigest.History.kept, days: days)
        else { return nil }
        var seen = Set<String>()
        var tags = newest.logs.flatMap(\.tags).filter { seen.insert($0).inserted }
        // The other tags were last used before every session kept, so after them; among them, by start.
        let rest = uses.filter { !seen.contains($0.tag) }
        for (use, next) in zip(rest, rest.dropFirst()) where use.start == next.start { return nil }
        tags += rest.map(\.tag)
        return (tags, newest.logs.map(\.id), newest.total)
    }

    /// The session `id` as ``session(id:)`` finds it in the loaded journal; without one, among the newest sessions
    /// the derived files keep (what the dashboard's Log shows while it reads nothing else).
    public func shownSession(id: String, days: LocalDays) -> FocusLog? {
        if isLoaded { return session(id: id) }
        return newestSessions(limit: JournalDigest.History.kept, days: days)?.logs.first { $0.id == id }
    }
}
