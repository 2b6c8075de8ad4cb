import FocusCore
import FoundationEssentials

/// Renders `focus log`: one line per session, or a JSON array.
enum HistoryView {
    /// The words of the status column, in the reader's language.
    private static var completedWord: TerminalLine { TerminalLine("completed") }
    private static var interruptedWord: TerminalLine { TerminalLine("interrupted") }

    /// The rows as a table whose columns are measured on what they show (ids, tags and notes from data
    /// included), each row cut to `width` columns when given (on a terminal), else whole.
    static func lines(_ rows: [HistoryViewModel.Row], hidden: Int, width: Int?) -> [TerminalLine] {
        guard !rows.isEmpty else { return [TerminalLine("No sessions.")] }
        let ids = rows.map { TerminalLine(verbatim: $0.shortID) }
        let durations = rows.map { TerminalLine(Message.duration($0.log.focused)) }
        let tags = rows.map { TerminalLine(verbatim: FocusLog.hashtags($0.log.tags) ?? "") }
        let idWidth = ids.map(\.width).max() ?? 8
        let focusWidth = durations.map(\.width).max() ?? 3
        let tagWidth = tags.map(\.width).max() ?? 0
        let statusWidth = max(completedWord.width, interruptedWord.width) + 2
        // The device is shown only when the rows come from more than one.
        let devices = Set(rows.map(\.device))
        let deviceWidth =
            devices.count > 1 ? (devices.map { TerminalLine(verbatim: $0 ?? "-").width }.max() ?? 1) + 2 : 0
        // A session recorded in another zone shows its times in that zone, and says which.
        let zones = rows.map { TerminalLine(verbatim: $0.otherZone ?? "") }
        let zoneWidth = zones.map(\.width).max().map { $0 > 0 ? $0 + 2 : 0 } ?? 0
        var lines: [TerminalLine] = []
        for (index, row) in rows.enumerated() {
            let log = row.log
            var line = ids[index].padded(toWidth: idWidth + 2)
            line.append(verbatim: row.date.isoString + "  " + row.startTime + "–" + row.endTime + "  ")
            if zoneWidth > 0 { line.append(zones[index].padded(toWidth: zoneWidth)) }
            line.append(durations[index].padded(toWidth: focusWidth, alignment: .right))
            line.append("  ")
            line.append(
                (log.completed ? completedWord : interruptedWord).padded(toWidth: statusWidth))
            if deviceWidth > 0 { line.append(TerminalLine(verbatim: row.device ?? "-").padded(toWidth: deviceWidth)) }
            line.append(tags[index].padded(toWidth: tagWidth + 2))
            if let note = log.note {
                line.append(verbatim: note.split(whereSeparator: \.isNewline).joined(separator: " "))
            }
            line = line.trimmingTrailingSpaces()
            lines.append(width.map { line.truncated(toWidth: $0) } ?? line)
        }
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

    static func json(_ rows: [HistoryViewModel.Row]) -> String {
        JSONText.encode(
            rows.map { row in
                Item(
                    id: row.log.id, shortId: row.shortID, date: row.date.isoString,
                    start: UTCTimestamp.format(row.log.start),
                    end: UTCTimestamp.format(row.log.end), planned: row.log.planned, focused: row.log.focused,
                    completed: row.log.completed,
                    tz: row.log.tz, tag: row.log.tags.first, note: row.log.note, tags: row.log.tags,
                    source: row.log.source.rawValue, origin: row.log.origin?.key, device: row.device)
            })
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
