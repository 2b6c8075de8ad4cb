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
/// - Edits that are not undone apply in the order of ``ChangeOrder``; a later edit overrides an earlier one
///   field by field.
/// - A deletion that is not undone removes its target.
public struct JournalHistory: Sendable {
    /// Every session read, first copy of each id, in reading order.
    public let sessions: [FocusLog]
    /// Every change record read, first copy of each id, in reading order.
    public let changes: [JournalChange]
    /// Where each of ``changes`` stands in the order edits apply in.
    public let changeOrder: [ChangeOrder]

    /// The order edits apply in, the same on every machine that holds the same files.
    ///
    /// Each device appends only to its own file, so the lines of one file are that device's changes in the
    /// order it made them, whatever its clock said: a change is dated by the latest `at` of its file up to
    /// its own line, so a clock set back never puts a later edit before an earlier one of the same device.
    /// Changes from different files are ordered by that date, then by file name, then by line. Clock skew
    /// between two machines can only reorder their edits of one session made within the skew of each other.
    public struct ChangeOrder: Comparable, Sendable {
        /// The latest `at` in its file up to and including this change, seconds since the epoch.
        public let at: Int
        public let file: String
        public let line: Int

        public init(at: Int, file: String, line: Int) {
            self.at = at
            self.file = file
            self.line = line
        }

        public static func < (a: ChangeOrder, b: ChangeOrder) -> Bool {
            (a.at, a.file, a.line) < (b.at, b.file, b.line)
        }
    }

    /// A history of records known to be in one file, in order: tests and stores made in memory.
    public init(sessions: [FocusLog], changes: [JournalChange]) {
        var seen = Set<String>()
        self.sessions = sessions.filter { seen.insert($0.id).inserted }
        var seenChanges = Set<String>()
        self.changes = changes.filter { seenChanges.insert($0.id).inserted }
        var latest = Int.min
        changeOrder = self.changes.enumerated().map { index, change in
            latest = max(latest, Int(change.at.timeIntervalSince1970.rounded(.down)))
            return ChangeOrder(at: latest, file: "", line: index)
        }
    }

    /// Builds the history from records whose ids are known to be unique (``AppStore/load()`` checked them),
    /// with the order of each change record.
    package init(sessions: [FocusLog], changes: [JournalChange], changeOrder: [ChangeOrder]) {
        self.sessions = sessions
        self.changes = changes
        self.changeOrder = changeOrder
    }

    /// This history with `change` appended at the end of `file`, after `previous`, the order of that file's
    /// last change (`nil` when it has none).
    package func appending(_ change: JournalChange, file: String, after previous: ChangeOrder?) -> JournalHistory {
        appending([change], file: file, after: previous)
    }

    /// This history with `added` appended, in order, at the end of `file`, after `previous` (see
    /// ``appending(_:file:after:)-(JournalChange,_,_)``).
    package func appending(_ added: [JournalChange], file: String, after previous: ChangeOrder?) -> JournalHistory {
        var at = previous?.at ?? Int.min
        var line = previous?.line ?? 0
        let orders = added.map { change in
            at = max(at, Int(change.at.timeIntervalSince1970.rounded(.down)))
            line += 1
            return ChangeOrder(at: at, file: file, line: line)
        }
        return JournalHistory(sessions: sessions, changes: changes + added, changeOrder: changeOrder + orders)
    }

    /// This history with `added` sessions appended (ids not read yet).
    package func appending(_ added: [FocusLog]) -> JournalHistory {
        JournalHistory(sessions: sessions + added, changes: changes, changeOrder: changeOrder)
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
        let live = changes.indices.filter { !undone.contains(changes[$0].id) }
        let edits = live.filter { changes[$0].kind == .edit }.sorted { changeOrder[$0] < changeOrder[$1] }
        for index in edits {
            let edit = changes[index]
            if let log = byID[edit.target] { byID[edit.target] = edit.patch.applied(to: log) }
        }
        for index in live where changes[index].kind == .delete { byID[changes[index].target] = nil }
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
