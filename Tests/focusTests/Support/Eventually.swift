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
    let process = Process()
    private let out = Pipe()
    private let err = Pipe()

    init(_ args: [String], home: String, tz: String = "UTC", env: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: FocusBinary.path)
        process.arguments = args
        process.environment = ["FOCUS_HOME": home, "TZ": tz, "PATH": "/usr/bin:/bin", "HOME": home].merging(env) { $1 }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for it to exit and returns what it printed.
    func finish() -> RunResult {
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return RunResult(stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self), status: process.terminationStatus)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
