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
        let fd = try openLockFile(path)
        if flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            close(fd)
            return nil
        }
        return FileLock(fd: fd)
    }

    /// Takes the exclusive lock on the folder `path`, waiting up to `seconds` for its holder; `nil` when it was not
    /// let go in time.
    static func lock(folder path: String, waiting seconds: Double) throws(FocusError) -> FileLock? {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FocusError(.cantCreate, "cannot open \(path): \(FileIO.errnoText())") }
        guard waitForLock(fd, seconds: seconds) else {
            close(fd)
            return nil
        }
        return FileLock(fd: fd)
    }

    /// Takes the exclusive `flock` of the open file `fd` (`shared`: a shared one), waiting up to `seconds` for its
    /// holder; `false` when it was not let go in time or cannot be taken.
    static func waitForLock(_ fd: Int32, shared: Bool = false, seconds: Double) -> Bool {
        wait(forLock: fd, shared: shared, seconds: seconds) == .taken
    }

    /// How a wait for a lock ended.
    enum Wait: Equatable {
        /// The lock is held now.
        case taken
        /// Another holder kept it for the whole wait.
        case held
        /// The file system cannot lock it (`flock` failed otherwise than on a holder).
        case cannotLock
    }

    /// Takes the exclusive `flock` of the open file `fd` (`shared`: a shared one), waiting up to `seconds` for its
    /// holder (pauses from 1 ms, doubling to 20 ms).
    static func wait(forLock fd: Int32, shared: Bool = false, seconds: Double) -> Wait {
        var waited = 0.0
        var pause = 0.001
        while flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return .cannotLock }
            guard waited < seconds else { return .held }
            usleep(useconds_t(pause * 1_000_000))
            waited += pause
            pause = min(pause * 2, 0.02)
        }
        return .taken
    }

    /// Opens (creating) a lock file, never through a symbolic link.
    private static func openLockFile(_ path: String) throws(FocusError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw FileIO.symbolicLink(path) }
            throw FocusError(.cantCreate, "cannot open \(path): \(FileIO.errnoText())")
        }
        return fd
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
