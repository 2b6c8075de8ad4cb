import FocusModels
import FoundationEssentials

/// The rules for sessions typed in or corrected by hand (`focus log add`, `focus log edit`).
///
/// Pure: the command parses the text, this decides what the session becomes.
public enum SessionEditor {
    /// A manual session of `seconds` starting at `start`: completed, planned = focused = its length.
    ///
    /// Refused when it would end after `now`: a session cannot be logged before it happened.
    public static func manualSession(
        id: String, start: Date, seconds: Int, tz: String?, tags: [String], note: String?, now: Date,
        zone: Zone
    ) throws(FocusError) -> FocusLog {
        let end = start.addingTimeInterval(Double(seconds))
        try refuseFuture(end, now: now, zone: zone)
        return FocusLog(
            id: id, start: start, end: end, planned: seconds, focused: seconds, completed: true, tz: tz, tags: tags,
            note: note, source: .manual)
    }

    /// The patch that moves `old` to `start` (keeping its length), gives it `seconds` of focus
    /// (ending that long after its start), and sets the tags (`[]` clears them) and sets or clears (`.some(nil)`)
    /// the note.
    ///
    /// A timer session keeps its plan and completion: they record what was
    /// intended. A manual or imported session's plan follows its new length.
    public static func patch(
        _ old: FocusLog, start: Date?, seconds: Int?, tags: [String]?, note: String??, now: Date, zone: Zone
    ) throws(FocusError) -> SessionPatch {
        var patch = SessionPatch()
        let newStart = start ?? old.start
        if let start {
            patch.start = start
            patch.end = start.addingTimeInterval(old.end.timeIntervalSince(old.start))
        }
        if let seconds {
            patch.focused = seconds
            patch.end = newStart.addingTimeInterval(Double(seconds))
            if old.source != .timer { patch.planned = seconds }
        }
        patch.tags = tags
        patch.note = note
        if let end = patch.end { try refuseFuture(end, now: now, zone: zone) }
        return patch
    }

    /// The patch that makes `old` `seconds` longer (shorter when negative) at its end: `--lengthen`, `--shorten`.
    ///
    /// Pauses inside it stay where they were: the end and the focused time move together. A timer session keeps its
    /// plan; a manual or imported one's plan follows its focus.
    public static func resize(_ old: FocusLog, by seconds: Int, now: Date, zone: Zone) throws(FocusError)
        -> SessionPatch
    {
        let focused = old.focused + seconds
        guard focused > 0 else {
            throw FocusError(
                .usage,
                "the session has \(duration: old.focused) of focus: it cannot lose \(duration: -seconds)")
        }
        var patch = SessionPatch(end: old.end.addingTimeInterval(Double(seconds)), focused: focused)
        if old.source != .timer { patch.planned = focused }
        try refuseFuture(patch.end!, now: now, zone: zone)
        return patch
    }

    /// `old` cut in two at `instant` (`focus log split`): the patch that makes it end there, and the new session
    /// that begins there, with the id `newID`, the same tag, note, zone and source.
    ///
    /// The focused time is shared in proportion to the wall time of each part (where the pauses were is not
    /// known); each part plans what it focused and keeps the session's completion.
    public static func split(_ old: FocusLog, at instant: Date, newID: String, zone: Zone)
        throws(FocusError)
        -> (patch: SessionPatch, second: FocusLog)
    {
        guard instant > old.start, instant < old.end else {
            throw FocusError(
                .usage,
                """
                \(LocalTime.dateTime(instant, in: zone)) is not inside the session \
                (\(LocalTime.dateTime(old.start, in: zone))–\(LocalTime.hourMinute(old.end, in: zone)))
                """)
        }
        let span = old.end.timeIntervalSince(old.start)
        let first = Int((Double(old.focused) * instant.timeIntervalSince(old.start) / span).rounded())
        let second = old.focused - first
        let patch = SessionPatch(end: instant, planned: first, focused: first)
        let next = FocusLog(
            id: newID, start: instant, end: old.end, planned: second, focused: second, completed: old.completed,
            tz: old.tz, tags: old.tags, note: old.note, source: old.source)
        return (patch, next)
    }

    /// `old` with the tags `set` (when given, in place of them all), then `adding` at the end and without
    /// `removing`; `nil` when that is what `old` already is, so an edit does not record a change of nothing.
    public static func tags(_ old: [String], set: [String]?, adding: [String], removing: [String]) -> [String]? {
        let removed = Set(removing)
        let new = FocusLog.tagSet((set ?? old) + adding).filter { !removed.contains($0) }
        return new == old ? nil : new
    }

    /// What has passed at `now` of a session begun at `start` (`focus start --at`) that plans `seconds`: the span
    /// that may overlap sessions already recorded, as a timer session without an id (so it is none of them).
    public static func begun(at start: Date, planned seconds: Int, now: Date) -> FocusLog {
        let end = min(now, start.addingTimeInterval(Double(seconds)))
        let focused = Int(end.timeIntervalSince(start))
        return FocusLog(
            id: "", start: start, end: end, planned: seconds, focused: focused, completed: focused >= seconds)
    }

    /// The first session in `logs` (other than `log` itself) that overlaps it in time.
    public static func overlap(of log: FocusLog, in logs: [FocusLog]) -> FocusLog? {
        logs.first { $0.id != log.id && $0.overlaps(log) }
    }

    private static func refuseFuture(_ end: Date, now: Date, zone: Zone) throws(FocusError) {
        guard end <= now else {
            throw FocusError(.usage, "the session would end at \(LocalTime.dateTime(end, in: zone)), in the future")
        }
    }
}

extension FocusLog {
    /// Whether the two sessions share any moment (touching ends do not count).
    public func overlaps(_ other: FocusLog) -> Bool { start < other.end && other.start < end }
}
