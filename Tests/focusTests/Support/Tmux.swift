import Foundation
import Testing

/// A private tmux server running one command in an 80×10 window, driven as a person would.
final class Tmux {
    let socket = "focus-test-\(UUID().uuidString.prefix(8))"
    static let path: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    init(command: String, width: Int = 80, height: Int = 10) throws {
        try run(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit { _ = try? run(["kill-server"]) }

    /// The visible screen as text, one string per row.
    func screen() throws -> [String] {
        try run(["capture-pane", "-p", "-t", "0"]).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Everything the pane holds, its history (scrollback) first, one string per row; with `joined`, a line
    /// the terminal wrapped is one string.
    func scrollback(joined: Bool = false) throws -> [String] {
        try run(["capture-pane", "-p", "-t", "0", "-S", "-"] + (joined ? ["-J"] : [])).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
    }

    func send(_ keys: String...) throws { try run(["send-keys", "-t", "0"] + keys) }

    /// From now on, appends every byte the pane's program writes to the file at `path` (`pipe-pane`).
    func record(to path: String) throws { try run(["pipe-pane", "-t", "0", "-o", "cat >> '\(path)'"]) }

    /// Types `text` as bytes, so nothing in it is read as a key name or a tmux separator (`\\;`).
    func type(_ text: String) throws {
        try run(["send-keys", "-t", "0", "-H"] + text.utf8.map { String($0, radix: 16) })
    }

    func resize(width: Int) throws { try run(["resize-window", "-t", "0", "-x", "\(width)"]) }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Runs `command` in a second window of the same server: another terminal beside the first.
    func newWindow(_ command: String) throws { try run(["new-window", "-d", command]) }

    /// A tmux format value for the pane, e.g. `#{cursor_flag}`.
    func display(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sets a server option, e.g. `set-clipboard on`.
    func setOption(_ name: String, _ value: String) throws { try run(["set-option", "-s", name, value]) }

    /// The paste buffers, one line each (an OSC 52 clipboard write creates one with `set-clipboard on`).
    func buffers() throws -> String { try run(["list-buffers"]) }

    /// Runs the tmux client (through ``Spawned``: the server `new-session` forks would hold a pipe open forever).
    @discardableResult
    private func run(_ args: [String]) throws -> String {
        try Spawned(
            executable: Self.path ?? "/usr/bin/tmux", arguments: ["-L", socket, "-f", "/dev/null"] + args,
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": NSTemporaryDirectory()]
        ).wait().stdout
    }
}
