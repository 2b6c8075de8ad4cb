import FocusCore
import FoundationEssentials

/// Renders `focus log`: one line per session, or a JSON array.
enum HistoryView {
    /// The words of the status column, in the reader's language.
    fileprivate static var completedWord: TerminalLine { TerminalLine("completed") }
    fileprivate static var interruptedWord: TerminalLine { TerminalLine("interrupted") }

    /// What the `*` after a date means (``HistoryViewModel/Row/countsForDayBefore``), in the reader's language.
    static var dayBeforeNote: Message { "* counts for the day before: it began before your day-start" }

    /// The rows as a table whose columns are measured on what they show (ids, tags and notes from data
    /// included), each row cut to `width` columns when given (on a terminal), else whole; with `footnote`, the
    /// line that explains a date marked `*` under it when one is.
    static func lines(_ rows: [HistoryViewModel.Row], hidden: Int, width: Int?, footnote: Bool = true)
        -> [TerminalLine]
    {
        guard !rows.isEmpty else { return [noSessions] }
        var layout = Layout()
        for row in rows { layout.measure(row) }
        var lines = rows.map { layout.line($0, width: width) }
        if footnote { lines += layout.footnote(width: width) }
        if hidden > 0 {
            lines += TerminalLine(
                hidden == 1
                    ? "… 1 older session (--limit 0 shows all)" as Message
                    : "… \(hidden) older sessions (--limit 0 shows all)"
            )
            .folded(toWidth: width)
        }
        return lines
    }

    static var noSessions: TerminalLine { TerminalLine("No sessions.") }

    /// The table's columns, measured on every row (``measure(_:)``) before any is drawn (``line(_:width:)``): the
    /// rows of a whole history stream by twice, and are never held. The cells many rows share (a duration, a set of
    /// tags, the status words) are made once.
    struct Layout {
        private var idWidth = 0
        private var focusWidth = 0
        private var tagWidth = 0
        private var zoneWidth = 0
        /// Whether a row counts for the day before its date: then each date has a column for the mark.
        private var marksDays = false
        private var devices: [String?: Int] = [:]
        private(set) var isEmpty = true
        private let completed: TerminalLine
        private let interrupted: TerminalLine
        private let gap = TerminalLine("  " as Message)
        private let dash = TerminalLine(verbatim: "–")
        private var durations: [Int: TerminalLine] = [:]
        private var tagCells: [[String]: TerminalLine] = [:]

        init() {
            let statusWidth = max(HistoryView.completedWord.width, HistoryView.interruptedWord.width) + 2
            completed = HistoryView.completedWord.padded(toWidth: statusWidth)
            interrupted = HistoryView.interruptedWord.padded(toWidth: statusWidth)
        }

        mutating func measure(_ row: HistoryViewModel.Row) {
            isEmpty = false
            idWidth = max(idWidth, TerminalLine(verbatim: row.shortID).width)
            focusWidth = max(focusWidth, duration(row.log.focused).width)
            tagWidth = max(tagWidth, tags(row.log.tags).width)
            marksDays = marksDays || row.countsForDayBefore
            if let zone = row.otherZone { zoneWidth = max(zoneWidth, TerminalLine(verbatim: zone).width) }
            if devices[row.device] == nil { devices[row.device] = TerminalLine(verbatim: row.device ?? "-").width }
        }

        private mutating func duration(_ seconds: Int) -> TerminalLine {
            if let cell = durations[seconds] { return cell }
            let cell = TerminalLine(Message.duration(seconds))
            durations[seconds] = cell
            return cell
        }

        private mutating func tags(_ tags: [String]) -> TerminalLine {
            if let cell = tagCells[tags] { return cell }
            let cell = TerminalLine(verbatim: FocusLog.hashtags(tags) ?? "")
            tagCells[tags] = cell
            return cell
        }

        /// The line under the table that explains the `*` after a date, when a row has it.
        func footnote(width: Int?) -> [TerminalLine] {
            guard marksDays else { return [] }
            return TerminalLine(HistoryView.dayBeforeNote).folded(toWidth: width)
        }

        /// The device is shown only when the rows come from more than one.
        private var deviceWidth: Int { devices.count > 1 ? (devices.values.max() ?? 1) + 2 : 0 }

        /// `row` as a line of the table, cut to `width` when given.
        mutating func line(_ row: HistoryViewModel.Row, width: Int?) -> TerminalLine {
            let log = row.log
            var line = TerminalLine(verbatim: row.shortID).padded(toWidth: idWidth + 2)
            // The dash apart, so that the text on each side of it is measured as ASCII, at once. The date is the
            // calendar one, as read beside a time; a session that counts for the day before says so with a mark.
            let mark = marksDays ? (row.countsForDayBefore ? "*" : " ") : ""
            line.append(verbatim: row.startDate.isoString + mark + "  " + row.startTime)
            line.append(dash)
            line.append(verbatim: row.endTime + "  ")
            // A session recorded in another zone shows its times in that zone, and says which.
            if zoneWidth > 0 { line.append(TerminalLine(verbatim: row.otherZone ?? "").padded(toWidth: zoneWidth + 2)) }
            line.append(duration(log.focused).padded(toWidth: focusWidth, alignment: .right))
            line.append(gap)
            line.append(log.completed ? completed : interrupted)
            let deviceWidth = deviceWidth
            if deviceWidth > 0 { line.append(TerminalLine(verbatim: row.device ?? "-").padded(toWidth: deviceWidth)) }
            line.append(tags(log.tags).padded(toWidth: tagWidth + 2))
            if let note = log.note {
                line.append(verbatim: note.split(whereSeparator: \.isNewline).joined(separator: " "))
            }
            line = line.trimmingTrailingSpaces()
            return width.map { line.truncated(toWidth: $0) } ?? line
        }
    }

    struct Item: Encodable {
        let id, shortId, date, start, end: String
        let planned, focused: Int
        let completed: Bool
        /// The first tag, as before sessions had several; `tags` has them all.
        let tz, tag, note: String?
        let tags: [String]
        let source: String
        let origin: String?
        let device: String?
    }

    static func json(_ rows: [HistoryViewModel.Row]) -> String { JSONText.encode(rows.map(item)) }

    /// One element of ``json(_:)``'s array, for a whole history written one row at a time.
    static func json(_ row: HistoryViewModel.Row) -> String { JSONText.encode(item(row)) }

    private static func item(_ row: HistoryViewModel.Row) -> Item {
        Item(
            id: row.log.id, shortId: row.shortID, date: row.date.isoString,
            start: UTCTimestamp.format(row.log.start),
            end: UTCTimestamp.format(row.log.end), planned: row.log.planned, focused: row.log.focused,
            completed: row.log.completed,
            tz: row.log.tz, tag: row.log.tags.first, note: row.log.note, tags: row.log.tags,
            source: row.log.source.rawValue, origin: row.log.origin?.key, device: row.device)
    }

    /// `2026-11-29 09:00–09:25 (25m) #writing #book`, in the session's own zone, read next to `readerZone`
    /// (``Zone/zone(forSession:)``).
    static func describe(_ log: FocusLog, readerZone: Zone) -> Message {
        let zone = readerZone.zone(forSession: log.tz)
        let span = LocalTime.dateTime(log.start, in: zone) + "–" + LocalTime.hourMinute(log.end, in: zone)
        guard let tags = FocusLog.hashtags(log.tags) else { return "\(span) (\(duration: log.focused))" }
        return "\(span) (\(duration: log.focused)) \(tags)"
    }

    /// The short form of `id` that `focus log` shows beside the sessions `lookup` knows and those of `added`.
    static func shortID(_ id: String, in lookup: SessionLookup, adding added: [String] = []) throws(FocusError)
        -> String
    {
        String(id.prefix(try lookup.shortIDLength(adding: added)))
    }

    /// A note on stderr when `log` overlaps another session `lookup` knows, else `nil`.
    static func overlapNote(_ log: FocusLog, in lookup: SessionLookup, readerZone: Zone) throws(FocusError) -> Message?
    {
        guard let other = try lookup.overlap(of: log) else { return nil }
        let short = try shortID(other.id, in: lookup)
        return "focus: note: this overlaps \(describe(other, readerZone: readerZone)) (\(short))."
    }
}
