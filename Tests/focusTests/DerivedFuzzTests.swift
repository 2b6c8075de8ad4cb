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

// MARK: Cases the fuzzer found, shrunk

extension DerivedFuzzTests {
    /// A session of 25 minutes at 09:00 on 2026-11-`day`, as another program writes it.
    static func session(_ id: String, day: Int, tag: String = "coding") -> String {
        #"{"id":"\#(id)","start":"2026-11-\#(day)T09:00:00Z","end":"2026-11-\#(day)T09:25:00Z","planned":1500,"#
            + #""focused":1500,"completed":true,"tag":"\#(tag)"}"#
    }

    /// An edit in place within the last 4 KiB of a journal file (the first digit of a session's focus: 1500 becomes
    /// 2500, longer than the session, a line a load skips), as an editor leaves it: the modification time moves, so the
    /// file's tail is read and the derived files give way to the journal (seed 3 found the same edit with the time put
    /// back, which focus does not promise to see: it reads no file whose size, time and inode stayed; README).
    @Test func anEditInPlaceNearTheEndIsSeen() throws {
        let line = Self.session("a", day: 28)
        let digit = (line.components(separatedBy: #""focused":"#)[0] + #""focused":"#).utf8.count
        let scenario = FuzzScenario(
            seed: 3, zone: "UTC", now: 1_796_061_600, files: [FuzzFile(name: FuzzScenario.ownFile, lines: [line])],
            steps: [.editInPlace(file: FuzzScenario.ownFile, fromEnd: line.utf8.count + 1 - digit)],
            commands: [["stats", "--range", "all"]])
        let difference = try DerivedFuzzer.firstDifference(scenario)
        #expect(difference == nil, "\(difference.map(String.init(describing:)) ?? "")")
    }
}
