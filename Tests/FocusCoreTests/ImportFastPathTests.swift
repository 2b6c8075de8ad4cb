import FocusCore
import Foundation
import Testing

@testable import FocusInterchange

/// The fast readers of `focus import` (Watson's frames as Watson writes them, sessions checked without writing and
/// re-reading their lines) give exactly what the general ones give: the same sessions, the same skipped records with
/// the same reasons.
@Suite struct ImportFastPathTests {
    static let frames: [String] = [
        #"[]"#,
        " [\n ]\n",
        #"[[1764406800, 1764408300, "p", "a", [], 1764408300]]"#,
        "[\n [\n  1764406800,\n  1764408300,\n  \"写作\",\n  \"b\",\n  [\"x\", \"abandoned\", \"x\"],\n  1\n ]\n]\n",
        #"[[1764406800, 1764408300, "p", "a", ["t"], 0], [1764408300, 1764406800, "p", "backwards", [], 0]]"#,
        #"[[1764406800, 1764408300, "", "no-project", [], 0]]"#,
        #"[[1764406800.5, 1764408300, "p", "fraction", [], 0]]"#,
        #"[[1764406800, 1764408300, "p\"q", "escaped", [], 0]]"#,
        #"[[1764406800, 1764408300, "p", "no-updated", []]]"#,
        #"[[1764406800, 1764408300, "p", "no-tags"]]"#,
        #"[[1e300, 1764408300, "p", "big", [], 0], [1764406800, 1764408300, "p", "ok", [], 0]]"#,
        #"[[99999999999999, 99999999999999, "p", "far", [], 0]]"#,
        #"[[-5, 10, "p", "negative", [], 0]]"#,
        #"[[01764406800, 1764408300, "p", "leading-zero", [], 0]]"#,
        #"[[1764406800, 1764408300, "p", "a", [], 0]] trailing"#,
        #"[[1764406800, 1764408300, "p", "a", [], 0],]"#,
        #"{"not": "a list"}"#,
        #"[[1764406800, 1764408300, "p", "a", [], 0, "extra"]]"#,
        #"[[1764406800, 1764408300, 5, "wrong-type", [], 0]]"#,
        #"[[1764406800, 1764408300, "p", "a", [], 1e3]]"#,
    ]

    @Test(arguments: frames)
    func watsonFramesReadFastAsTheDecoderReadsThem(_ text: String) {
        let fast = SessionImporter.watson(Array(text.utf8))
        let general = SessionImporter.watson(Array(text.utf8), fastPath: false)
        #expect(fast == general)
    }

    @Test func invalidUTF8GoesToTheDecoder() {
        let bytes = Array(#"[[1764406800, 1764408300, "p"#.utf8) + [0xFF] + Array(#"", "a", [], 0]]"#.utf8)
        #expect(!bytes.withUnsafeBufferPointer { WatsonFrames.parse($0) { _, _ in } })
        #expect(SessionImporter.watson(bytes) == SessionImporter.watson(bytes, fastPath: false))
    }

    static let t = UTCTimestamp.parse("2026-11-29T09:00:00Z")!

    static let logs: [FocusLog] = [
        FocusLog(id: "a", start: t, end: t + 1500, planned: 1500, focused: 1500, completed: true),
        FocusLog(
            id: "b\"\\\n\u{1}", start: t + 0.7, end: t + 1500.2, planned: 1500, focused: 1400, completed: false,
            tz: "Asia/Shanghai", tags: ["x", "y", "x"], note: "line\nbreak \u{7F}", source: .import,
            origin: FocusLog.Origin(key: "watson:b", revision: "3")),
        FocusLog(id: "", start: t, end: t, planned: 0, focused: 0, completed: true),
        FocusLog(id: "late", start: t, end: t - 1, planned: 0, focused: 0, completed: true),
        FocusLog(id: "long-focus", start: t, end: t + 10, planned: 10, focused: 20, completed: true),
        FocusLog(id: "week", start: t, end: t + 9 * 86_400, planned: 8 * 86_400, focused: 10, completed: true),
        FocusLog(id: "1999", start: t - 1e9, end: t, planned: 0, focused: 0, completed: true),
        FocusLog(id: "far", start: t + 1e12, end: t + 1e12, planned: 0, focused: 0, completed: true),
        FocusLog(id: "before", start: t - 1e11, end: t, planned: 0, focused: 0, completed: true),
    ]

    /// What the importers did before: write the line, read it back.
    static func reread(_ log: FocusLog) -> Result<FocusLog, JournalCodec.Failure> {
        Result { () throws(JournalCodec.Failure) in try JournalCodec.decode(Array(JournalCodec.encode(log).utf8)) }
    }

    @Test(arguments: logs.indices)
    func aSessionIsCheckedAsItsLineWouldRead(_ index: Int) {
        let log = Self.logs[index]
        var parsed = SessionImporter.Parsed()
        SessionImporter.add(log, place: "here", to: &parsed)
        switch Self.reread(log) {
        case .success(let read): #expect(parsed.sessions == [read] && parsed.skipped.isEmpty)
        case .failure(let failure):
            #expect(parsed.sessions.isEmpty && parsed.skipped.map(\.reason) == [failure.reason])
        }
    }
}
