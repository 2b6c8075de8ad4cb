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
    /// An import: the sessions of one batch (``JournalBatch``) that are not undone yet, taken back together.
    case batch(JournalBatch, sessions: [FocusLog])

    /// The ids the undo records name as their targets: one, or every session of a batch.
    public var recordIDs: [String] {
        switch self {
        case .session(let log): return [log.id]
        case .edit(let change, _), .delete(let change, _): return [change.id]
        case .batch(_, let sessions): return sessions.map(\.id)
        }
    }
}
