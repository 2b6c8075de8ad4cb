import FocusCore
import Foundation
import Testing

/// What one run of the built `focus` binary left: its output and exit status.
struct RunResult {
    let stdout: String
    let stderr: String
    let status: Int32
}

/// Runs the built `focus` executable, the way a user would, in a sandbox.
///
/// The binary is the one `swift build` put next to the test bundle (or
/// `$FOCUS_BINARY`). Each run gets a clean environment: `FOCUS_HOME` set to a
/// temporary folder, `TZ` and `FOCUS_NOW` as the test asks, nothing of the
/// developer's own data.
enum FocusBinary {
    static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["FOCUS_BINARY"] { return explicit }
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("focus").path
        if FileManager.default.isExecutableFile(atPath: besideTests) { return besideTests }
        return packageRoot + "/.build/debug/focus"
    }()

    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    /// Runs `focus args…` with `home` as `FOCUS_HOME` and waits for it.
    @discardableResult
    static func run(
        _ args: [String], home: String, tz: String = "UTC", now: String? = nil, env: [String: String] = [:],
        stdin: String? = nil
    ) throws -> RunResult {
        try run(executable: path, args, home: home, tz: tz, now: now, env: env, stdin: stdin)
    }

    /// Runs `script` with `/bin/sh` in the same sandbox; `"$FOCUS"` in it is the built binary.
    @discardableResult
    static func shell(_ script: String, home: String = NSTemporaryDirectory(), tz: String = "UTC", now: String? = nil)
        throws -> RunResult
    {
        try run(executable: "/bin/sh", ["-c", script], home: home, tz: tz, now: now, env: ["FOCUS": path], stdin: nil)
    }

    private static func run(
        executable: String, _ args: [String], home: String, tz: String, now: String?, env: [String: String],
        stdin: String?
    ) throws -> RunResult {
        var environment = ["FOCUS_HOME": home, "TZ": tz, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "HOME": home]
        if let now { environment["FOCUS_NOW"] = now }
        environment.merge(env) { $1 }
        return try Spawned(executable: executable, arguments: args, environment: environment, stdin: stdin).wait()
    }
}

/// A temporary `FOCUS_HOME`, removed when the value goes away.
///
/// Its device is pinned (`state/device.json`: `test`, id `00000001`), so the tests know the name of the journal
/// file focus appends to, ``journalFile``, and can put sessions there before focus runs.
final class TempHome {
    let path: String
    static let device = Device(id: "00000001", name: "test")

    init(device: Device? = TempHome.device) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("focus-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if let device { try Self.pin(device, in: path) }
    }

    /// Writes `state/device.json` under `path`, so focus appends to `device`'s journal file.
    static func pin(_ device: Device, in path: String) throws {
        try FileManager.default.createDirectory(atPath: path + "/state", withIntermediateDirectories: true)
        try #"{"id":"\#(device.id)","name":"\#(device.name)"}"#.write(
            toFile: path + "/state/device.json", atomically: false, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The journal file this home's device appends to.
    var journalFile: String { path + "/journal/" + Self.device.journalFileName }
    /// The same, relative to the home.
    var journalName: String { "journal/" + Self.device.journalFileName }

    /// Writes `lines` as a journal file named `name` under `journal/` (by default the one focus appends to).
    func writeJournal(_ lines: [String], name: String = TempHome.device.journalFileName) throws {
        try FileManager.default.createDirectory(atPath: path + "/journal", withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: path + "/journal/" + name, atomically: false, encoding: .utf8)
    }

    /// The bytes of a file under this home, or `nil`.
    func contents(_ relative: String) -> Data? { FileManager.default.contents(atPath: path + "/" + relative) }

    /// Non-empty lines of the journal this machine appends to.
    func journalLines() -> [String] {
        guard let data = contents(journalName) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}

extension FocusBinary {
    /// Runs another program (python3, sox) and returns its stdout.
    static func runTool(_ path: String, _ args: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = args
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
