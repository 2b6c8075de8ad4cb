#if canImport(Glibc)
    import Glibc
#endif

/// Raw keyboard input for the live timer, restored on every exit path.
///
/// Keys arrive unbuffered and unechoed; Ctrl-C arrives as byte 3 (the loop
/// treats it as SIGINT) so the terminal is restored before anything else.
/// `atexit` restores it too, for paths that call `exit` directly.
enum TerminalMode {
    nonisolated(unsafe) private static var saved: termios?
    nonisolated(unsafe) private static var restoresAtExit = false

    /// Whether `fd` is a terminal this process may use: in the foreground.
    ///
    /// A timer started as a background job (`focus start &`) must not touch
    /// the terminal: `tcsetattr` from the background stops the process, and
    /// escape codes would land in the middle of someone else's screen.
    static func isForegroundTerminal(_ fd: Int32) -> Bool {
        guard isatty(fd) == 1 else { return false }
        let group = tcgetpgrp(fd)
        return group < 0 || group == getpgrp()
    }

    /// Switches stdin to raw mode (again after ``restore()``); does nothing when stdin is not a foreground terminal.
    static func enableRaw() {
        guard saved == nil, isForegroundTerminal(0) else { return }
        var original = termios()
        guard tcgetattr(0, &original) == 0 else { return }
        saved = original
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
        if !restoresAtExit { atexit { TerminalMode.restore() } }
        restoresAtExit = true
    }

    /// Puts the terminal back exactly as it was.
    static func restore() {
        guard var original = saved else { return }
        tcsetattr(0, TCSANOW, &original)
        saved = nil
    }

    /// Bytes waiting on stdin (call after `poll` says it is readable).
    static func readKeys() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
        return n > 0 ? Array(buffer[0..<n]) : []
    }
}
