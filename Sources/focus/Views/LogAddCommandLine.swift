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
    /// `<why>. The session was NOT recorded; once that is fixed, add it back with: focus log add …`
    static func notRecorded(_ log: FocusLog, because error: FocusError, in zone: Zone) -> Message {
        "\(error.message). The session was NOT recorded; once that is fixed, add it back with: \(render(log, in: zone))"
    }
}
