import FocusModels

extension SoundCatalog {
    /// The sounds that may be played with the expedition as it stands, in catalogue order.
    public func unlockedEntries(in state: ExpeditionState) -> [Entry] {
        // The stamped chapters once, not for each entry: each time they are a filtered copy of the route's states.
        let stamped = state.stampedChapters
        return entries.filter { Self.isUnlocked($0, stamped: stamped) }
    }

    /// The entry called `name` when it may be played now; otherwise a usage error that says why:
    /// an unknown name gets the closest one, a locked sound the city whose stamp unlocks it.
    public func unlockedEntry(named name: String, in state: ExpeditionState) throws(FocusError) -> Entry {
        guard let entry = entry(named: name) else {
            guard let closest = Suggestion.closest(to: name, among: entries.map(\.name)) else {
                throw FocusError(.usage, "unknown sound '\(name)'; `focus sound list` lists them")
            }
            throw FocusError(.usage, "unknown sound '\(name)'; did you mean '\(closest)'?")
        }
        if let chapter = entry.unlockedBy, !Self.isUnlocked(entry, in: state) {
            throw FocusError(
                .usage, "'\(entry.name)' (\(entry.title)) is locked: the stamp of \(chapter.place) unlocks it")
        }
        return entry
    }
}
