import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the timer running a session (in another process) to end, and waits until it has.
enum TimerSignal {
    /// Sends `signal` (SIGUSR1 stops, SIGUSR2 cancels) to the timer of `state`, then SIGCONT, since a timer suspended
    /// with Ctrl-Z ends as one that runs; returns once it let the session go (20 seconds at most: its record may
    /// wait 10 for `focus sync`), saying whether it kept the session's state, unrecorded (`focus sync` held the
    /// journal: ``AppStore/finish(_:)``).
    static func end(_ state: RunningState, with signal: Int32, _ ctx: Context) throws(FocusError) -> Bool {
        try send(state, signal)
        guard try ctx.store.waitUntilSessionEnds(within: 20) else {
            throw FocusError(.temporary, "the timer (process \(state.pid)) did not stop within 20 seconds")
        }
        return try ctx.store.runningState()?.id == state.id
    }

    /// Sends `signal` and SIGCONT to the timer of `state` without waiting for it (the dashboard watches the state
    /// folder instead, and goes on drawing meanwhile).
    static func send(_ state: RunningState, _ signal: Int32) throws(FocusError) {
        guard kill(state.pid, signal) == 0, kill(state.pid, SIGCONT) == 0 else {
            throw FocusError(
                .failure, "cannot signal the timer (process \(state.pid)): \(String(cString: strerror(errno)))")
        }
    }
}
