import FocusJournal
import FocusModels

/// What an import does, counted (``ImportPlan/plan(_:format:history:prune:path:now:newID:progress:adding:)``): what
/// `focus import` reports.
public struct ImportSummary: Equatable, Sendable {
    /// The format read.
    public let format: SessionImporter.Format
    /// How many new sessions it adds.
    public let added: Int
    /// Their focus, in seconds.
    public let focused: Int
    /// Edit records for sessions the source changed since focus took them.
    public let updated: [JournalChange]
    /// How many of ``updated`` follow a Timewarrior interval that moved (another start there).
    public let moved: Int
    /// Delete records for sessions of the source it no longer has (`--prune`).
    public let pruned: [JournalChange]
    /// How many sessions imported from the peer the source no longer has, left here (without `--prune`).
    public let missing: Int
    /// Records the journal already holds as they are (or deleted here, which stays).
    public let duplicates: Int
    /// Sessions of focus's own export that differ from the ones here with their identity, kept as they are here.
    public let differing: Int
    /// The first records that could not be read (at most ``listedSkips``), with where and why.
    public let skipped: [SessionImporter.Skipped]
    /// How many records could not be read.
    public let skippedCount: Int

    /// How many skipped records are kept to be listed one by one; the rest are counted.
    public static let listedSkips = 20

    /// Whether the import writes nothing (then it makes no batch).
    public var writesNothing: Bool { added == 0 && updated.isEmpty && pruned.isEmpty }
}
