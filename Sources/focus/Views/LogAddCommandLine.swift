import FocusCore
import FoundationEssentials

/// The `focus log add` command that records a session again, printed when recording it failed.
///
/// It keeps the start (local time, to the second), the focused time, the tag
/// and the note; `log add` records it as completed, with no pauses.
enum LogAddCommandLine {
    /// One line a user can paste: `focus log add --start '2026-11-29 09:00:12' --duration 25m --tag writing`.
    static func render(_ log: FocusLog, in zone: Zone) -> String {
        var start = LocalTime.dateTime(log.start, in: zone)
        let second =
            ((Int(log.start.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: log.start)) % 60 + 60) % 60
        if second != 0 { start += second < 10 ? ":0\(second)" : ":\(second)" }
        var words = [
            "focus", "log", "add", "--start", ShellWord.quoted(start), "--duration",
            DurationParser.format(seconds: log.focused),
        ]
        for tag in log.tags { words += ["--tag", ShellWord.quoted(tag)] }
        if let note = log.note { words += ["--note", ShellWord.quoted(note)] }
        return words.joined(separator: " ")
    }
}

extension LogAddCommandLine {
    /// `<why>. The session was NOT recorded; once that is fixed, add it back with: focus log add …`, or, when the
    /// error is temporary (its state was kept), that the next command records it.
    static func notRecorded(_ log: FocusLog, because error: FocusError, in zone: Zone) -> Message {
        guard error.kind != .temporary else {
            return "\(error.message). The session is kept: the next focus command records it."
        }
        let command = render(log, in: zone)
        return "\(error.message). The session was NOT recorded; once that is fixed, add it back with: \(command)"
    }
}
