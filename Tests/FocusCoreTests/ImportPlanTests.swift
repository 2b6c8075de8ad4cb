import FocusCore
import Testing

@Suite struct ImportPlanTests {
    static let line1 =
        #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
        + #""completed":true}"#
    static let line2 =
        #"{"id":"b","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1500,"focused":1500,"#
        + #""completed":true}"#

    @Test func newSessionsAreAddedAndKnownOrRepeatedIdsCounted() throws {
        let bytes = Array((Self.line1 + "\n" + Self.line2 + "\n" + Self.line2 + "\n{broken\n").utf8)
        let plan = try ImportPlan(
            inputs: [(name: "x.jsonl", bytes: bytes)], format: .jsonl, known: ["a"], path: "x.jsonl")
        #expect(plan.added.map(\.id) == ["b"])
        #expect(plan.duplicates == 2)
        #expect(plan.skipped.count == 1)
    }

    @Test(arguments: [SessionImporter.Format.jsonl, .watson, .csv, .timewarrior])
    func inputOfWhichNothingCanBeReadIsADataError(_ format: SessionImporter.Format) {
        #expect {
            try ImportPlan(
                inputs: [(name: "junk", bytes: Array("\u{1}\u{2}garbage\nmore garbage\n".utf8))], format: format,
                known: [], path: "junk")
        } throws: {
            ($0 as? FocusError)?.kind == .data && ($0 as? FocusError)?.message.description.hasPrefix("junk: ") == true
        }
    }
}
