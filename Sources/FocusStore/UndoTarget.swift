import FocusJournal
import FocusModels
import FoundationEssentials

/// What ``AppStore/lastUndoable()`` found: the newest record this machine wrote that no undo cancels yet.
public enum UndoTarget: Equatable, Sendable {
    /// A recorded or added session.
    case session(FocusLog)
    /// An edit, with the session as it reads before and after undoing it.
    case edit(JournalChange, session: FocusLog?)
    /// A deletion, with the session it brings back.
    case delete(JournalChange, session: FocusLog?)
    /// An import: what one batch (``JournalBatch``) holds that is not undone yet, taken back together: the sessions
    /// it added (as they read now) and its edits and deletions of earlier ones.
    case batch(JournalBatch, sessions: [FocusLog], changes: [JournalChange])

    /// The ids the undo records name as their targets: one, or every session of a batch.
    public var recordIDs: [String] {
        switch self {
        case .session(let log): return [log.id]
        case .edit(let change, _), .delete(let change, _): return [change.id]
        case .batch(_, let sessions, let changes): return sessions.map(\.id) + changes.map(\.id)
        }
    }
}
