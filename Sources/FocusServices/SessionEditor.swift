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
        id: String, start: Date, seconds: Int, tz: String?, tag: String?, note: String?, now: Date,
        zone: some ZoneOffsets
    ) throws(FocusError) -> FocusLog {
        let end = start.addingTimeInterval(Double(seconds))
        try refuseFuture(end, now: now, zone: zone)
        return FocusLog(
            id: id, start: start, end: end, planned: seconds, focused: seconds, completed: true, tz: tz, tag: tag,
            note: note, source: .manual)
    }

    /// The patch that moves `old` to `start` (keeping its length), gives it `seconds` of focus
    /// (ending that long after its start), and sets or clears (`.some(nil)`) tag and note.
    ///
    /// A timer session keeps its plan and completion: they record what was
    /// intended. A manual or imported session's plan follows its new length.
    public static func patch(
        _ old: FocusLog, start: Date?, seconds: Int?, tag: String??, note: String??, now: Date, zone: some ZoneOffsets
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
        patch.tag = tag
        patch.note = note
        if let end = patch.end { try refuseFuture(end, now: now, zone: zone) }
        return patch
    }

    /// The first session in `logs` (other than `log` itself) that overlaps it in time.
    public static func overlap(of log: FocusLog, in logs: [FocusLog]) -> FocusLog? {
        logs.first { $0.id != log.id && $0.overlaps(log) }
    }

    private static func refuseFuture(_ end: Date, now: Date, zone: some ZoneOffsets) throws(FocusError) {
        guard end <= now else {
            throw FocusError(.usage, "the session would end at \(LocalTime.dateTime(end, in: zone)), in the future")
        }
    }
}

extension FocusLog {
    /// Whether the two sessions share any moment (touching ends do not count).
    public func overlaps(_ other: FocusLog) -> Bool { start < other.end && other.start < end }
}
