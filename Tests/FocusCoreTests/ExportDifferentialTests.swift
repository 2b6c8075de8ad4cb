import FocusCore
import Foundation
import Testing

@testable import FocusInterchange
@testable import FocusJournal
@testable import FocusStore

/// The byte writers of every export format write what the `String` writers they replaced wrote (kept here as the
/// reference), for random sessions full of what quotes, escapes, neutralises or folds a field; and an export
/// streamed from the journal (as `focus export` makes it) is the export of the loaded history, byte for byte.
@Suite struct ExportDifferentialTests {
    /// The writers `SessionExporter` had before it wrote bytes: one `String` a field.
    enum Reference {
        static func csvRow(_ log: FocusLog, days: LocalDays) -> String {
            let fields = [
                log.id, days.date(of: log).isoString, timestamp(log.start), timestamp(log.end),
                String(log.planned), String(log.focused), String(log.completed), log.tz ?? "", csvTags(log.tags),
                log.note ?? "", log.source.rawValue, log.origin?.key ?? "", log.origin?.revision ?? "",
            ]
            return fields.map(csvField).joined(separator: ",") + "\r\n"
        }

        static func csvTags(_ tags: [String]) -> String {
            tags.map { tag in
                tag.unicodeScalars.reduce(into: "") { out, c in
                    if c == "," || c == "\\" { out += "\\" }
                    out.unicodeScalars.append(c)
                }
            }.joined(separator: ",")
        }

        static func csvField(_ text: String) -> String {
            if let first = text.unicodeScalars.first, SessionExporter.formulaStarts.contains(first) {
                return quoted("'" + text)
            }
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
                return text
            }
            return quoted(text)
        }

        static func quoted(_ text: String) -> String {
            "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        }

        static func iCalendarEvent(_ log: FocusLog, stamp: String) -> String {
            let status = log.completed ? "completed" : "interrupted"
            var description = "\(LocalTime.duration(log.focused)) of focus, \(status)"
            if let note = log.note { description += "\n" + note }
            var lines = [
                "BEGIN:VEVENT", "UID:" + icalText(log.id) + "@focus", "DTSTAMP:" + stamp,
                "DTSTART:" + icalInstant(log.start), "DTEND:" + icalInstant(log.end),
                "SUMMARY:" + icalText("Focus" + log.tags.map { " #" + $0 }.joined()),
                "DESCRIPTION:" + icalText(description),
            ]
            if !log.tags.isEmpty { lines.append("CATEGORIES:" + log.tags.map(icalText).joined(separator: ",")) }
            return (lines + ["TRANSP:OPAQUE", "END:VEVENT"]).map { fold($0) + "\r\n" }.joined()
        }

        static func icalInstant(_ date: Date) -> String { timestamp(date).filter { $0 != "-" && $0 != ":" } }

        static func icalText(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case ";": out += "\\;"
                case ",": out += "\\,"
                case "\n": out += "\\n"
                case "\r": continue
                case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += " "
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }

        static func fold(_ line: String) -> String {
            var pieces: [String] = []
            var current = ""
            var octets = 0
            for scalar in line.unicodeScalars {
                let size = String(scalar).utf8.count
                let limit = pieces.isEmpty ? 75 : 74
                if octets + size > limit {
                    pieces.append(current)
                    current = ""
                    octets = 0
                }
                current.unicodeScalars.append(scalar)
                octets += size
            }
            pieces.append(current)
            return pieces.joined(separator: "\r\n ")
        }

        /// The instant parser as it was: digit by digit through a closure.
        static func parse(_ p: [UInt8]) -> Int? {
            guard p.count == 20 || p.count == 25, p[4] == 45, p[7] == 45, p[10] == 84, p[13] == 58, p[16] == 58 else {
                return nil
            }
            func digits(_ at: Int, _ count: Int) -> Int? {
                var v = 0
                for k in at..<at + count {
                    let d = p[k] &- 48
                    guard d < 10 else { return nil }
                    v = v * 10 + Int(d)
                }
                return v
            }
            guard let y = digits(0, 4), let mo = digits(5, 2), let d = digits(8, 2), let h = digits(11, 2),
                let mi = digits(14, 2), let s = digits(17, 2),
                (1...12).contains(mo), d >= 1, d <= CivilDate.daysIn(year: y, month: mo), h < 24, mi < 60, s < 60
            else { return nil }
            var offset = 0
            if p.count == 20 {
                guard p[19] == 90 else { return nil }
            } else {
                guard p[19] == 43 || p[19] == 45, p[22] == 58, let oh = digits(20, 2), let om = digits(23, 2), oh < 24,
                    om < 60
                else { return nil }
                offset = (oh * 3600 + om * 60) * (p[19] == 45 ? -1 : 1)
            }
            return CivilDate(year: y, month: mo, day: d).dayNumber * 86_400 + h * 3600 + mi * 60 + s - offset
        }

        /// The instant's text as it was made: the civil date's ISO text and two digits a field.
        static func timestamp(_ date: Date) -> String {
            let seconds = Int(date.timeIntervalSince1970.rounded(.down))
            let days = Int((Double(seconds) / 86_400).rounded(.down))
            let second = seconds - days * 86_400
            func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            return CivilDate(dayNumber: days).isoString + "T" + pad2(second / 3600) + ":" + pad2(second / 60 % 60)
                + ":" + pad2(second % 60) + "Z"
        }
    }

    /// Text full of the characters the formats treat apart: separators, quotes, line ends, controls, formula
    /// starts, combining marks after a comma or a quote (one `Character` with them), Chinese and emoji.
    static let pieces = [
        "a", "coding", "深度工作", "🍅", ",", "\"", "\n", "\r", "\r\n", "\t", ";", "\\", "=", "+", "-", "@", "'",
        ",\u{301}", "\"\u{301}", "e\u{301}", " ", "\u{7F}", "\u{1}", "x,y", String(repeating: "长", count: 30),
        String(repeating: "n", count: 80),
    ]

    /// Text the journal's writer writes as it is (nothing escaped), full of what quotes or neutralises a CSV field: a
    /// comma alone, after a mark that joins what follows (U+0600) and before a combining mark, formula starts, wide,
    /// emoji and bidi text, a JSON list's brackets.
    static let plainPieces = [
        "a", "深度工作", "#深度工作", "🍅", "👨‍👩‍👧", ",", ",\u{301}", "\u{600},", "x,y", "=", "+", "-", "@", "'",
        "e\u{301}", " ", "\u{202E}", "[", "]", ":", "/", String(repeating: "长", count: 30),
    ]

    static func text(_ random: inout TestRandom, pieces count: ClosedRange<Int>, of pieces: [String] = pieces) -> String
    {
        (0..<random.next(in: count)).map { _ in pieces[random.next(in: 0...pieces.count - 1)] }.joined()
    }

    static func session(_ random: inout TestRandom, _ n: Int, of pieces: [String] = pieces) -> FocusLog {
        func text(_ random: inout TestRandom, pieces count: ClosedRange<Int>) -> String {
            Self.text(&random, pieces: count, of: pieces)
        }
        let start = random.next(in: JournalCodec.instants.lowerBound...JournalCodec.instants.upperBound - 90_000)
        let length = random.next(in: 0...86_400)
        let tags = (0..<random.next(in: 0...3)).map { _ in text(&random, pieces: 1...3) }
        let origin =
            random.next(in: 0...2) == 0
            ? FocusLog.Origin(
                key: text(&random, pieces: 1...2),
                revision: random.next(in: 0...1) == 0 ? text(&random, pieces: 0...2) : nil) : nil
        return FocusLog(
            id: random.next(in: 0...3) == 0 ? text(&random, pieces: 1...3) : "s\(n)",
            start: Date(timeIntervalSince1970: Double(start)),
            end: Date(timeIntervalSince1970: Double(start + length)), planned: random.next(in: 0...7 * 86_400),
            focused: random.next(in: 0...length), completed: random.next(in: 0...1) == 0,
            tz: random.next(in: 0...3) == 0 ? ["Asia/Shanghai", "America/New_York", "Nowhere/Else"][n % 3] : nil,
            tags: tags, note: random.next(in: 0...1) == 0 ? text(&random, pieces: 0...8) : nil,
            source: FocusLog.Source.allCases[random.next(in: 0...FocusLog.Source.allCases.count - 1)], origin: origin)
    }

    @Test(arguments: 1...6)
    func byteWritersWriteWhatTheStringWritersWrote(seed: Int) throws {
        var random = TestRandom(seed: UInt64(seed))
        let days = LocalDays(timeZone: Zone(identifier: "Asia/Shanghai")!, dayStartSeconds: 4 * 3600)
        let stamp = SessionExporter.icalInstant(Date(timeIntervalSince1970: 1_800_000_000))
        // Carried from row to row, as an export does: each session is written twice, once on the day texts the one
        // before left, once on its own.
        var memo = SessionExporter.CSVDays()
        for n in 0..<300 {
            let log = Self.session(&random, n)
            for _ in 0..<2 {
                var csv: [UInt8] = []
                SessionExporter.csvRow(log, days: days, memo: &memo, to: &csv)
                #expect(String(decoding: csv, as: UTF8.self) == Reference.csvRow(log, days: days), "\(log)")
            }
            var ical: [UInt8] = []
            SessionExporter.iCalendarEvent(log, stamp: stamp, to: &ical)
            #expect(String(decoding: ical, as: UTF8.self) == Reference.iCalendarEvent(log, stamp: stamp), "\(log)")
            #expect(SessionExporter.csvTags(log.tags) == Reference.csvTags(log.tags))
            #expect(UTCTimestamp.format(log.start) == Reference.timestamp(log.start))
            // A session the journal can hold reads back from its line as it is.
            let line = JournalCodec.encode(log)
            if (try? JournalCodec.validate(log)) != nil {
                #expect(try JournalCodec.decode(Array(line.utf8)) == log, "\(line)")
            }
        }
    }

    /// A CSV row and an iCalendar event written from a journal line as focus writes it (the row's fields and the
    /// event's instants taken from the line's bytes) are those written from the session's values, for random sessions
    /// whose text needs no escape in the journal.
    @Test(arguments: 1...6)
    func aWrittenLineExportsAsItsValues(seed: Int) {
        var random = TestRandom(seed: UInt64(seed) + 200)
        let days = LocalDays(timeZone: Zone(identifier: "Asia/Shanghai")!, dayStartSeconds: 4 * 3600)
        var memo = SessionExporter.CSVDays()
        for n in 0..<300 {
            guard let log = try? JournalCodec.validated(Self.session(&random, n, of: Self.plainPieces)) else {
                continue
            }
            let line = Array(JournalCodec.encode(log).utf8)
            var fromLine: [UInt8] = []
            var eventFromLine: [UInt8] = []
            #expect(line.withUnsafeBufferPointer { CanonicalLine.spans($0)?.asWritten } == true, "\(log)")
            line.withUnsafeBufferPointer { line in
                SessionExporter.csvRow(log, line: line, days: days, memo: &memo, to: &fromLine)
                SessionExporter.iCalendarEvent(log, line: line, stamp: "20261129T090000Z", to: &eventFromLine)
            }
            var fromValues: [UInt8] = []
            SessionExporter.csvRow(log, days: days, memo: &memo, to: &fromValues)
            #expect(String(decoding: fromLine, as: UTF8.self) == String(decoding: fromValues, as: UTF8.self), "\(log)")
            var event: [UInt8] = []
            SessionExporter.iCalendarEvent(log, stamp: "20261129T090000Z", to: &event)
            #expect(eventFromLine == event, "\(log)")
        }
    }

    /// Instants and numbers at the edges of what the writers are given, written as before.
    @Test(arguments: [
        Int.min, Int.min + 1, -62_167_219_201, -62_167_219_200, -1, 0, 1, 9, 10, 86_399, 86_400,
        946_684_800, 4_102_444_799, 253_402_300_799, 253_402_300_800, 999_999_999_999, Int.max / 1_000_000,
    ])
    func numbersAndInstantsAtTheEdges(_ n: Int) throws {
        var json = JSONWriter()
        json.integer(n)
        #expect(String(decoding: json.bytes, as: UTF8.self) == String(n))
        guard n.magnitude < 1 << 50 else { return }
        let date = Date(timeIntervalSince1970: Double(n))
        #expect(UTCTimestamp.format(date) == Reference.timestamp(date))
        let log = FocusLog(id: "x", start: date, end: date, planned: n, focused: n, completed: true)
        var csv: [UInt8] = []
        var memo = SessionExporter.CSVDays()
        SessionExporter.csvRow(log, days: LocalDays(timeZone: .gmt), memo: &memo, to: &csv)
        #expect(String(decoding: csv, as: UTF8.self) == Reference.csvRow(log, days: LocalDays(timeZone: .gmt)))
        // iCalendar's instants and durations (`focused`) at the same edges.
        var ical: [UInt8] = []
        SessionExporter.iCalendarEvent(log, stamp: "20261129T090000Z", to: &ical)
        #expect(String(decoding: ical, as: UTF8.self) == Reference.iCalendarEvent(log, stamp: "20261129T090000Z"))
    }

    /// Lines in focus's own shape, some of them not as focus writes them: an instant with an offset, the default
    /// source spelt out, a DEL, lists of tags it would not write.
    static let shapes = [
        #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
            + #""completed":true"#,
        #"{"id":"a","start":"2026-11-29T10:00:00+01:00","end":"2026-11-29T09:25:00Z","planned":1500,"#
            + #""focused":1500,"completed":true"#,
        #"{"id":"a","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00-00:00","planned":0,"focused":0,"#
            + #""completed":false"#,
    ]
    static let tails = [
        "}", #","source":"timer"}"#, #","source":"manual"}"#, #","tz":"Asia/Shanghai","tag":"x"}"#,
        #","tag":"x","tags":["x","y"]}"#, #","tag":"y","tags":["x","y"]}"#, #","tags":["x","y"]}"#,
        #","tag":"x","tags":["x"]}"#, #","tag":"x","tags":["x","x"]}"#, #","tag":"x","tags":["x","y","x"]}"#,
        #","note":"del \#u{7F} here"}"#, #","note":"深度工作 🍅"}"#, #","tag":"","note":""}"#,
        #","source":"import","origin":"watson:1","revision":"2"}"#, #","origin":"k"}"#,
    ]

    /// A line the reader says is as written is the line the writer writes for its session, and every line the
    /// writer writes in that shape is one.
    @Test(arguments: shapes.indices)
    func linesAsWrittenAreWhatTheWriterWrites(_ index: Int) throws {
        for tail in Self.tails {
            let line = Array((Self.shapes[index] + tail).utf8)
            let spans = try #require(line.withUnsafeBufferPointer { CanonicalLine.spans($0) })
            let log = try JournalCodec.session(#require(line.withUnsafeBufferPointer { CanonicalLine.fields($0) }))
            let written = Array(JournalCodec.encode(log).utf8)
            #expect(spans.asWritten == (written == line), "\(String(decoding: line, as: UTF8.self))")
            // What the writer writes is as written, but for an escape (the DEL), which the fast reader leaves alone.
            let again = written.withUnsafeBufferPointer { CanonicalLine.spans($0) }
            #expect(again?.asWritten ?? written.contains(UInt8(ascii: "\\")))
        }
    }

    /// The instant parser reads what the parser it replaced read, and refuses what it refused.
    @Test func instantsParseAsBefore() {
        var random = TestRandom(seed: 7)
        let texts = [
            "2026-11-29T09:00:00Z", "2026-02-29T09:00:00Z", "2024-02-29T23:59:59Z", "2026-11-29T09:00:00+05:30",
        ]
        for _ in 0..<20_000 {
            var bytes = Array(texts[random.next(in: 0...texts.count - 1)].utf8)
            for _ in 0..<random.next(in: 0...2) {
                let at = random.next(in: 0...bytes.count - 1)
                bytes[at] = Array("0123456789-:TZ+x ".utf8)[random.next(in: 0...16)]
            }
            let got = bytes.withUnsafeBufferPointer { UTCTimestamp.parse($0) }
            #expect(got == Reference.parse(bytes), "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// Every format, streamed from random journals as `focus export` streams them (a session at a time through
    /// ``SessionExporter/Writer``), is the export of the history a load holds.
    @Test(arguments: StreamedJournalTests.journals.indices)
    func aStreamedExportIsTheExportOfTheLoadedHistory(_ index: Int) throws {
        let paths = try Sessions.temporaryPaths()
        try StreamedJournalTests.write(StreamedJournalTests.journals[index].files, to: paths)
        try Self.expectSameExports(paths, StreamedJournalTests.journals[index].name)
    }

    @Test(arguments: 1...4)
    func randomJournalsExportAsTheyLoad(seed: Int) throws {
        var random = TestRandom(seed: UInt64(seed) + 100)
        let paths = try Sessions.temporaryPaths()
        var text = ""
        var other = ""
        for n in 0..<200 {
            let log = Self.session(&random, n)
            guard (try? JournalCodec.validate(log)) != nil else { continue }
            let line = JournalCodec.encode(log) + "\n"
            if random.next(in: 0...4) == 0 { other += line } else { text += line }
            if random.next(in: 0...30) == 0, n > 0 {
                let change = JournalChange(
                    id: "c\(n)", kind: random.next(in: 0...1) == 0 ? .delete : .edit, target: log.id,
                    at: Date(timeIntervalSince1970: 1_800_000_000), patch: SessionPatch(tags: ["edited,", "=x"]))
                text += JournalCodec.encode(change) + "\n"
            }
        }
        try StreamedJournalTests.write(
            [StreamedJournalTests.own: text, StreamedJournalTests.other: other], to: paths)
        try Self.expectSameExports(paths, "seed \(seed)")
    }

    static func expectSameExports(_ paths: DataPaths, _ name: String) throws {
        let loaded = AppStore(paths: paths)
        try loaded.load()
        let days = LocalDays(timeZone: Zone(identifier: "America/New_York")!)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for format in SessionExporter.Format.allCases {
            let reference = SessionExporter.export(loaded.focusLogs, as: format, days: days, now: now)
            var writer = SessionExporter.Writer(format: format, days: days, now: now)
            var bytes = Array(writer.start().utf8)
            _ = try AppStore(paths: paths).streamSessions { log, _, line in writer.append(log, line: line, to: &bytes) }
            bytes += writer.end().utf8
            #expect(String(decoding: bytes, as: UTF8.self) == reference, "\(name) \(format)")
        }
    }
}
