import FocusModels

/// What ``TimerMachine`` reacts to. Every event that moves time carries the clock reading it happened at.
public enum TimerEvent: Equatable, Sendable {
    /// A signal, as the run loop names it (the numbers differ between systems).
    public enum Signal: Equatable, Sendable {
        /// SIGINT: stop early, exit 130.
        case interrupt
        /// SIGTERM: stop early, exit 143.
        case terminate
        /// SIGHUP (the terminal went away): stop early, exit 129.
        case hangup
        /// SIGUSR1, from `focus stop`: stop early, exit 0.
        case stopRequest
        /// SIGUSR2, from `focus cancel`: end without recording anything, exit 0.
        case cancelRequest
        /// SIGTSTP: suspend, as Ctrl-Z does.
        case suspend
        /// SIGWINCH: the terminal changed size.
        case resize
    }

    /// The run begins.
    case start(ClockReading)
    /// Time passed: the loop woke at the deadline the machine asked for, or after other events.
    case tick(ClockReading)
    /// A byte from the keyboard.
    case key(UInt8, ClockReading)
    case signal(Signal, ClockReading)
    /// The keyboard is gone (stdin closed): nobody can press Enter any more.
    case inputClosed(ClockReading)
    /// The process runs again after it was stopped (`fg`, `bg`, SIGCONT).
    case continued(ClockReading)
    /// A ``TimerEffect/persist(_:)`` could not be written.
    case persistFailed(FocusError)
    /// What the store's finishing protocol did with a ``TimerEffect/finish(_:)``.
    case finished(SessionOutcome, ClockReading)
}

/// What happened to a phase that ended, or to a session whose timer died.
public enum SessionOutcome: Equatable, Sendable {
    /// This session is in the journal (now, or already from an earlier attempt).
    case recorded(FocusLog)
    /// Nothing to record: a break, a phase that never began, or focus under a minute.
    case discarded
    /// The journal could not take it; the state was cleared, so the user adds it back by hand. When the error is
    /// temporary (`focus sync` held the journal), the state stays instead, and the next command records it.
    case notRecorded(FocusLog, FocusError)

    /// The session in the journal, if any.
    public var recorded: FocusLog? {
        if case .recorded(let log) = self { return log }
        return nil
    }
}
