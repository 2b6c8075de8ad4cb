import FocusJournal
import FocusModels
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Reads other tools' data as sessions; pure, bytes in.
///
/// A session from a peer gets source `import`, an id derived from the source record, and its stable identity in
/// the source (``FocusLog/Origin``: Watson's frame id, a Timewarrior interval's start) with the source's revision
/// of it, which ``ImportPlan`` follows. A session from focus's own export keeps its id, source and origin.
public enum SessionImporter {
    /// A format `focus import --from` reads.
    public enum Format: String, Sendable, CaseIterable {
        case watson, timewarrior, csv, json, jsonl

        /// The peer whose records this format follows (`--prune`), `nil` for focus's own formats.
        public var peer: String? {
            switch self {
            case .watson, .timewarrior: rawValue
            case .csv, .json, .jsonl: nil
            }
        }

        /// The peer's name as it spells it (`Timewarrior`), `nil` for focus's own formats.
        public var peerName: String? {
            switch self {
            case .watson: "Watson"
            case .timewarrior: "Timewarrior"
            case .csv, .json, .jsonl: nil
            }
        }
    }

    /// A source record that was not imported, and why.
    public struct Skipped: Equatable, Sendable, CustomStringConvertible {
        /// Where it is: `frames[3]`, `2026-11.data:4`, `row 7`, `line 2`.
        public let place: Message
        public let reason: Message
        /// `place: reason`.
        public var message: Message { "\(place): \(reason)" }
        public var description: String { message.description }
    }

    /// Where a reader puts what it reads, record by record, in input order: an import (``ImportPlan``) plans each
    /// session as it comes.
    public protocol Sink {
        /// A session read and checked against the journal's rules.
        mutating func take(_ log: FocusLog)
        /// A record that was not imported.
        mutating func skip(_ skipped: Skipped)
    }

    /// How far a parse has come: records gone through, and how much of the input (0 to 1).
    public typealias Progress = (_ done: Int, _ fraction: Double) -> Void

    /// Reads `input` into `sink`, a record at a time. For Timewarrior, `input` is a month file (`2026-11.data`) or
    /// one `timew export` JSON file; `progress` hears every few thousand records.
    ///
    /// `false` when what was read is not one state of the file: it changed while it was read (Watson's file is read
    /// twice; a mapped file may change under its reader, see
    /// ``ImportInput/init(name:bytes:releasing:unchanged:closing:)``), and `sink` may have some records of each.
    public static func read(
        _ input: ImportInput, format: Format, progress: Progress? = nil, into sink: inout some Sink
    ) -> Bool {
        switch format {
        case .watson:
            guard watson(input, progress: progress, into: &sink) else { return false }
        case .timewarrior:
            if firstByte(input.bytes) == UInt8(ascii: "[") {
                timewarriorExport(input, progress: progress, into: &sink)
            } else {
                timewarriorData(input, progress: progress, into: &sink)
            }
        case .csv: csv(input, progress: progress, into: &sink)
        case .json: json(input, progress: progress, into: &sink)
        case .jsonl: jsonl(input, progress: progress, into: &sink)
        }
        return input.unchanged
    }

    /// Tells `progress` about record `index` of `total`, every 4096 records.
    static func tick(_ progress: Progress?, _ index: Int, _ total: Int) {
        if index % 4096 == 0 { progress?(index, Double(index) / Double(max(1, total))) }
    }

    /// Every 4096 records: tells `input` it is read up to `offset` and `progress` about record `index`.
    static func tick(_ progress: Progress?, _ index: Int, input: ImportInput, offset: Int) {
        guard index % 4096 == 0 else { return }
        input.read(upTo: offset)
        progress?(index, input.fraction(upTo: offset))
    }

    /// The first byte of `bytes` that is not white space.
    static func firstByte(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8? {
        bytes.first { $0 != 32 && $0 != 10 && $0 != 13 && $0 != 9 }
    }

    // MARK: Helpers

    static func session(
        id: String, start: Int, end: Int, completed: Bool, tags: [String], note: String?, origin: FocusLog.Origin
    ) -> FocusLog {
        // Hostile times (a Watson frame from -9e18 to 9e18) reach here before `add` checks them: the length saturates
        // rather than traps, and `add` skips the record for its times.
        let (difference, overflow) = end.subtractingReportingOverflow(start)
        let length = overflow ? (end > start ? Int.max : 0) : max(0, difference)
        return FocusLog(
            id: id, start: Date(timeIntervalSince1970: Double(start)), end: Date(timeIntervalSince1970: Double(end)),
            planned: length, focused: length, completed: completed, tags: tags, note: note, source: .import,
            origin: origin)
    }

    /// Adds `log` after checking it against the journal's rules (through the codec, so the rules live in one place):
    /// as the reader reads the line focus would write for it (``JournalCodec/validated(_:)``).
    static func add(_ log: FocusLog, place: @autoclosure () -> Message, to out: inout some Sink) {
        do throws(JournalCodec.Failure) {
            out.take(try JournalCodec.validated(log))
        } catch {
            // The reason the reader gives for that line: the same, but for a time beyond the years the journal's
            // text holds, which reads as "not a UTC instant" there.
            var reason = error.reason
            if !Self.hasFourDigitYears(log) {
                do throws(JournalCodec.Failure) {
                    _ = try JournalCodec.decode(Array(JournalCodec.encode(log).utf8))
                } catch {
                    reason = error.reason
                }
            }
            out.skip(Skipped(place: place(), reason: reason))
        }
    }

    /// Whether the start and end of `log` fall in the years 1000 to 9999, which the journal writes and reads back
    /// exactly.
    static func hasFourDigitYears(_ log: FocusLog) -> Bool {
        [log.start, log.end].allSatisfy { date in
            JournalCodec.wholeSeconds(date).map { seconds in
                (1000...9999).contains(CivilDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down))).year)
            } ?? false
        }
    }
}
