#if canImport(Glibc)
    import Glibc
#endif

/// Turns signals into bytes on a pipe, so the run loop can `poll` for them
/// beside the keyboard (the self-pipe trick: a handler may only `write`).
enum SignalPipe {
    nonisolated(unsafe) private static var fds: [Int32] = [-1, -1]
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// The read end; signals arrive as their number, one byte each.
    static var readEnd: Int32 { fds[0] }

    /// Routes `signals` to the pipe and unblocks them.
    ///
    /// A parent may start us with signals blocked (a mask is inherited across
    /// `exec`); `focus stop` and Ctrl-C must work regardless.
    static func install(_ signals: [Int32]) {
        if fds[0] < 0 {
            pipe(&fds)
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            writeEnd = fds[1]
        }
        for sig in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                var byte = UInt8(truncatingIfNeeded: sig)
                _ = Glibc.write(SignalPipe.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(sig, &action, nil)
        }
        var set = sigset_t()
        sigemptyset(&set)
        for sig in signals { sigaddset(&set, sig) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Signals that arrived since the last call, in order.
    static func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fds[0], $0.baseAddress, $0.count) }
        return n > 0 ? buffer[0..<n].map { Int32($0) } : []
    }
}
