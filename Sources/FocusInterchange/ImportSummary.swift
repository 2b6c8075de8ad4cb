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
    /// The first records that could not be read (at most ``listedSkips``), with where and why.
    public let skipped: [SessionImporter.Skipped]
    /// How many records could not be read.
    public let skippedCount: Int

    /// How many skipped records are kept to be listed one by one; the rest are counted.
    public static let listedSkips = 20

    /// Whether the import writes nothing (then it makes no batch).
    public var writesNothing: Bool { added == 0 && updated.isEmpty && pruned.isEmpty }
}
