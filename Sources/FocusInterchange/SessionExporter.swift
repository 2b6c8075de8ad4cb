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
        /// (``AppStore/streamSessions(progress:withLines:)``): the journal's formats copy it.
        public mutating func append(_ log: FocusLog, line: UnsafeBufferPointer<UInt8>? = nil, to bytes: inout [UInt8]) {
            count += 1
            switch format {
            case .csv: csvRow(log, days: days, memo: &csvDays, to: &bytes)
            case .json:
                bytes += (count == 1 ? "[\n  " : ",\n  ").utf8
                if let line { bytes += line } else { JournalCodec.append(log, to: &bytes) }
            case .jsonl:
                if let line { bytes += line } else { JournalCodec.append(log, to: &bytes) }
                bytes.append(10)
            case .ical: iCalendarEvent(log, stamp: stamp, to: &bytes)
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

    /// Appends one session's `VEVENT`, its lines folded (``fold(_:to:)``), each with its CRLF.
    static func iCalendarEvent(_ log: FocusLog, stamp: String, to bytes: inout [UInt8]) {
        for line in iCalendarEvent(log, stamp: stamp) { fold(line, to: &bytes) }
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
        // Every character it changes is one byte (the bytes of a longer UTF-8 sequence are 0x80 and above).
        func changed(_ byte: UInt8) -> Bool {
            byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ",")
        }
        guard text.utf8.contains(where: changed) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += "\\\\".utf8
            case UInt8(ascii: ";"): out += "\\;".utf8
            case UInt8(ascii: ","): out += "\\,".utf8
            case 10: out += "\\n".utf8
            case 13: continue
            case _ where byte < 0x20 || byte == 0x7F: out.append(UInt8(ascii: " "))
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `line` and a CRLF to `bytes`, folded into pieces of at most 75 octets, never inside a UTF-8 sequence.
    static func fold(_ line: String, to bytes: inout [UInt8]) {
        var line = line
        line.withUTF8 { utf8 in
            var octets = 0
            var limit = 75
            var i = 0
            while i < utf8.count {
                let lead = utf8[i]
                let size = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                if octets + size > limit {
                    bytes += "\r\n ".utf8
                    octets = 0
                    limit = 74  // continuation lines start with a space
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[i..<min(i + size, utf8.count)]))
                octets += size
                i += size
            }
        }
        bytes += "\r\n".utf8
    }
}
