import Foundation

/// Polls `condition` every 50 ms until it holds or `timeout` passes.
///
/// For end-to-end tests that wait on another process (a timer starting,
/// a screen updating); unit tests never wait.
func eventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(50_000)
    }
    return try condition()
}

/// A `focus` process left running in the background, for tests that act on it from outside.
final class BackgroundFocus {
    private let child: Spawned

    init(_ args: [String], home: String, tz: String = "UTC", env: [String: String] = [:]) throws {
        child = try Spawned(
            executable: FocusBinary.path, arguments: args,
            environment: ["FOCUS_HOME": home, "TZ": tz, "PATH": "/usr/bin:/bin", "HOME": home].merging(env) { $1 })
    }

    /// Its process id, to send it signals.
    var pid: pid_t { child.pid }

    /// Whether it is still running.
    var isRunning: Bool { child.isRunning }

    /// Waits for it to exit and returns what it printed (a process still running when the test ends is killed).
    func finish() -> RunResult { child.wait() }
}
