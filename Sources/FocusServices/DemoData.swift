import FocusModels
import FoundationEssentials

/// Sample sessions for views to show while the journal is empty.
///
/// Views label what they compute from these as a demo; nothing here is ever
/// recorded or saved.
public enum DemoData {
    /// The label every view puts above numbers computed from demo data.
    public static let notice = "Demo data: nothing is recorded yet. Run `focus start` to record your first session."

    /// Two weeks of believable timer sessions ending the day before `now`:
    /// mornings of 25 minutes, a deep 50-minute session every third day, one day off.
    public static func focusLogs(now: Date, days: LocalDays) -> [FocusLog] {
        let today = days.date(of: now).dayNumber
        let offset = days.timeZone.secondsFromGMT(for: now)
        var logs: [FocusLog] = []
        for back in stride(from: 14, through: 1, by: -1) where back != 9 {
            let morning = (today - back) * 86_400 - offset + 9 * 3600
            var lengths = [25 * 60, 25 * 60]
            if back % 3 == 0 { lengths.append(50 * 60) }
            var start = morning
            for (n, length) in lengths.enumerated() {
                logs.append(
                    FocusLog(
                        id: "demo-\(back)-\(n)", start: Date(timeIntervalSince1970: Double(start)),
                        end: Date(timeIntervalSince1970: Double(start + length)), planned: length, focused: length,
                        completed: true,
                        tz: days.timeZone.identifier, tag: n == 2 ? "deep work" : "demo"))
                start += length + 5 * 60
            }
        }
        return logs
    }
}
