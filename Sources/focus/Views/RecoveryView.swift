import FocusCore
import FoundationEssentials

/// The one line that tells the user what became of a session whose timer died.
enum RecoveryView {
    /// The line for `recovery`; `nil` for a phase that was only waiting for Enter (nothing was lost).
    static func line(_ recovery: AppStore.Recovery, in zone: Zone) -> Message? {
        let state = recovery.state
        guard !state.isWaiting else { return nil }
        let started = LocalTime.dateTime(state.startedAt, in: zone)
        let session = state.phase.isFocus ? Message("session") : state.phase.word
        switch recovery.outcome {
        case .recorded(let log):
            let how = log.completed ? Message("completed") : Message("interrupted")
            return """
                focus: the \(session) started \(started) ended without its timer; recorded \(duration: log.focused) \
                of focus as \(how).
                """
        case .discarded:
            return state.phase.isFocus
                ? """
                focus: the \(session) started \(started) ended without its timer; under a minute of focus, nothing \
                recorded.
                """
                : "focus: the \(session) started \(started) ended without its timer; breaks are not recorded."
        case .notRecorded(let log, let error):
            let why = LogAddCommandLine.notRecorded(log, because: error, in: zone)
            return "focus: the \(session) started \(started) ended without its timer and cannot be recorded: \(why)"
        }
    }

    /// The warning when a dead timer's session cannot be recorded yet and its state is kept.
    static func retry(_ error: FocusError) -> Message {
        guard error.kind != .data else {
            return "focus: a session that ended without its timer is not recorded (\(error.message))."
        }
        return """
            focus: a session that ended without its timer is not recorded (\(error.message)); the next focus \
            command tries again.
            """
    }
}
