import FocusModels
import FocusSound
import FocusStore

/// `focus sound --list`: every sound, whether it is unlocked, and the city that unlocks it if not.
public struct SoundListViewModel {
    /// One line of the list.
    public struct Row: Equatable, Sendable {
        public let name: String
        public let title: Message
        /// `Lisbon, Portugal` when the sound is locked, else `nil`.
        public let lockedUntil: Message?
    }

    public let store: AppStore

    public init(store: AppStore) { self.store = store }

    /// Plain sounds first, then the cities in route order.
    public var rows: [Row] {
        SoundCatalog(definitions: store.expeditionDefinitions).entries.map { entry in
            Row(
                name: entry.name, title: entry.title,
                lockedUntil: SoundCatalog.isUnlocked(entry, in: store.expedition) ? nil : entry.unlockedBy?.place)
        }
    }

    /// How many sounds can be played now.
    public var unlockedCount: Int { rows.filter { $0.lockedUntil == nil }.count }
}
