import FoundationEssentials

@testable import FocusInterchange
@testable import FocusJournal
@testable import FocusModels
@testable import FocusServices

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
        "config": config,
        "running": running,
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
            for bare in [
                NaturalTime.BareTime.mostRecent, .on(CivilDate(year: 2026, month: 11, day: 20)), .after(fuzzNow),
            ] {
                do {
                    _ = try NaturalTime.parse(text, now: fuzzNow, zone: zone, dayStartSeconds: 4 * 3600, bare: bare)
                } catch {
                    if error.message.description.contains(where: \.isNewline) {
                        return "'\(text)' is refused on several lines"
                    }
                }
            }
        }
        return nil
    }

    /// Expedition definitions: whatever parses has passed its own validation, and the expedition folds a year of
    /// sessions through it without trapping (the numbers are bounded: ``ExpeditionDefinitions/Limits``).
    static func definitions(_ bytes: [UInt8]) -> String? {
        guard let definitions = try? ExpeditionDefinitions.parse(bytes, file: "fuzz.json") else { return nil }
        if let problem = definitions.firstProblem() { return "accepted definitions break \(problem.0): \(problem.1)" }
        let folded = ExpeditionService.fold(
            yearOfSessions, into: ExpeditionState(), definitions: definitions, days: utc)
        guard folded.state.chapters.count <= definitions.chapters.count else { return "more chapters than the route" }
        let miles = definitions.chapters.reduce(0) { $0 + $1.miles }
        guard (0...miles).contains(folded.state.totalMiles) else { return "\(folded.state.totalMiles) miles" }
        return nil
    }

    /// `config.json`: whatever decodes and validates holds every number within its key's range, and what the
    /// commands compute from it (the day start, the daily goal in seconds, a run of cycles) does not trap.
    static func config(_ bytes: [UInt8]) -> String? {
        guard let config = try? JSONDecoder().decode(FocusConfig.self, from: Data(bytes)), config.validate() == nil
        else { return nil }
        for key in FocusConfig.Key.allCases {
            guard let range = key.range else { continue }
            guard let value = key.value(in: config).flatMap(Int.init), range.contains(value) else {
                return "\(key.rawValue) passed validation out of range"
            }
        }
        guard (0..<86_400).contains(config.dayStartSeconds) else { return "day start \(config.dayStartSeconds)" }
        let plan = CyclePlan(config: config, focusSeconds: nil, breakSeconds: nil, longBreakSeconds: nil, cycles: nil)
        guard plan.steps.count <= 2 * 99, config.dailyGoalMinutes * 60 > 0 else {
            return "a plan of \(plan.steps.count)"
        }
        return nil
    }

    /// `running.json`: a state within its ranges (``RunningState/outOfRange``) gives a count, a remainder and a
    /// record without trapping, and the record it gives is one the journal reads back or refuses in words.
    static func running(_ bytes: [UInt8]) -> String? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let state = try? decoder.decode(RunningState.self, from: Data(bytes)), state.outOfRange == nil else {
            return nil
        }
        for later in [0.0, 1, 86_400, 1e7] {
            let now = state.updatedAt.addingTimeInterval(later)
            guard (0...JournalCodec.maximumSeconds).contains(state.remaining(at: now)) else { return "remaining" }
            _ = state.counted(at: now)
        }
        _ = state.now(at: ClockReading(active: 5e11, elapsed: 5e11, wall: state.updatedAt))
        guard let log = state.sessionLog, (try? JournalCodec.validate(log)) != nil else { return nil }
        guard (try? JournalCodec.decode(Array(JournalCodec.encode(log).utf8))) == log else {
            return "a state's record does not read back: \(JournalCodec.encode(log))"
        }
        return nil
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

    private static let utc = LocalDays(timeZone: Zone(secondsFromGMT: 0)!)

    /// A completed timer session of 30 to 70 minutes a day for a year, from 2026-01-01.
    private static let yearOfSessions: [FocusLog] = (0..<365).map { day in
        let start = Date(timeIntervalSince1970: Double(1_767_225_600 + day * 86_400 + 9 * 3600))
        let focused = (30 + day % 41) * 60
        return FocusLog(
            id: "s\(day)", start: start, end: start.addingTimeInterval(Double(focused)), planned: focused,
            focused: focused, completed: true)
    }

    private static let zones: [Zone] =
        [Zone(secondsFromGMT: 0), Zone(secondsFromGMT: -5 * 3600)].compactMap { $0 }
        + ["America/New_York", "Europe/London", "Australia/Lord_Howe"].compactMap(Zone.init(identifier:))
}
