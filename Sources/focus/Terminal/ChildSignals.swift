#if canImport(Glibc)
    import Glibc
#endif

/// Spawn attributes that give a child process the signal dispositions of a fresh shell.
///
/// focus ignores SIGXFSZ (a write past `ulimit -f` then fails with a clear error instead of
/// killing it) and, while a sound plays, SIGPIPE; ignored signals survive `exec`, so each
/// child (a hook, a notification) gets both back at their defaults and nothing blocked.
enum ChildSignals {
    /// Initialised attributes; the caller destroys them after `posix_spawn`.
    static func attributes(processGroup: Bool = false) -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGXFSZ)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        if processGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        return attributes
    }
}
