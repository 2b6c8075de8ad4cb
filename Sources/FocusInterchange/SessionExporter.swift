import FocusJournal
import FocusModels
import FoundationEssentials

/// Writes sessions in the formats `focus export` offers; pure, bytes out.
public enum SessionExporter {
    /// An export format.
    public enum Format: String, Sendable, CaseIterable {
        case csv, json, jsonl, ical
    }

    /// The CSV columns, in order; `focus import --from csv` reads the same header. `tags` holds every tag
    /// (``csvTags(_:)-(Array<String>)``), `origin` and `revision` the record of another tool a session was imported
    /// from.
    public static let csvHeader = [
        "id", "date", "start", "end", "planned", "focused", "completed", "tz", "tags", "note", "source", "origin",
        "revision",
    ]

    /// The header of focus's CSV before sessions had several tags: read as focus's own too.
    public static let singleTagCSVHeader = [
        "id", "date", "start", "end", "planned", "focused", "completed", "tz", "tag", "note", "source",
    ]

    /// Tags in one CSV field: separated by commas, a comma or backslash inside a tag after a backslash.
    public static func csvTags(_ tags: [String]) -> String {
        // Most tags have nothing to escape (both characters are one byte).
        if tags.allSatisfy({ !$0.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\\") }) }) {
            return tags.count == 1 ? tags[0] : tags.joined(separator: ",")
        }
        return tags.map { tag in
            tag.unicodeScalars.reduce(into: "") { out, c in
                if c == "," || c == "\\" { out += "\\" }
                out.unicodeScalars.append(c)
            }
        }.joined(separator: ",")
    }

    /// The tags of a field ``csvTags(_:)-(Array<String>)`` wrote (another tool's plain `a,b` reads the same way).
    public static func csvTags(_ field: String) -> [String] {
        var tags: [String] = []
        var current = ""
        var escaped = false
        for c in field.unicodeScalars {
            if escaped {
                current.unicodeScalars.append(c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "," {
                tags.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(c)
            }
        }
        tags.append(current)
        return FocusLog.tagSet(tags.filter { !$0.isEmpty })
    }

    /// `logs` in `format`. `days` gives the local `date` column; `now` stamps iCalendar's `DTSTAMP`.
    public static func export(_ logs: [FocusLog], as format: Format, days: LocalDays, now: Date) -> String {
        var writer = Writer(format: format, days: days, now: now)
        var out = writer.start()
        for log in logs { out += writer.append(log) }
        return out + writer.end()
    }

    /// An export written a session at a time (``export(_:as:days:now:)`` in pieces): the text of
    /// ``start()``, then of ``append(_:)`` for each session, then of ``end()``, is the whole export.
    public struct Writer: Sendable {
        public let format: Format
        let days: LocalDays
        let stamp: String
        /// Sessions appended so far.
        public private(set) var count = 0
        /// The CSV's day texts, from row to row.
        var csvDays = CSVDays()

        public init(format: Format, days: LocalDays, now: Date) {
            self.format = format
            self.days = days
            stamp = icalInstant(now)
        }

        /// What comes before the first session.
        public func start() -> String {
            switch format {
            case .csv: csvHeader.joined(separator: ",") + "\r\n"
            case .json, .jsonl: ""
            case .ical:
                [
                    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//focus//focus timer//EN", "CALSCALE:GREGORIAN",
                    "METHOD:PUBLISH",
                ].map { $0 + "\r\n" }.joined()
            }
        }

        /// The text of one more session.
        public mutating func append(_ log: FocusLog) -> String {
            var bytes: [UInt8] = []
            append(log, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Appends the text of one more session to `bytes`: the journal's formats with no `String` made.
        ///
        /// `line`, when given, is the session's journal line exactly as ``JournalCodec/append(_:to:)`` writes it
        /// (``AppStore/streamSessions(progress:withLines:)``): the journal's formats copy it, CSV its fields' text,
        /// iCalendar its instants'.
        public mutating func append(_ log: FocusLog, line: UnsafeBufferPointer<UInt8>? = nil, to bytes: inout [UInt8]) {
            count += 1
            switch format {
            case .csv: csvRow(log, line: line, days: days, memo: &csvDays, to: &bytes)
            case .json:
                bytes += (count == 1 ? "[\n  " : ",\n  ").utf8
                if let line { bytes += line } else { JournalCodec.append(log, to: &bytes) }
            case .jsonl:
                if let line { bytes += line } else { JournalCodec.append(log, to: &bytes) }
                bytes.append(10)
            case .ical: iCalendarEvent(log, line: line, stamp: stamp, to: &bytes)
            }
        }

        /// What comes after the last session.
        public func end() -> String {
            switch format {
            case .csv, .jsonl: ""
            case .json: count == 0 ? "[]\n" : "\n]\n"
            case .ical: "END:VCALENDAR\r\n"
            }
        }
    }

    /// RFC 4180: CRLF line ends, a header row, fields with a comma, quote, CR or LF quoted, quotes doubled; a
    /// field a spreadsheet would run as a formula is neutralised (``csvField(_:)``).
    public static func csv(_ logs: [FocusLog], days: LocalDays) -> String {
        export(logs, as: .csv, days: days, now: Date(timeIntervalSince1970: 0))
    }

    /// An RFC 5545 calendar with one `VEVENT` per session: UTC times, escaped text, lines folded at 75 octets.
    public static func iCalendar(_ logs: [FocusLog], now: Date) -> String {
        export(logs, as: .ical, days: LocalDays(timeZone: .gmt), now: now)
    }
}
