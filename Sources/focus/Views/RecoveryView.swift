import FocusCore
import FoundationEssentials

/// The one line that tells the user what became of a session whose timer died.
enum RecoveryView {
    /// The line for `recovery`; `nil` for a phase that was only waiting for Enter (nothing was lost).
    static func line(_ recovery: AppStore.Recovery, in zone: Zone) -> String? {
        let state = recovery.state
        guard !state.isWaiting else { return nil }
        let started = LocalTime.dateTime(state.startedAt, in: zone)
        let session = state.phase.isFocus ? "session" : state.phase.title.lowercased()
        let prefix = "focus: the \(session) started \(started) ended without its timer"
        switch recovery.outcome {
        case .recorded(let log):
            let how = log.completed ? "completed" : "interrupted"
            return "\(prefix); recorded \(LocalTime.duration(log.focused)) of focus as \(how)."
        case .discarded:
            return state.phase.isFocus
                ? "\(prefix); under a minute of focus, nothing recorded." : "\(prefix); breaks are not recorded."
        case .notRecorded(let log, let error):
            return "\(prefix) and cannot be recorded: " + LogAddCommandLine.notRecorded(log, because: error, in: zone)
        }
    }

    /// The warning when a dead timer's session cannot be recorded yet and its state is kept.
    static func retry(_ error: FocusError) -> String {
        let retry = error.kind == .data ? "" : "; the next focus command tries again"
        return "focus: a session that ended without its timer is not recorded (\(error.message))\(retry)."
    }
}
