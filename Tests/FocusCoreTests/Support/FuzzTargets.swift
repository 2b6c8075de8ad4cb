import FoundationEssentials

@testable import FocusInterchange
@testable import FocusJournal
@testable import FocusModels

/// The parsers `make fuzz` attacks, each with the properties every input must keep.
///
/// Shared by the libFuzzer binary (`Tests/fuzz/main.swift`, compiled with
/// its own module against the parsers' modules) and by
/// `FuzzCorpusTests`, which replays the committed corpus and crash
/// reproducers through the same entry points. A check returns the broken
/// property, or `nil`.
enum FuzzTargets {
    /// Target names, which are also the corpus folder names under `Fixtures/fuzz`.
    static let all: [String: @Sendable ([UInt8]) -> String?] = [
        "journal": journal,
        "duration": duration,
        "date": date,
        "definitions": definitions,
        "watson": { imported($0, .watson) },
        "timewarrior": { imported($0, .timewarrior) },
        "csv": { imported($0, .csv) },
        "jsonl": { imported($0, .jsonl) },
    ]

    /// Journal bytes: every record read writes back to a line that reads as the same record.
    static func journal(_ bytes: [UInt8]) -> String? {
        var records: [JournalRecord] = []
        var lines: [Int] = []
        var issues: [JournalIssue] = []
        JournalReader.parse(bytes, file: "fuzz.jsonl", into: &records, lines: &lines, issues: &issues)
        guard records.count == lines.count else { return "records and line numbers differ" }
        for record in records {
            let line: String
            switch record {
            case .session(let log): line = JournalCodec.encode(log)
            case .change(let change): line = JournalCodec.encode(change)
            }
            guard let again = try? JournalCodec.decodeRecord(Array(line.utf8)), again == record else {
                return "a record does not survive encode and decode: \(line)"
            }
        }
        return nil
    }

    /// A typed duration: accepted means 1 s to 24 h, and its short form parses to the same seconds.
    static func duration(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let seconds = try? DurationParser.seconds(text) else { return nil }
        guard seconds > 0, seconds <= DurationParser.maximumSeconds else { return "'\(text)' gave \(seconds) s" }
        let short = DurationParser.format(seconds: seconds)
        guard (try? DurationParser.seconds(short)) == seconds else {
            return "'\(short)' does not read back as \(seconds) s"
        }
        return nil
    }

    /// "Now" for the times typed relative to it.
    static let fuzzNow = Date(timeIntervalSince1970: 1_795_000_000)

    /// A UTC instant or a local date and time (strict, or as people type it): accepted instants format back
    /// to themselves, and a refused time is one line.
    static func date(_ bytes: [UInt8]) -> String? {
        if let seconds = UTCTimestamp.parse(bytes) {
            let text = UTCTimestamp.format(epochSeconds: seconds)
            guard UTCTimestamp.parse(Array(text.utf8)) == seconds else {
                return "\(seconds) formats as '\(text)', which reads back differently"
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        for zone in zones {
            _ = try? LocalDateTime.parse(text, in: zone)
            for bare in [NaturalTime.BareTime.mostRecent, .today, .after(fuzzNow)] {
                do {
                    _ = try NaturalTime.parse(text, now: fuzzNow, zone: zone, dayStartSeconds: 4 * 3600, bare: bare)
                } catch {
                    if error.message.contains(where: \.isNewline) { return "'\(text)' is refused on several lines" }
                }
            }
        }
        return nil
    }

    /// Expedition definitions: whatever parses has passed its own validation.
    static func definitions(_ bytes: [UInt8]) -> String? {
        guard let definitions = try? ExpeditionDefinitions.parse(bytes, file: "fuzz.json") else { return nil }
        return definitions.firstProblem().map { "accepted definitions break \($0.0): \($0.1)" }
    }

    /// Another tool's data: every session it yields is a valid journal line.
    static func imported(_ bytes: [UInt8], _ format: SessionImporter.Format) -> String? {
        for log in SessionImporter.parse(bytes, format: format, name: "fuzz").sessions {
            let line = JournalCodec.encode(log)
            guard let again = try? JournalCodec.decode(Array(line.utf8)), again == log else {
                return "an imported session is not a valid journal line: \(line)"
            }
        }
        return nil
    }

    private static let zones: [Zone] =
        [Zone(secondsFromGMT: 0), Zone(secondsFromGMT: -5 * 3600)].compactMap { $0 }
        + ["America/New_York", "Europe/London", "Australia/Lord_Howe"].compactMap(Zone.init(identifier:))
}
