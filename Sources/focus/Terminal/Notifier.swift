#if canImport(Glibc)
    import Glibc
#endif

/// Desktop notifications through `notify-send`, when it is installed.
///
/// A notification is never waited for beyond a short grace period, so a missing
/// notification daemon never stalls the timer; the ones still running are reaped
/// later (``reap()``), so a long run of cycles leaves no zombie processes behind.
final class Notifier {
    private let path: String?
    private var children: [pid_t] = []

    /// `notify-send` is looked up on `path` (the `PATH` variable).
    init(path: String?) { self.path = path }

    /// Sends `title`/`body` (in the user's language) if `notify-send` is on `PATH`; silently does nothing otherwise.
    func send(_ note: (title: String, body: String)) {
        guard let path else { return }
        let candidates = path.split(separator: ":").map { String($0) + "/notify-send" }
        guard let tool = candidates.first(where: { access($0, X_OK) == 0 }) else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = ChildSignals.attributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv: [String] = [tool, "--app-name=focus", note.title, note.body]
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for arg in cargs { free(arg) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tool, &actions, &attributes, &cargs, environ) == 0 else { return }
        children.append(pid)
        for _ in 0..<20 {
            reap()
            if children.isEmpty { return }
            usleep(10_000)
        }
    }

    /// Collects the notifications that have ended, without waiting.
    func reap() {
        children.removeAll { pid in
            var status: Int32 = 0
            return waitpid(pid, &status, WNOHANG) != 0
        }
    }
}
