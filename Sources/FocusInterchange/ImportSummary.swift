import FocusJournal
import FocusModels

/// What an import does, counted (``ImportPlan/plan(_:format:history:prune:path:now:newID:progress:adding:)``): what
/// `focus import` reports.
public struct ImportSummary: Equatable, Sendable {
    /// How many new sessions it adds.
    public let added: Int
    /// Their focus, in seconds.
    public let focused: Int
    /// Edit records for sessions the source changed since focus took them.
    public let updated: [JournalChange]
    /// Delete records for sessions of the source it no longer has (`--prune`).
    public let pruned: [JournalChange]
    /// Records the journal already holds as they are (or deleted here, which stays).
    public let duplicates: Int
    /// Records that could not be read, with where and why.
    public let skipped: [SessionImporter.Skipped]

    /// Whether the import writes nothing (then it makes no batch).
    public var writesNothing: Bool { added == 0 && updated.isEmpty && pruned.isEmpty }
}
