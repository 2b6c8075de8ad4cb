import FocusCore
import Foundation

/// Builders that keep the stats tests to a few lines each.
enum Fixtures {
    /// `2026-11-29T18:00:00Z`, a Sunday: "now" in most tests.
    static let now = instant("2026-11-29T18:00:00Z")

    static func instant(_ text: String) -> Date { UTCTimestamp.parse(text)! }

    static func date(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    static func days(_ zone: String = "UTC", dayStart: Int = 0) -> LocalDays {
        LocalDays(timeZone: Zone(identifier: zone)!, dayStartSeconds: dayStart)
    }

    /// A session starting at `start` (UTC) lasting `minutes`.
    static func log(_ start: String, minutes: Int = 25, completed: Bool = true, tz: String? = nil, tag: String? = nil)
        -> FocusLog
    {
        let begin = instant(start)
        return FocusLog(
            id: "\(start)-\(tz ?? "")-\(tag ?? "")-\(minutes)-\(completed)", start: begin,
            end: begin.addingTimeInterval(Double(minutes * 60)),
            planned: 25 * 60, focused: minutes * 60, completed: completed, tz: tz, tags: tag.map { [$0] } ?? [])
    }

    /// A completed session at 12:00 UTC on the date `offset` days from 2026-11-29.
    static func log(dayOffset offset: Int, completed: Bool = true) -> FocusLog {
        log(date("2026-11-29").adding(days: offset).isoString + "T12:00:00Z", completed: completed)
    }

    /// Statistics over `logs` with the usual defaults.
    static func stats(
        _ logs: [FocusLog], range: StatsRange = .all, tag: String? = nil, now: Date = now, days: LocalDays = days()
    ) -> StatsData {
        StatsService.buildStatsData(focusLogs: logs, range: range, tag: tag, now: now, days: days)
    }

    /// A store that reads and writes under a folder that does not exist.
    static func store(_ logs: [FocusLog] = []) -> AppStore {
        let folder = NSTemporaryDirectory() + "focus-core-\(UUID().uuidString)"
        return AppStore(paths: DataPaths(dataDirectory: folder, configDirectory: folder), focusLogs: logs)
    }
}
