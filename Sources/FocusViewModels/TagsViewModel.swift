import FocusModels
import FocusStore
import FoundationEssentials

/// `focus tags`: every tag with how many sessions carry it, their focus and when it was last used.
public struct TagsViewModel {
    /// One tag's row.
    public struct Row: Equatable, Sendable {
        public let usage: TagUsage
        /// The local date of the latest session with the tag.
        public let lastUsed: CivilDate
    }

    /// The tags, the most recently used first.
    public let rows: [Row]

    public init(store: AppStore, days: LocalDays) {
        rows = store.tagUsage.map { Row(usage: $0, lastUsed: days.date(of: $0.lastUsed)) }
    }
}
