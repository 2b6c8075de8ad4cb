import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// Runs hooks as child processes without waiting for them, so the countdown
/// keeps ticking, and reports the ones that fail or run too long.
///
/// Each hook runs in its own process group with stdin from `/dev/null`; a
/// hook still running at its deadline is killed with its whole group. The
/// caller polls ``reap()`` and prints what it returns.
///
/// A hook runs only when the store trusts it (``AppStore/hook(_:)``): one that someone else could have put there
/// or changed is skipped, with one warning per hook and process.
final class HookRunner {
    /// How long a hook may run: 10 seconds, or `FOCUS_HOOK_TIMEOUT` seconds (for tests).
    static func timeout(environment: Environment) -> Double {
        environment["FOCUS_HOOK_TIMEOUT"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil } ?? 10
    }

    private struct Child {
        let name: String
        let pid: pid_t
        let deadline: Double
    }

    private let store: AppStore
    private let environment: Environment
    private let timeout: Double
    private let discardOutput: Bool
    private var children: [Child] = []

    /// The hooks named in this process's warnings about untrusted hooks: each is said once.
    nonisolated(unsafe) private static var warned = Set<String>()

    /// Hooks are looked up in `store`'s hooks folder and get `environment` plus their `FOCUS_*` variables.
    /// With `discardOutput` (while a countdown owns the terminal) their output goes to
    /// `/dev/null`; otherwise both their stdout and stderr go to our stderr.
    init(store: AppStore, environment: Environment, discardOutput: Bool) {
        self.store = store
        self.environment = environment
        self.discardOutput = discardOutput
        timeout = Self.timeout(environment: environment)
    }

    /// The earliest deadline of a running hook, on the monotonic clock.
    var nextDeadline: Double? { children.map(\.deadline).min() }

    /// Starts `hook` if its executable exists and may run; returns a problem to report, if any.
    func start(_ hook: Hook) -> Message? {
        let name = hook.event.fileName
        let path: String
        switch store.hook(hook.event) {
        case .missing: return nil
        case .notExecutable(let hookPath): return "focus: hook \(name) is not executable (chmod +x \(hookPath))"
        case .untrusted(let hookPath, let reason):
            guard Self.warned.insert(name).inserted else { return nil }
            return "focus: hook \(name) not run: \(reason), so someone else could have changed \(hookPath)"
        case .runnable(let resolved): path = resolved
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if discardOutput {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 2, 1)
        }
        var attributes = ChildSignals.attributes(processGroup: true)
        defer { posix_spawnattr_destroy(&attributes) }
        let variables = environment.variables.merging(hook.environment) { $1 }.map { "\($0.key)=\($0.value)" }
        var argv = [strdup(path), nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
        guard status == 0 else { return "focus: cannot run hook \(name): \(systemError: status)" }
        children.append(Child(name: name, pid: pid, deadline: LiveClock.monotonic() + timeout))
        return nil
    }

    /// Collects the hooks that ended and kills those past their deadline, without waiting.
    ///
    /// Returns one line for each hook that failed, died or was stopped.
    func reap() -> [Message] {
        var reports: [Message] = []
        let now = LiveClock.monotonic()
        children.removeAll { child in
            var status: Int32 = 0
            if waitpid(child.pid, &status, WNOHANG) == child.pid {
                if let problem = Self.problem(status, of: child.name) { reports.append(problem) }
                return true
            }
            guard now >= child.deadline else { return false }
            kill(-child.pid, SIGKILL)
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            reports.append(
                "focus: hook \(child.name) took longer than \(duration: Int(timeout.rounded(.up))) and was stopped")
            return true
        }
        return reports
    }

    /// Waits for every running hook to end or reach its deadline; returns what ``reap()`` reported.
    func finish() -> [Message] {
        var reports = reap()
        while !children.isEmpty {
            usleep(20_000)
            reports += reap()
        }
        return reports
    }

    /// Why the `waitpid` status of hook `name` is a failure, or `nil` for exit status 0.
    private static func problem(_ status: Int32, of name: String) -> Message? {
        let signal = status & 0x7f
        if signal != 0 { return "focus: hook \(name) was killed by signal \(signal)" }
        let code = (status >> 8) & 0xff
        return code == 0 ? nil : "focus: hook \(name) failed with exit status \(code)"
    }
}
