import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// The timer's input: keys in raw mode and signals, waited for with one `poll`.
///
/// An idle wait costs no CPU; keys and signals wake it before the deadline. Ctrl-C and
/// Ctrl-Z arrive as keys (raw mode), SIGTSTP from `kill` as a signal; either way
/// ``stopProcess()`` gives the terminal back before the process stops.
final class TimerInput {
    /// The signals the timer handles.
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGWINCH, SIGTSTP, SIGCONT]

    /// Whether keys are read: stdin is a terminal in the foreground, and open.
    private(set) var keys = TerminalMode.isForegroundTerminal(0)
    private var closed = false

    /// Routes the signals to the pipe and switches the keyboard to raw mode.
    func open() {
        SignalPipe.install(Self.signals)
        if keys { TerminalMode.enableRaw() }
    }

    /// Puts the terminal back as it was.
    func close() { TerminalMode.restore() }

    /// Waits until `deadline` on the monotonic clock, or until keys or signals arrive: those, read at `clock()`.
    func wait(until deadline: Double, clock: () -> ClockReading) -> [TimerEvent] {
        var fds = [pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)]
        if keys { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
        let ms = max(0, ((deadline - LiveClock.monotonic()) * 1000).rounded(.up))
        guard poll(&fds, nfds_t(fds.count), Int32(min(ms, 3_600_000))) > 0 else { return [] }
        let now = clock()
        var events = SignalPipe.drain().map { Self.event($0, at: now) }
        if keys, fds[1].revents != 0 {
            let bytes = TerminalMode.readKeys()
            if bytes.isEmpty {
                keys = false
                closed = true
                events.append(.inputClosed(now))
            }
            events += bytes.map { .key($0, now) }
        }
        return events
    }

    /// The machine's name for `signal`.
    private static func event(_ signal: Int32, at now: ClockReading) -> TimerEvent {
        switch signal {
        case SIGCONT: .continued(now)
        case SIGTSTP: .signal(.suspend, now)
        case SIGWINCH: .signal(.resize, now)
        case SIGUSR1: .signal(.stopRequest, now)
        case SIGUSR2: .signal(.cancelRequest, now)
        case SIGHUP: .signal(.hangup, now)
        case SIGINT: .signal(.interrupt, now)
        default: .signal(.terminate, now)
        }
    }

    /// Restores the terminal and stops this process, as Ctrl-Z stops any program; returns once it is continued.
    func stopProcess() {
        TerminalMode.restore()
        raise(SIGSTOP)
    }

    /// After a stop: raw keys again when continued in the foreground (`fg`), none in the background (`bg`).
    func resume() {
        keys = !closed && TerminalMode.isForegroundTerminal(0)
        if keys { TerminalMode.enableRaw() }
    }
}
