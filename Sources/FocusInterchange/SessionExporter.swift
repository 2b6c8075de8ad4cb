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
        tags.map { tag in
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
        public mutating func append(_ log: FocusLog, to bytes: inout [UInt8]) {
            count += 1
            switch format {
            case .csv: bytes += csvRow(log, days: days).utf8
            case .json:
                bytes += (count == 1 ? "[\n  " : ",\n  ").utf8
                JournalCodec.append(log, to: &bytes)
            case .jsonl:
                JournalCodec.append(log, to: &bytes)
                bytes.append(10)
            case .ical: bytes += iCalendarEvent(log, stamp: stamp).map { fold($0) + "\r\n" }.joined().utf8
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

    /// One CSV row, with its CRLF.
    static func csvRow(_ log: FocusLog, days: LocalDays) -> String {
        let fields = [
            log.id, days.date(of: log).isoString, UTCTimestamp.format(log.start), UTCTimestamp.format(log.end),
            String(log.planned), String(log.focused), String(log.completed), log.tz ?? "", csvTags(log.tags),
            log.note ?? "", log.source.rawValue, log.origin?.key ?? "", log.origin?.revision ?? "",
        ]
        return fields.map(csvField).joined(separator: ",") + "\r\n"
    }

    /// What starts a formula in a spreadsheet (OWASP's list: `=`, `+`, `-`, `@`, tab, carriage return), and the
    /// quote that neutralises it, which therefore also starts a neutralised field.
    public static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// One CSV field, quoted when it must be.
    ///
    /// A field starting with one of ``formulaStarts`` (a tag `=HYPERLINK(…)`, an imported id `-2+3`) would run as a
    /// formula when the file is opened in a spreadsheet (CSV injection): as OWASP recommends, it gets a `'` in
    /// front and is quoted, so the spreadsheet shows it as text. A field that starts with `'` gets one too, so the
    /// rule can be undone exactly: `focus import --from csv` removes one leading `'` from a field of focus's own CSV
    /// when another of these characters follows it (``SessionImporter``).
    public static func csvField(_ text: String) -> String {
        if let first = text.unicodeScalars.first, formulaStarts.contains(first) { return quoted("'" + text) }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return text
        }
        return quoted(text)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// An RFC 5545 calendar with one `VEVENT` per session: UTC times, escaped text, lines folded at 75 octets.
    public static func iCalendar(_ logs: [FocusLog], now: Date) -> String {
        export(logs, as: .ical, days: LocalDays(timeZone: .gmt), now: now)
    }

    /// The content lines of one session's `VEVENT`, before folding.
    static func iCalendarEvent(_ log: FocusLog, stamp: String) -> [String] {
        let status = log.completed ? "completed" : "interrupted"
        var description = "\(LocalTime.duration(log.focused)) of focus, \(status)"
        if let note = log.note { description += "\n" + note }
        var lines = [
            "BEGIN:VEVENT",
            "UID:" + icalText(log.id) + "@focus",
            "DTSTAMP:" + stamp,
            "DTSTART:" + icalInstant(log.start),
            "DTEND:" + icalInstant(log.end),
            "SUMMARY:" + icalText("Focus" + log.tags.map { " #" + $0 }.joined()),
            "DESCRIPTION:" + icalText(description),
        ]
        if !log.tags.isEmpty { lines.append("CATEGORIES:" + log.tags.map(icalText).joined(separator: ",")) }
        return lines + ["TRANSP:OPAQUE", "END:VEVENT"]
    }

    /// `20261129T090000Z`.
    static func icalInstant(_ date: Date) -> String {
        UTCTimestamp.format(date).filter { $0 != "-" && $0 != ":" }
    }

    /// RFC 5545 TEXT: backslash, semicolon and comma escaped, newlines as `\n`.
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

    /// Folds a content line into pieces of at most 75 octets, never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? 75 : 74  // continuation lines start with a space
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
}
