import FoundationEssentials

/// A journal record that changes earlier records instead of rewriting them: an edit, a deletion or an undo.
///
/// The journal is append-only, so `focus log edit`, `focus log delete` and
/// `focus undo` append one of these (format version 2, `"v":2`, with a
/// `kind`). Version 1 readers skip them as too new and never mistake them
/// for sessions; v1 sessions have no `kind`. ``JournalHistory`` applies
/// them so ``AppStore/focusLogs`` is the effective view.
public struct JournalChange: Equatable, Hashable, Sendable, Identifiable {
    /// What the record does to its target.
    public enum Kind: String, Sendable, CaseIterable {
        /// Overrides some fields of the target session.
        case edit
        /// Removes the target session from the effective view.
        case delete
        /// Cancels the target record: a session, an edit or a deletion.
        case undo
    }

    /// Unique id of this record (an undo names it as its target).
    public var id: String
    public var kind: Kind
    /// The id of the session (edit, delete) or record (undo) it applies to.
    public var target: String
    /// When the change was made, whole seconds.
    public var at: Date
    /// The fields an edit overrides; empty for the other kinds.
    public var patch: SessionPatch

    public init(id: String, kind: Kind, target: String, at: Date, patch: SessionPatch = SessionPatch()) {
        self.id = id
        self.kind = kind
        self.target = target
        self.at = at
        self.patch = patch
    }
}

/// The fields an edit overrides; `nil` leaves a field as it was.
///
/// `note` is doubly optional: `.some(nil)` clears it (written as `null`); `tags` is `[]` to clear them.
/// `origin` is set by an import that follows its source: the source's new revision of the record.
public struct SessionPatch: Equatable, Hashable, Sendable {
    public var start: Date?
    public var end: Date?
    public var planned: Int?
    public var focused: Int?
    public var completed: Bool?
    public var tags: [String]?
    public var note: String??
    public var origin: FocusLog.Origin?

    public init(
        start: Date? = nil, end: Date? = nil, planned: Int? = nil, focused: Int? = nil, completed: Bool? = nil,
        tags: [String]? = nil, note: String?? = nil, origin: FocusLog.Origin? = nil
    ) {
        self.start = start
        self.end = end
        self.planned = planned
        self.focused = focused
        self.completed = completed
        self.tags = tags.map(FocusLog.tagSet)
        self.note = note
        self.origin = origin
    }

    /// Whether the patch changes nothing.
    public var isEmpty: Bool { self == SessionPatch() }

    /// `log` with this patch applied.
    public func applied(to log: FocusLog) -> FocusLog {
        var out = log
        if let start { out.start = start }
        if let end { out.end = end }
        if let planned { out.planned = planned }
        if let focused { out.focused = focused }
        if let completed { out.completed = completed }
        if let tags { out.tags = tags }
        if let note { out.note = note }
        if let origin { out.origin = origin }
        return out
    }
}

/// One line of the journal: a session (v1) or a change (v2).
public enum JournalRecord: Equatable, Sendable {
    case session(FocusLog)
    case change(JournalChange)

    /// The record's own id.
    public var id: String {
        switch self {
        case .session(let log): return log.id
        case .change(let change): return change.id
        }
    }
}
