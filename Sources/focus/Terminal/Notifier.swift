#if canImport(Glibc)
    import Glibc
#endif

/// Desktop notifications through `notify-send`, when it is installed.
enum Notifier {
    /// Sends `title`/`body` if `notify-send` is on `PATH`; silently does nothing otherwise.
    ///
    /// The child's output goes to /dev/null and it is not waited for beyond
    /// a short grace period, so a missing notification daemon never stalls the timer.
    static func send(title: String, body: String, path: String?) {
        guard let path else { return }
        let candidates = path.split(separator: ":").map { String($0) + "/notify-send" }
        guard let tool = candidates.first(where: { access($0, X_OK) == 0 }) else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [String] = [tool, "--app-name=focus", title, body]
        var cargs = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tool, &actions, nil, &cargs, environ) == 0 else { return }
        for _ in 0..<20 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(10_000)
        }
    }
}
