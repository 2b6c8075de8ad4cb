import FocusCore

/// A journal file as it is before the first command runs.
struct FuzzFile: Sendable, CustomStringConvertible {
    let name: String
    var lines: [String]

    var description: String { "FuzzFile(name: \(FuzzText.swift(name)), lines: \(FuzzText.swift(lines)))" }
}

/// What the derived-files fuzzer runs: a home's first journal files, the zone and the clock, the steps taken
/// between commands, and the commands compared after each step.
///
/// `description` is the Swift that builds it again: a failing case, shrunk, pastes into a regression test.
struct FuzzScenario: Sendable, CustomStringConvertible {
    /// Orders the commands after each step (a different order folds the derived files in different commands).
    var seed: UInt64
    var zone: String
    /// `FOCUS_NOW` before the first step, in seconds since the epoch.
    var now: Int
    var files: [FuzzFile]
    var steps: [FuzzStep]
    var commands: [[String]]

    var description: String {
        "FuzzScenario(\n    seed: \(seed), zone: \(FuzzText.swift(zone)), now: \(now),\n"
            + "    files: [\(files.map { "\n        \($0)" }.joined(separator: ","))],\n"
            + "    steps: [\(steps.map { "\n        \($0)" }.joined(separator: ","))],\n"
            + "    commands: [\(commands.map(FuzzText.swift).joined(separator: ", "))])"
    }

    /// The commands in the order they run after step `step` (-1: before the first).
    func commandOrder(after step: Int) -> [[String]] {
        var random = FuzzRandom(seed: seed &+ UInt64(bitPattern: Int64(step + 2)) &* 0x9E37_79B9)
        return commands.shuffled(using: &random)
    }

    /// The file this home's device appends to, and another device's.
    static let ownFile = TempHome.device.journalFileName
    static let otherFile = "laptop-0000000a.jsonl"

    /// Every command the fuzzer compares: each reads the derived files or streams the journal beside them.
    static func allCommands(tag: String) -> [[String]] {
        [
            ["stats"], ["stats", "--range", "7d"], ["stats", "--range", "30d", "--json"], ["stats", "--range", "all"],
            ["stats", "--range", "1y", "--heatmap"], ["stats", "--range", "7d", "--tag", tag],
            ["stats", "--range", "all", "--tag", tag, "--json"], ["stats", "--range", "30d", "--device", "laptop"],
            ["stats", "--device", "test"], ["tags"], ["log"], ["log", "--limit", "3"],
            ["log", "--limit", "0", "--json"],
            ["log", "--range", "7d"], ["log", "--tag", tag, "--limit", "5"], ["log", "--device", "laptop"],
            ["expedition"], ["expedition", "--json"], ["passport"], ["profile"], ["profile", "--json"],
            ["completions", "--tags"], ["completions", "--sounds"], ["export", "--format", "csv"],
            ["export", "--format", "json"], ["export", "--format", "jsonl"], ["export", "--format", "ical"],
            ["export", "--format", "csv", "--range", "30d"], ["doctor"], ["status"], ["status", "--json"],
        ]
    }
}
