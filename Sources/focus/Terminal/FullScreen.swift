import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// The dashboard's hold on the terminal: the alternate screen with the cursor hidden, and the keyboard in raw mode;
/// given back on every way out.
///
/// ``leave()`` gives it back on a normal return (`q`, Ctrl-C, and SIGTERM or SIGHUP, which the loop handles), and
/// before a stop (Ctrl-Z); `atexit` on a path that calls `exit`; and a crash (SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGABRT, SIGFPE: a Swift runtime failure is one of these) is caught by a handler that restores the terminal with
/// the async-signal-safe calls `write` and `tcsetattr`, then lets the signal do what it would have done (the
/// previous handler, Swift's backtrace, or the default), so the report lands on the shell's screen. SIGKILL cannot
/// be caught: `reset` or `tput rmcup` gives the screen back then.
enum FullScreen {
    /// The signals a crash arrives as.
    static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    nonisolated(unsafe) private static var active = false
    nonisolated(unsafe) private static var installed = false
    /// What the crash handler writes, prepared beforehand: a handler may not allocate.
    nonisolated(unsafe) private static var restore: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 0)
    nonisolated(unsafe) private static var keyboard = termios()
    nonisolated(unsafe) private static var hasKeyboard = false
    /// The handlers the crash signals had before, by signal number.
    nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

    /// Switches `out` to the alternate screen with the cursor hidden and the keyboard to raw mode.
    static func enter(_ out: TerminalWriter) {
        if !installed { install(out) }
        hasKeyboard = tcgetattr(0, &keyboard) == 0
        TerminalMode.enableRaw()
        out.send(.enterAlternateScreen)
        out.send(.hideCursor)
        active = true
    }

    /// The shell's screen and keyboard again, as they were.
    static func leave() {
        guard active else { return }
        active = false
        _ = Glibc.write(1, restore.baseAddress, restore.count)
        TerminalMode.restore()
    }

    private static func install(_ out: TerminalWriter) {
        installed = true
        let bytes = Array((out.renderer.render(.showCursor) + out.renderer.render(.leaveAlternateScreen)).utf8)
        restore = .allocate(capacity: bytes.count)
        _ = restore.initialize(from: bytes)
        atexit { FullScreen.leave() }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                if FullScreen.active {
                    _ = Glibc.write(1, FullScreen.restore.baseAddress, FullScreen.restore.count)
                    if FullScreen.hasKeyboard { tcsetattr(0, TCSANOW, &FullScreen.keyboard) }
                }
                // Whatever handled it before (the runtime's backtrace, or the default) gets it as this returns.
                sigaction(signal, FullScreen.previous + Int(signal), nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previous + Int(signal))
        }
    }
}
