import FocusModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on a file, held until ``release()`` or process exit.
///
/// The timer holds the session lock for its whole life, so a crashed
/// session is recognised by a state file whose lock nobody holds.
public final class FileLock {
    private var fd: Int32

    /// Takes the lock without waiting; `nil` when another process holds it.
    ///
    /// `shared` takes a shared lock instead: a probe that conflicts with the
    /// exclusive holder but not with other probes.
    static func tryLock(_ path: String, shared: Bool = false) throws(FocusError) -> FileLock? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FocusError(.cantCreate, "cannot open \(path): \(FileIO.errnoText())") }
        if flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            close(fd)
            return nil
        }
        return FileLock(fd: fd)
    }

    private init(fd: Int32) { self.fd = fd }

    /// Gives the lock up; later calls do nothing.
    public func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit { release() }
}
