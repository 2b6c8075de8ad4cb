import Foundation

/// Where one command printed otherwise with the home's derived files than without them.
struct FuzzDifference: CustomStringConvertible {
    /// The step after which it showed (-1: before the first step).
    let step: Int
    let command: [String]
    /// What the home's output was compared with: a cold load, or derived files rebuilt from the journal.
    let against: String
    let derived: RunResult
    let other: RunResult

    var description: String {
        var text = "`focus \(command.joined(separator: " "))` after step \(step) differs from \(against):"
        if derived.status != other.status {
            text += "\n  exit status \(derived.status) with the derived files, \(other.status)"
        }
        for (name, a, b) in [("stdout", derived.stdout, other.stdout), ("stderr", derived.stderr, other.stderr)] {
            let (left, right) = (
                a.split(separator: "\n", omittingEmptySubsequences: false),
                b.split(separator: "\n", omittingEmptySubsequences: false)
            )
            guard
                let line = (0..<max(left.count, right.count)).first(where: { i in
                    i >= left.count || i >= right.count || Array(left[i].utf8) != Array(right[i].utf8)
                })
            else { continue }
            func quoted(_ lines: [Substring]) -> String {
                line < lines.count ? FuzzText.swift(String(lines[line])) : "(none)"
            }
            text += "\n  \(name) line \(line + 1):\n    derived: \(quoted(left))"
            text += "\n    \(against == DerivedFuzzer.cold ? "cold:   " : "rebuilt:") \(quoted(right))"
        }
        return text
    }
}

/// The differential fuzzer of the derived files: runs a ``FuzzScenario`` on the built binary and, before the first
/// step and after each, compares every command's stdout, stderr and exit status in the home as it is (its derived
/// files folded as the commands go) with the same command in a copy without `state/cache` (a cold load, the derived
/// files deleted before each command), and with a copy whose derived files a rebuild wrote (the first command there
/// rebuilds them, the others read them as the home's commands read the folded ones).
enum DerivedFuzzer {
    static let cold = "a cold load"
    static let rebuilt = "derived files rebuilt from the journal"

    /// The first difference, or nil. `only` compares that one command (the others still run in the home, in
    /// their order, as they fold its derived files).
    static func firstDifference(_ scenario: FuzzScenario, only: [String]? = nil) throws -> FuzzDifference? {
        let home = try FuzzHome(scenario)
        if let found = try compare(home, scenario, after: -1, only: only) { return found }
        for (index, step) in scenario.steps.enumerated() {
            try home.apply(step)
            if let found = try compare(home, scenario, after: index, only: only) { return found }
        }
        return nil
    }

    private static func compare(_ home: FuzzHome, _ scenario: FuzzScenario, after step: Int, only: [String]?) throws
        -> FuzzDifference?
    {
        let order = scenario.commandOrder(after: step)
        let coldHome = try home.copyWithoutDerivedFiles("cold")
        let rebuiltHome = try home.copyWithoutDerivedFiles("rebuilt")
        let derived = try order.map { try comparable($0, home.run($0)) }
        for (command, got) in zip(order, derived) where only == nil || only == command {
            try? FileManager.default.removeItem(atPath: coldHome + "/state/cache")
            let reference = try comparable(
                command, read(home.run(command, in: coldHome), from: coldHome, as: home.path))
            if differ(got, reference) {
                return FuzzDifference(step: step, command: command, against: cold, derived: got, other: reference)
            }
        }
        for (command, got) in zip(order, derived) {
            let reference = try comparable(
                command, read(home.run(command, in: rebuiltHome), from: rebuiltHome, as: home.path))
            if (only == nil || only == command) && differ(got, reference) {
                return FuzzDifference(step: step, command: command, against: rebuilt, derived: got, other: reference)
            }
        }
        return nil
    }

    /// A copy's output with its folder named as the home's (`doctor` names it).
    private static func read(_ result: RunResult, from copy: String, as path: String) -> RunResult {
        RunResult(
            stdout: result.stdout.replacingOccurrences(of: copy, with: path),
            stderr: result.stderr.replacingOccurrences(of: copy, with: path), status: result.status)
    }

    /// `doctor` reports the expedition checkpoint as it is: none yet, one that matches a rebuild and one a fold left
    /// behind the journal (the expedition folds only in the commands that show it) are each fine, and read as one;
    /// one that differs from a rebuild is a problem and stays as it is.
    private static func comparable(_ command: [String], _ result: RunResult) -> RunResult {
        guard command.first == "doctor" else { return result }
        let fine = [
            "  expedition checkpoint: matches a rebuild", "  expedition checkpoint: none yet (built on first use)",
            "  expedition checkpoint: behind the journal",
        ]
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            fine.contains { line.hasPrefix($0) } ? "  expedition checkpoint: fine" : String(line)
        }
        return RunResult(stdout: lines.joined(separator: "\n"), stderr: result.stderr, status: result.status)
    }

    /// Byte for byte: `String`'s `==` would take two spellings of a tag for one.
    private static func differ(_ a: RunResult, _ b: RunResult) -> Bool {
        a.status != b.status || Array(a.stdout.utf8) != Array(b.stdout.utf8)
            || Array(a.stderr.utf8) != Array(b.stderr.utf8)
    }

    /// A smaller scenario with a difference in the same command: the steps after it dropped, then (each kept only
    /// while the command still differs) the other commands, each step, each journal file and line; at most
    /// `budget` runs of the scenario.
    static func shrink(_ scenario: FuzzScenario, _ difference: FuzzDifference, budget: Int) throws
        -> (FuzzScenario, FuzzDifference)
    {
        var best = scenario
        var found = difference
        var runs = 0
        func keep(_ candidate: FuzzScenario) throws -> Bool {
            guard runs < budget else { return false }
            runs += 1
            guard let again = try firstDifference(candidate, only: difference.command) else { return false }
            (best, found) = (candidate, again)
            return true
        }
        best.steps = Array(best.steps.prefix(difference.step + 1))
        var one = best
        one.commands = [difference.command]
        _ = try keep(one)
        var index = best.steps.count - 1
        while index >= 0 {
            var candidate = best
            candidate.steps.remove(at: index)
            _ = try keep(candidate)
            index -= 1
        }
        for file in best.files.indices.reversed() {
            var candidate = best
            candidate.files[file].lines = []
            if try keep(candidate) { continue }
            var chunk = max(1, best.files[file].lines.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.files[file].lines.count {
                    var smaller = best
                    smaller.files[file].lines.removeSubrange(
                        start..<min(start + chunk, smaller.files[file].lines.count))
                    if try !keep(smaller) { start += chunk }
                }
                chunk /= 2
            }
        }
        return (best, found)
    }
}
