#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to its end and collects what it printed: what `focus sync` does with git.
struct Subprocess {
    /// How a finished run went.
    struct Result {
        /// The exit status, or 128 + the signal that ended it.
        let status: Int32
        /// What the program wrote to stdout, byte for byte (a blob `git cat-file` printed).
        let output: [UInt8]
        let stderr: String

        /// Stdout as text.
        var stdout: String { String(decoding: output, as: UTF8.self) }

        /// The last non-empty line of stderr (else stdout): what to quote in a one-line error.
        var lastLine: String {
            let text = stderr.isEmpty ? stdout : stderr
            return text.split(separator: "\n").last.map(String.init)?.trimmingWhitespace() ?? ""
        }
    }

    /// The program could not be started (not installed, not on `PATH`).
    struct NotFound: Error {}

    /// Runs `arguments[0]`, found on `path`, with `arguments` and `environment`; stdin is empty.
    static func run(_ arguments: [String], environment: [String: String], path: String) throws(NotFound) -> Result {
        guard let executable = find(arguments[0], path: path) else { throw NotFound() }
        var out: [Int32] = [0, 0]
        var err: [Int32] = [0, 0]
        guard pipe(&out) == 0, pipe(&err) == 0 else { throw NotFound() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        for fd in out + err { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv = [executable] + arguments.dropFirst()
        var cargs = argv.map { strdup($0) } + [nil]
        var cenv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in cargs + cenv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &cargs, &cenv)
        close(out[1])
        close(err[1])
        defer {
            close(out[0])
            close(err[0])
        }
        guard spawned == 0 else { throw NotFound() }
        let (stdout, stderr) = readBoth(out[0], err[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: code, output: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// `name` itself when it holds a `/`, else the first executable of that name on `path`.
    static func find(_ name: String, path: String) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = dir + "/" + name
            if access(candidate, X_OK) == 0 { return String(candidate) }
        }
        return nil
    }

    /// Everything written to two pipes until both close, read as it comes so neither fills up.
    private static func readBoth(_ a: Int32, _ b: Int32) -> ([UInt8], [UInt8]) {
        var buffers: [[UInt8]] = [[], []]
        var fds = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while open > 0 {
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { break }
            for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    buffers[i] += chunk[..<n]
                } else if n == 0 || errno != EINTR {
                    fds[i].fd = -1
                    open -= 1
                }
            }
        }
        return (buffers[0], buffers[1])
    }
}
