import Foundation

/// A child process started with `posix_spawn`, its output captured in temporary files.
///
/// Not `Process` with pipes: while many tests spawn at once, a child can
/// inherit another test's pipe before it is marked close-on-exec, and a read
/// to end-of-file then waits for that unrelated (maybe long-running) process.
/// Files have no such end, and `waitpid` waits for exactly one child.
final class Spawned {
    let pid: pid_t
    private let outPath: String
    private let errPath: String
    private var result: RunResult?

    init(executable: String, arguments: [String], environment: [String: String], stdin: String? = nil) throws {
        let base = NSTemporaryDirectory() + "spawned-\(UUID().uuidString)"
        outPath = base + ".out"
        errPath = base + ".err"
        let inPath = base + ".in"
        try Data((stdin ?? "").utf8).write(to: URL(fileURLWithPath: inPath))
        defer { unlink(inPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Descriptors other threads opened without close-on-exec (a binary being copied) must not
        // leak into the child: a long-lived child would keep that file busy.
        _ = Self.addCloseFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner blocks some signals, and code of focus running in it ignores SIGXFSZ and
        // SIGPIPE; a child must start with none blocked and those at their defaults, as from a shell.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGXFSZ)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = [executable] + arguments
        var cargs = argv.map { strdup($0) } + [nil]
        defer { for arg in cargs { free(arg) } }
        let env: [String] = environment.map { $0.key + "=" + $0.value }
        var cenv = env.map { strdup($0) } + [nil]
        defer { for variable in cenv { free(variable) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &cargs, &cenv)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        pid = child
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift's Glibc module does not export.
    private static let addCloseFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 =
        {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else {
                return { _, _ in 0 }
            }
            return unsafeBitCast(
                symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }()

    /// Whether the child has not exited yet.
    var isRunning: Bool {
        guard result == nil else { return false }
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        if done == pid { result = collect(status) }
        return done == 0
    }

    /// Waits for the child to exit; its output and exit status (128 + N when signal N ended it).
    func wait() -> RunResult {
        if let result { return result }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let collected = collect(status)
        result = collected
        return collected
    }

    private func collect(_ status: Int32) -> RunResult {
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        let out = FileManager.default.contents(atPath: outPath) ?? Data()
        let err = FileManager.default.contents(atPath: errPath) ?? Data()
        unlink(outPath)
        unlink(errPath)
        return RunResult(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self), status: code)
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = wait()
        }
    }
}
