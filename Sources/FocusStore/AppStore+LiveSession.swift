import FocusModels

extension AppStore {
    /// The running session's state while its timer holds the session lock; `nil` when idle.
    ///
    /// A state file left by a timer that died is not a live session: the lock is free then, and
    /// ``recoverInterruptedSession()`` is what records it.
    public func liveRunningState() throws(FocusError) -> RunningState? {
        guard try isSessionLockHeld() else { return nil }
        return try runningState()
    }
}
