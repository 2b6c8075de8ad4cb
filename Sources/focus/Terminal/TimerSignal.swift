import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// Asks the timer running a session (in another process) to end, and waits until it has.
enum TimerSignal {
    /// Sends `signal` (SIGUSR1 stops, SIGUSR2 cancels) to the timer of `state`, then SIGCONT, since a timer suspended
    /// with Ctrl-Z ends as one that runs; returns once it let the session go (10 seconds at most).
    static func end(_ state: RunningState, with signal: Int32, _ ctx: Context) throws(FocusError) {
        guard kill(state.pid, signal) == 0, kill(state.pid, SIGCONT) == 0 else {
            throw FocusError(
                .failure, "cannot signal the timer (process \(state.pid)): \(String(cString: strerror(errno)))")
        }
        guard try ctx.store.waitUntilSessionEnds(within: 10) else {
            throw FocusError(.temporary, "the timer (process \(state.pid)) did not stop within 10 seconds")
        }
    }
}
