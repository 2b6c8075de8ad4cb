import FocusCore
import FoundationEssentials
import Testing

@Suite struct JournalCodecTests {
    /// The example line of the README's journal section, with the id spelled out.
    static let normative =
        #"{"id":"5F0C2A1E-0000-4000-8000-000000000001","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","#
        + #""planned":1500,"focused":1500,"completed":true,"tz":"Asia/Shanghai","tag":"writing","note":"chapter "#
        + #"3"}"#

    /// Found by the fuzzer: a version no `Int` can hold trapped converting it.
    @Test(arguments: [
        ("1e300", "record version 1e+300 is newer than this focus understands (2)"),
        ("3", "record version 3 is newer than this focus understands (2)"),
    ])
    func versionsBeyondThisBuildAreRefusedNeverTrapped(_ v: String, _ reason: String) {
        let error = #expect(throws: JournalCodec.Failure.self) {
            try JournalCodec.decodeRecord(Array(#"{"v":\#(v),"id":"x"}"#.utf8))
        }
        #expect(error?.reason.description == reason)
    }

    /// An export copies a written line's id, instants and numbers (``JournalCodec/written(_:idCount:)``): each is the
    /// text of its value, whatever the id holds.
    @Test(
        arguments: ["a", "5F0C2A1E-0000-4000-8000-000000000001", "深度,工作", "=1+2", "🍅e\u{301}"], [0, 7, 9_999_999])
    func aWrittenLinesTimesAreTheTextOfItsValues(_ id: String, _ planned: Int) {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let end = start.addingTimeInterval(Double(planned) + 61)
        let log = FocusLog(
            id: id, start: start, end: end, planned: planned, focused: planned + 1, completed: true, tags: ["x"])
        let texts = Array(JournalCodec.encode(log).utf8).withUnsafeBufferPointer { line in
            let times = JournalCodec.written(line, idCount: id.utf8.count)
            return [times.id, times.start, times.end, times.planned, times.focused].map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        #expect(
            texts == [id, UTCTimestamp.format(start), UTCTimestamp.format(end), String(planned), String(planned + 1)])
    }

    /// Focus's own line shape is read eight bytes at a time (``CanonicalLine``): a line reads as the general parser
    /// reads it whichever byte of a string's words holds a control character, DEL, a byte beyond ASCII or an escape.
    @Test(arguments: ["\u{1}", "\u{1F}", "\u{7F}", "é", "深", #"\\"#, #"\n"#, #"\""#], 0..<17)
    func aByteThatMattersIsFoundAnywhereInAWord(_ special: String, _ at: Int) throws {
        var note = String(repeating: "n", count: 16)
        note.insert(contentsOf: special, at: note.index(note.startIndex, offsetBy: at))
        let line = Array(
            (#"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"note":""# + note + #""}"#).utf8)
        let general = try? JournalCodec.decodeRecord(line)
        if case .session(let log)? = general {
            #expect(try JournalCodec.decode(line) == log)
        } else {
            #expect(throws: JournalCodec.Failure.self) { try JournalCodec.decode(line) }
        }
    }

    @Test func roundTripsTheNormativeLineExactly() throws {
        let log = try JournalCodec.decode(Array(Self.normative.utf8))
        #expect(log.start == Date(timeIntervalSince1970: 1_795_942_800))  // 2026-11-29 09:00:00 UTC
        #expect(log.end.timeIntervalSince(log.start) == 1500)
        #expect(
            log.tz == "Asia/Shanghai" && log.tags.first == "writing" && log.note == "chapter 3" && log.source == .timer)
        #expect(JournalCodec.encode(log) == Self.normative)
    }

    @Test func omitsOptionalKeysAndWritesNonDefaultSource() {
        let log = FocusLog(
            id: "a", start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 60), planned: 60,
            focused: 60, completed: true, source: .manual)
        #expect(
            JournalCodec.encode(log)
                == #"{"id":"a","start":"1970-01-01T00:00:00Z","end":"1970-01-01T00:01:00Z","planned":60,"focused":60,"#
                + #""completed":true,"source":"manual"}"#
        )
    }

    @Test func unknownKeysAreIgnoredAndNotWrittenBack() throws {
        let line =
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1400,"#
            + #""completed":false,"mood":"great","extra":{"a":[1,2,{"b":null}]}}"#
        let log = try JournalCodec.decode(Array(line.utf8))
        #expect(log.focused == 1400 && !log.completed)
        #expect(!JournalCodec.encode(log).contains("mood"))
    }

    @Test(arguments: ["tab\there", "quote \" and \\ backslash", "line\nbreak", "emoji 🍅 and 中文", "\u{1}control"])
    func escapesRoundTrip(_ note: String) throws {
        let log = FocusLog(
            id: "n", start: Date(timeIntervalSince1970: 1_795_942_800), end: Date(timeIntervalSince1970: 1_795_942_900),
            planned: 100,
            focused: 100, completed: true, note: note)
        let line = JournalCodec.encode(log)
        #expect(!line.contains("\n"))
        #expect(try JournalCodec.decode(Array(line.utf8)) == log)
    }

    @Test func readsEscapedUnicodeAndOffsets() throws {
        let line =
            #"{"id":"u","start":"2026-11-29T17:00:00+08:00","end":"2026-11-29T09:25:00Z","planned":1500,"#
            + #""focused":1500,"completed":true,"note":"\u00e9\ud83c\udf45"}"#
        let log = try JournalCodec.decode(Array(line.utf8))
        #expect(log.note == "é🍅")
        #expect(UTCTimestamp.format(log.start) == "2026-11-29T09:00:00Z")
    }

    @Test(arguments: [
        ("", "not a JSON object"),
        ("[1,2]", "not a JSON object"),
        (#"{"id":"x","start":"2026-11-29T09:00:00Z""#, "ends inside"),
        (
            #"{"start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"completed":true}"#,
            "missing \"id\""
        ),
        (
            #"{"id":7,"start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"#
                + #""completed":true}"#,
            "\"id\" must be a string"
        ),
        (
            #"{"id":"x","start":"yesterday","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"completed":true}"#,
            "not a UTC instant"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00.5Z","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"#
                + #""completed":true}"#,
            "not a UTC instant"
        ),
        (
            #"{"id":"x","start":"2026-02-30T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"#
                + #""completed":true}"#,
            "not a UTC instant"
        ),
        (
            #"{"id":"x","start":"2026-11-29T10:00:00Z","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"#
                + #""completed":true}"#,
            "before"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1501,"#
                + #""completed":true}"#,
            "longer than end - start"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":-5,"focused":1,"#
                + #""completed":true}"#,
            "outside"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":"25","focused":1,"#
                + #""completed":true}"#,
            "whole number"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1.5,"#
                + #""completed":true}"#,
            "whole number"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1,"#
                + #""completed":"yes"}"#,
            "boolean"
        ),
        (
            #"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1,"#
                + #""completed":true,"source":"magic"}"#,
            "unknown \"source\""
        ),
        (
            #"{"v":3,"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1,"#
                + #""completed":true}"#,
            "newer"
        ),
        (#"{"id":"x"} trailing"#, "after the record"),
        ("{\"id\":\"a\u{1}b\"}", "control character"),
    ])
    func reportsBadLines(_ line: String, _ reason: String) {
        #expect {
            try JournalCodec.decode(Array(line.utf8))
        } throws: { error in
            (error as? JournalCodec.Failure)?.reason.description.contains(reason) == true
        }
    }

    @Test func rejectsInvalidUTF8() {
        var bytes = Array(
            (#"{"id":"x","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1,"focused":1,"#
                + #""completed":true,"tag":""#).utf8)
        bytes += [0xFF, 0xFE] + Array("\"}".utf8)
        #expect(throws: JournalCodec.Failure.self) { try JournalCodec.decode(bytes) }
    }
}
