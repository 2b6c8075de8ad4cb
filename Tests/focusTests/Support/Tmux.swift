import Foundation
import Testing

/// A private tmux server running one command in an 80×10 window, driven as a person would.
final class Tmux {
    let socket = "focus-test-\(UUID().uuidString.prefix(8))"
    static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    init(command: String, width: Int = 80, height: Int = 10) throws {
        try run(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit { _ = try? run(["kill-server"]) }

    /// The visible screen as text, one string per row.
    func screen() throws -> [String] {
        try run(["capture-pane", "-p", "-t", "0"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func send(_ keys: String...) throws { try run(["send-keys", "-t", "0"] + keys) }

    func resize(width: Int) throws { try run(["resize-window", "-t", "0", "-x", "\(width)"]) }

    /// A tmux format value for the pane, e.g. `#{cursor_flag}`.
    func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs the tmux client with `posix_spawn` and `waitpid`.
    ///
    /// Not `Process`: the server that `new-session` forks inherits the
    /// descriptors `Process` watches, and `waitUntilExit` would never return.
    @discardableResult
    private func run(_ args: [String]) throws -> String {
        let outPath = NSTemporaryDirectory() + "tmux-out-\(UUID().uuidString)"
        defer { unlink(outPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let tool = Self.path ?? "/usr/bin/tmux"
        let argv = [tool, "-L", socket, "-f", "/dev/null"] + args
        var cargs = argv.map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        let environment: [String] = ["PATH=/usr/bin:/bin", "TERM=xterm-256color", "HOME=" + NSTemporaryDirectory()]
        var env = environment.map { strdup($0) } + [nil]
        defer { env.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, tool, &actions, nil, &cargs, &env) == 0 else { throw CocoaError(.fileNoSuchFile) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }
}
