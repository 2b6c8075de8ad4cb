import FocusCore
import Foundation
import Testing

/// `focus import` of hostile files, through the binary: numbers no session can have, and a file that changes while
/// it is read.
@Suite struct ImportSafetyTests {
    static let now = BadInputTests.now

    /// A file of one record with numbers at or beyond the edges of `Int`.
    struct Hostile: CustomTestStringConvertible, Sendable {
        let format: String
        /// The file's name (a Timewarrior month file is named for its month).
        let name: String
        let content: String
        /// Where the skipped record is, as the error names it.
        let place: String
        var testDescription: String { "\(format) \(content.prefix(60))" }

        /// Watson's `frames` file of one frame, `content`.
        static func watson(_ content: String) -> Hostile {
            Hostile(format: "watson", name: "frames", content: content, place: "frames[0]")
        }
    }

    static let hostile: [Hostile] = [
        // The general decoder's numbers (an exponent, a fraction, more than 15 digits), which the fast path leaves.
        .watson(#"[[-9e18, 9e18, "p", "x", [], 0]]"#),
        .watson(#"[[9e18, -9e18, "p", "x", [], 0]]"#),
        .watson(#"[[-9.2e18, 1764400000, "p", "x", [], 0]]"#),
        .watson(#"[[1764400000, 9.2e18, "p", "x", [], 0]]"#),
        .watson(#"[[-9223372036854775808, 9223372036854775807, "p", "x", [], 0]]"#),
        .watson(#"[[-999999999999999, 999999999999999, "p", "x", [], 0]]"#),
        .watson(#"[[1e300, -1e300, "p", "x", [], 1e300]]"#),
        .init(
            format: "timewarrior", name: "2026-11.data", content: "inc 00000101T000000Z - 99991231T235959Z\n",
            place: "2026-11.data:1"),
        .init(
            format: "timewarrior", name: "2026-11.data", content: "inc 99991231T235959Z - 00000101T000000Z\n",
            place: "2026-11.data:1"),
        .init(
            format: "jsonl", name: "x.jsonl",
            content: #"{"id":"a","start":"0000-01-01T00:00:00Z","end":"9999-12-31T23:59:59Z","#
                + #""planned":9e18,"focused":9e18,"completed":true}"# + "\n",
            place: "line 1"),
        .init(
            format: "jsonl", name: "x.jsonl",
            content: #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","#
                + #""planned":-9223372036854775808,"focused":1e300,"completed":true}"# + "\n",
            place: "line 1"),
        .init(
            format: "json", name: "x.json",
            content: #"[{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","#
                + #""planned":1e300,"focused":-9e18,"completed":true}]"#,
            place: "item 1"),
        .init(
            format: "timewarrior", name: "tw.json",
            content: #"[{"start":"00000101T000000Z","end":"99991231T235959Z","tags":["x"]}]"#, place: "tw.json[0]"),
        .init(
            format: "csv", name: "x.csv",
            content: "start,end,focused,planned\n2026-11-29T09:00:00Z,2026-11-29T09:25:00Z,9223372036854775808,"
                + "-9223372036854775808\n",
            place: "row 2"),
    ]

    /// A record with numbers no session can have is skipped with its place, never a trap: a file of nothing else
    /// exits 65 in one line and writes nothing.
    @Test(arguments: hostile)
    func hostileNumbersAreSkippedNeverTrapped(_ hostile: Hostile) throws {
        let home = try DataSafetyTests.home(sessions: 1)
        let folder = home.path + "/../hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + hostile.name
        try Data(hostile.content.utf8).write(to: URL(fileURLWithPath: file))
        let before = BadInputTests.snapshot(home.path)
        let r = try FocusBinary.run(["import", file, "--from", hostile.format], home: home.path, now: Self.now)
        #expect(
            r.status == 65 && BadPlaceTests.errors(r).count == 1 && r.stderr.split(separator: "\n").count == 1
                && r.stderr.contains(hostile.place) && r.stdout.isEmpty,
            "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }
}
