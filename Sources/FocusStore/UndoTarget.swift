import FocusModels
import FoundationEssentials

/// What ``AppStore/lastUndoable()`` found: the newest record this machine wrote that no undo cancels yet.
public enum UndoTarget: Equatable, Sendable {
    /// A recorded, added or imported session.
    case session(FocusLog)
    /// An edit, with the session as it reads before and after undoing it.
    case edit(JournalChange, session: FocusLog?)
    /// A deletion, with the session it brings back.
    case delete(JournalChange, session: FocusLog?)

    /// The id an undo record names as its target.
    public var recordID: String {
        switch self {
        case .session(let log): return log.id
        case .edit(let change, _), .delete(let change, _): return change.id
        }
    }
}
