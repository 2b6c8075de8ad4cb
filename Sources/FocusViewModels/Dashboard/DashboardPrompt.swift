import FocusModels
import FocusServices
import FocusStore

/// What the dashboard shows over a tab while it waits for an answer.
public enum DashboardPrompt: Equatable, Sendable {
    /// A form to fill in and submit with Enter (Escape closes it).
    case form(DashboardForm)
    /// A question answered with `y` (any other key says no).
    case confirm(DashboardConfirmation)
}

/// A question asked before something a key alone should not do.
public enum DashboardConfirmation: Equatable, Sendable {
    /// Delete this session (`u` brings it back).
    case delete(id: String)
    /// Undo this change.
    case undo(UndoTarget)
    /// Drop the running session without recording it.
    case cancelSession
    /// Leave, which stops the running session (and records it).
    case quit
}

/// One line of news at the bottom of the screen, until the next key.
public enum DashboardNotice: Equatable, Sendable {
    /// An action failed or was refused, for this reason.
    case failed(FocusError)
    /// A problem the loop worded (a hook, a player), shown as it is.
    case problem(Message)
    /// A session runs already: another cannot start.
    case sessionRunning
    /// The session runs in another terminal: only stopping or cancelling it is possible from here.
    case runsElsewhere(RunningState)
    /// `focus stop` or `focus cancel` was sent to the timer of another terminal.
    case signalled(RunningState, DashboardSessionSignal)
    case edited(FocusLog, overlapping: FocusLog?)
    /// The editor changed nothing.
    case unchanged(FocusLog)
    case deleted(FocusLog)
    case undone(UndoTarget)
    case nothingToUndo
    /// The state file could not be saved; the countdown goes on.
    case warning(TimerWarning)
    /// The session could not be recorded: it must be added back by hand.
    case notRecorded(FocusLog, FocusError)
}

/// What the last phase run from the dashboard did, for the Timer tab.
public enum DashboardLastPhase: Equatable, Sendable {
    /// A focus phase ended (recorded or discarded), with what it did for the expedition.
    case focus(PhaseSummary, events: [ExpeditionEvent])
    /// A break ended.
    case rest(PhaseSummary)
    /// The phase was cancelled: nothing was recorded.
    case cancelled(RunningState)
}
