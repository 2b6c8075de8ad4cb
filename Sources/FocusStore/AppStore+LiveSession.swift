import FocusModels

extension AppStore {
    /// The running session's state; `nil` when idle or when the state left belongs to a dead timer.
    ///
    /// Never blocks, writes or records: `focus status --format` calls it from a shell prompt.
    public func liveSession() throws(FocusError) -> RunningState? {
        guard try isSessionLockHeld() else { return nil }
        return try runningState()
    }
}
