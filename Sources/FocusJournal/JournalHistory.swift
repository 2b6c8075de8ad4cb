import FocusModels
import FoundationEssentials

/// Turns the journal's records into its effective view: sessions with their edits, deletions and undos applied.
///
/// Pure: it takes records in reading order and returns values, so every
/// chain of changes is testable without files.
///
/// - A session id read twice is the same session, read once (the first copy wins).
/// - An undo cancels its target record (a session, an edit or a deletion); an
///   undo that names another undo, or nothing known, changes nothing.
/// - Edits that are not undone apply in order of `at`, then reading order;
///   a later edit overrides an earlier one field by field.
/// - A deletion that is not undone removes its target.
public struct JournalHistory: Sendable {
    /// Every session read, first copy of each id, in reading order.
    public let sessions: [FocusLog]
    /// Every change record read, first copy of each id, in reading order.
    public let changes: [JournalChange]

    public init(sessions: [FocusLog], changes: [JournalChange]) {
        var seen = Set<String>()
        self.sessions = sessions.filter { seen.insert($0.id).inserted }
        var seenChanges = Set<String>()
        self.changes = changes.filter { seenChanges.insert($0.id).inserted }
    }

    /// Builds the history from records in reading order.
    public init(records: [JournalRecord]) {
        var sessions: [FocusLog] = []
        var changes: [JournalChange] = []
        for record in records {
            switch record {
            case .session(let log): sessions.append(log)
            case .change(let change): changes.append(change)
            }
        }
        self.init(sessions: sessions, changes: changes)
    }

    /// Builds the history from records in reading order whose ids are already known to be unique (``AppStore/load()`` checked them).
    package init(uniqueRecords records: [JournalRecord]) {
        var sessions: [FocusLog] = []
        var changes: [JournalChange] = []
        sessions.reserveCapacity(records.count)
        for record in records {
            switch record {
            case .session(let log): sessions.append(log)
            case .change(let change): changes.append(change)
            }
        }
        self.sessions = sessions
        self.changes = changes
    }

    /// Ids of the records an undo cancels (undos themselves cannot be undone).
    public var undone: Set<String> {
        let undoIDs = Set(changes.lazy.filter { $0.kind == .undo }.map(\.id))
        return Set(changes.lazy.filter { $0.kind == .undo && !undoIDs.contains($0.target) }.map(\.target))
    }

    /// The effective sessions, sorted by start then id.
    public var effectiveLogs: [FocusLog] {
        if changes.isEmpty {
            // No change record: the sessions themselves, usually already in order (the journal is appended in time).
            let inOrder = zip(sessions, sessions.dropFirst()).allSatisfy { ($0.start, $0.id) < ($1.start, $1.id) }
            return inOrder ? sessions : sessions.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        }
        let undone = undone
        var byID: [String: FocusLog] = [:]
        byID.reserveCapacity(sessions.count)
        for log in sessions where !undone.contains(log.id) { byID[log.id] = log }
        let live = changes.enumerated().filter { !undone.contains($0.element.id) }
        let edits = live.filter { $0.element.kind == .edit }.sorted {
            ($0.element.at, $0.offset) < ($1.element.at, $1.offset)
        }
        for (_, edit) in edits {
            if let log = byID[edit.target] { byID[edit.target] = edit.patch.applied(to: log) }
        }
        for (_, delete) in live where delete.kind == .delete { byID[delete.target] = nil }
        return byID.values.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }

    /// Change records whose target is unknown (for `focus doctor`).
    public var danglingChanges: [JournalChange] {
        let sessionIDs = Set(sessions.map(\.id))
        let changeIDs = Set(changes.map(\.id))
        return changes.filter { change in
            change.kind == .undo
                ? !sessionIDs.contains(change.target) && !changeIDs.contains(change.target)
                : !sessionIDs.contains(change.target)
        }
    }
}
