import Foundation
import Testing

/// One of several computers a user runs focus on, simulated in a temporary folder on this one.
///
/// Each has its own device name (`FOCUS_DEVICE_NAME`) and its own folders. With ``Layout/xdg`` (what a user
/// who sets nothing has) the journal is `data/focus/journal`, and state, cache and settings live in folders of
/// their own, so syncing ``dataFolder`` shares the journal and nothing else. With ``Layout/focusHome`` everything
/// is under one `FOCUS_HOME`, state and cache included.
final class Machine {
    enum Layout: String, CustomStringConvertible, Sendable {
        case xdg, focusHome
        var description: String { rawValue }
    }

    let name: String
    let root: String
    let layout: Layout
    /// `PATH` for focus and the tools it starts (git).
    var path = "/usr/bin:/bin"

    init(_ name: String, layout: Layout = .xdg) throws {
        self.name = name
        self.layout = layout
        root = FileManager.default.temporaryDirectory.appendingPathComponent("focus-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The folder that holds the journal folder: `~/.local/share/focus`, or the whole `FOCUS_HOME`.
    var dataFolder: String { layout == .xdg ? root + "/data/focus" : root + "/focus-home" }
    /// The folder every machine reads and each appends its own file to.
    var journalFolder: String { dataFolder + "/journal" }

    /// The environment a user's shell on this machine gives focus.
    var environment: [String: String] {
        var env = ["HOME": root, "PATH": path, "LC_ALL": "C.UTF-8", "FOCUS_DEVICE_NAME": name]
        switch layout {
        case .xdg:
            for (key, folder) in [
                ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"),
                ("XDG_CONFIG_HOME", "config"),
            ] {
                env[key] = root + "/" + folder
            }
        case .focusHome:
            env["FOCUS_HOME"] = dataFolder
        }
        return env
    }

    /// Runs `focus args…` here and waits for it.
    @discardableResult
    func focus(_ args: [String], now: String? = nil, tz: String = "UTC") throws -> RunResult {
        try start(args, now: now, tz: tz).wait()
    }

    /// Starts `focus args…` here without waiting (a timer).
    func start(_ args: [String], now: String? = nil, tz: String = "UTC") throws -> Spawned {
        var env = environment
        env["TZ"] = tz
        if let now { env["FOCUS_NOW"] = now }
        return try Spawned(executable: FocusBinary.path, arguments: args, environment: env)
    }

    /// Runs `focus args…` and expects it to succeed; its stdout.
    @discardableResult
    func expectSuccess(
        _ args: [String], now: String? = nil, tz: String = "UTC", sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try focus(args, now: now, tz: tz)
        #expect(
            result.status == 0,
            "\(name): focus \(args.joined(separator: " ")) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The files in the journal folder that are not hidden (what focus reads, and its markers), by name.
    func journalFiles() -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: journalFolder)) ?? []
        var files: [String: Data] = [:]
        for name in names where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            let path = journalFolder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                let bytes = FileManager.default.contents(atPath: path)
            else { continue }
            files[name] = bytes
        }
        return files
    }

    /// The names of this machine's own journal files (`<name>-<id>.jsonl`).
    func ownJournalFiles() -> [String] {
        journalFiles().keys.filter { $0.hasPrefix(name + "-") && $0.hasSuffix(".jsonl") }.sorted()
    }

    /// The id of every record (session or change) in every journal file here, once per line that holds it.
    func recordIDs(inFilesNamed keep: (String) -> Bool = { $0.hasSuffix(".jsonl") }) -> [String] {
        journalFiles().filter { keep($0.key) }.sorted { $0.key < $1.key }.flatMap { _, bytes in
            String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
            }
        }
    }

    /// The sessions of `focus log --json`, newest first.
    func sessions(now: String) throws -> [[String: Any]] {
        let out = try expectSuccess(["log", "--limit", "0", "--json"], now: now)
        return try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
    }

    /// The id of the newest record this machine appended to its own file.
    func lastOwnRecordID() throws -> String {
        let own = try #require(ownJournalFiles().last, "\(name) has no journal file of its own")
        return try #require(recordIDs { $0 == own }.last, "\(own) is empty")
    }
}

/// What `focus` shows on every machine after a scenario: the same history, each record once, a healthy journal.
enum SameHistory {
    /// The outputs that must be byte-identical on machines holding the same files.
    static let views: [[String]] = [
        ["stats", "--range", "all", "--json"], ["log", "--limit", "0", "--json"], ["expedition", "--json"],
    ]

    /// Expects `machines` to show one history of `sessions` sessions at `now`: identical `--json` outputs, a
    /// healthy `focus doctor`, and exactly the records in `written` (the ids of every line the machines appended),
    /// each read once: none lost, none doubled, and no sync engine's conflict copy.
    static func expect(
        _ machines: [Machine], sessions: Int, written: [String], now: String, tz: String = "Asia/Shanghai",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for view in views {
            let outputs = try machines.map { try $0.expectSuccess(view, now: now, tz: tz) }
            for (machine, output) in zip(machines, outputs).dropFirst() {
                #expect(
                    output == outputs[0], "focus \(view.joined(separator: " ")) on \(machine.name)",
                    sourceLocation: sourceLocation)
            }
        }
        for machine in machines {
            #expect(try machine.sessions(now: now).count == sessions, "\(machine.name)", sourceLocation: sourceLocation)
            #expect(
                machine.recordIDs().sorted() == written.sorted(), "\(machine.name): records lost or doubled",
                sourceLocation: sourceLocation)
            let doctor = try machine.focus(["doctor"], now: now, tz: tz)
            #expect(
                doctor.status == 0 && !doctor.stdout.contains("problem"), "\(machine.name): \(doctor.stdout)",
                sourceLocation: sourceLocation)
            let copies = machine.journalFiles().keys.filter { $0.contains(".sync-conflict-") }
            #expect(copies.isEmpty, "\(machine.name): conflict copies \(copies)", sourceLocation: sourceLocation)
        }
    }

    /// The ids of the records `machines` appended to their own journal files.
    static func written(by machines: [Machine]) -> [String] {
        machines.flatMap { machine in machine.recordIDs { machine.ownJournalFiles().contains($0) } }
    }
}

/// A program a test needs: its path, or a failure that names the Debian package to install (never a silent skip).
func requireTool(_ tool: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let found = ["/usr/local/bin", "/usr/bin", "/bin", "/usr/sbin", "/sbin"].map { $0 + "/" + tool }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    return try #require(
        found, "this test needs \(tool): apt-get install \(package) (.ci/run installs it)",
        sourceLocation: sourceLocation)
}
