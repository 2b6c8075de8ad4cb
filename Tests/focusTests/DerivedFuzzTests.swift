import FocusCore
import Foundation
import Testing

/// The derived files (stats cache and its change records, session index, expedition checkpoint, growth totals,
/// own-append notes) never change one byte of any command's output: random journals and random steps between the
/// commands (``FuzzGenerator``), every command compared with a cold load and with rebuilt derived files after each
/// step (``DerivedFuzzer``). A few small cases in `make test`, `TortureScale.fuzzCases` in `make torture`;
/// `FOCUS_FUZZ_SEEDS=17` or `=100-199` runs those seeds instead (with `FOCUS_TORTURE_SCALE=full`, at the torture's
/// size). A failing case is shrunk and printed as the Swift of a ``FuzzScenario`` to paste into a regression test.
@Suite struct DerivedFuzzTests {
    static let seeds: [UInt64] = {
        guard let text = ProcessInfo.processInfo.environment["FOCUS_FUZZ_SEEDS"] else {
            return (1...UInt64(TortureScale.fuzzCases)).map { $0 }
        }
        let bounds = text.split(separator: "-").compactMap { UInt64($0) }
        return bounds.count == 2 ? Array(bounds[0]...bounds[1]) : bounds
    }()

    @Test(arguments: seeds)
    func randomStepsPrintTheSameWithAndWithoutDerivedFiles(_ seed: UInt64) throws {
        let scenario = FuzzGenerator.scenario(
            seed: seed, steps: TortureScale.fuzzSteps, commands: TortureScale.fuzzCommands)
        guard let difference = try DerivedFuzzer.firstDifference(scenario) else { return }
        let (small, found) = try DerivedFuzzer.shrink(scenario, difference, budget: TortureScale.shrinkRuns)
        Issue.record("seed \(seed): \(difference)\nshrunk: \(found)\n\(small)")
    }
}
