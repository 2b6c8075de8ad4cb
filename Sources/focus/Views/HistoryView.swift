import FocusCore
import FoundationEssentials

/// Renders `focus log`: one line per session, or a JSON array.
enum HistoryView {
    static func text(_ rows: [HistoryViewModel.Row], hidden: Int) -> String {
        guard !rows.isEmpty else { return "No sessions.\n" }
        let idWidth = rows.map(\.shortID.count).max() ?? 8
        let focusWidth = rows.map { LocalTime.duration($0.log.focused).count }.max() ?? 3
        let tagWidth = rows.map { ($0.log.tag.map { "#" + $0 } ?? "").count }.max() ?? 0
        // The device is shown only when the rows come from more than one.
        let devices = Set(rows.map(\.device))
        let deviceWidth = devices.count > 1 ? (devices.compactMap { $0?.count }.max() ?? 1) + 2 : 0
        var out = ""
        for row in rows {
            let log = row.log
            var line =
                row.shortID.padded(to: idWidth + 2) + row.date.isoString + "  " + row.startTime + "–" + row.endTime
                + "  "
            line +=
                String(repeating: " ", count: focusWidth - LocalTime.duration(log.focused).count)
                + LocalTime.duration(log.focused) + "  "
            line += (log.completed ? "completed" : "interrupted").padded(to: 13)
            if deviceWidth > 0 { line += (row.device ?? "-").padded(to: deviceWidth) }
            line += (log.tag.map { "#" + $0 } ?? "").padded(to: tagWidth + 2)
            if let note = log.note { line += note.split(whereSeparator: \.isNewline).joined(separator: " ") }
            out += line.trimmingTrailingSpaces() + "\n"
        }
        if hidden > 0 { out += "… \(hidden) older session\(hidden == 1 ? "" : "s") (--limit 0 shows all)\n" }
        return out
    }

    struct Item: Encodable {
        let id, shortId, date, start, end: String
        let planned, focused: Int
        let completed: Bool
        let tz, tag, note: String?
        let source: String
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
                    tz: row.log.tz, tag: row.log.tag, note: row.log.note, source: row.log.source.rawValue,
                    device: row.device)
            })
    }

    /// `2026-11-29 09:00–09:25 (25m) #writing`, in the session's own zone, read next to `readerZone`
    /// (``Zone/zone(forSession:)``).
    static func describe(_ log: FocusLog, readerZone: Zone) -> String {
        let zone = readerZone.zone(forSession: log.tz)
        return LocalTime.dateTime(log.start, in: zone) + "–" + LocalTime.hourMinute(log.end, in: zone)
            + " (\(LocalTime.duration(log.focused)))" + (log.tag.map { " #" + $0 } ?? "")
    }

    /// The short form of `id` that `focus log` shows beside `logs`.
    static func shortID(_ id: String, among logs: [FocusLog]) -> String {
        String(id.prefix(ShortID.length(for: logs.map(\.id))))
    }

    /// A note on stderr when `log` overlaps another session of `logs`, else `nil`.
    static func overlapNote(_ log: FocusLog, among logs: [FocusLog], readerZone: Zone) -> String? {
        guard let other = SessionEditor.overlap(of: log, in: logs) else { return nil }
        return
            "focus: note: this overlaps \(describe(other, readerZone: readerZone)) (\(shortID(other.id, among: logs)))."
    }
}
