import FocusModels
import FoundationEssentials

/// The one demo history every view shows while nothing was ever recorded.
///
/// `stats`, `expedition`, `passport` and `profile` compute from the same sessions, so their numbers
/// agree (the streak in `stats` is the streak in `profile`). Views label what they compute from these
/// as a demo; nothing here is ever recorded or saved.
public enum DemoData {
    /// The label every view puts above numbers computed from demo data.
    public static let notice = Message(
        "Demo data: nothing is recorded yet. Run `focus start` to record your first session.")

    /// How many local dates the demo covers, today included.
    public static let dayCount = 28

    /// Four weeks of believable timer sessions up to `now`: two to four on a weekday from about 8:00, fewer
    /// at weekends, one day off a fortnight, 25 to 90 minutes, one in ten stopped early, under four tags.
    ///
    /// The same `now`, zone and day start always give the same sessions, so a demo reads the same twice and
    /// tests can pin it. Nothing ends after `now`.
    public static func focusLogs(now: Date, days: LocalDays) -> [FocusLog] {
        var random = DemoRandom()
        let today = days.date(of: now).dayNumber
        let nowSeconds = Int(now.timeIntervalSince1970.rounded(.down))
        let tags = ["writing", "coding", "reading", "study"]
        let lengths = [25, 25, 25, 50, 50, 90]
        var logs: [FocusLog] = []
        for day in today - dayCount + 1...today {
            let weekend = CivilDate(dayNumber: day).isoWeekday >= 6
            let count = (today - day) % 14 == 9 ? 0 : weekend ? random.next(2) : 2 + random.next(3)
            var clock = 8 * 3600 + random.next(90) * 60
            for index in 0..<count {
                let planned = lengths[random.next(lengths.count)] * 60
                let completed = random.next(10) != 0
                let focused = completed ? planned : planned * (30 + random.next(60)) / 100
                let local = day * 86_400 + days.dayStartSeconds + clock
                let start = local - days.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
                clock += focused + (5 + random.next(40)) * 60
                guard start + focused <= nowSeconds else { break }
                logs.append(
                    FocusLog(
                        id: "demo-\(CivilDate(dayNumber: day))-\(index)",
                        start: Date(timeIntervalSince1970: Double(start)),
                        end: Date(timeIntervalSince1970: Double(start + focused)), planned: planned, focused: focused,
                        completed: completed, tz: days.timeZone.identifier, tags: [tags[random.next(tags.count)]]))
            }
        }
        return logs
    }
}
