import FocusCore
import Foundation

/// Builds sessions and small routes for tests; instants are UTC.
enum Sessions {
    /// A session starting at `start` (`2026-11-02T09:00:00Z`) of `minutes` focus.
    static func log(
        _ id: String, _ start: String, minutes: Int = 25, completed: Bool = true, source: FocusLog.Source = .timer
    ) -> FocusLog {
        let begin = UTCTimestamp.parse(start)!
        return FocusLog(
            id: id, start: begin, end: begin.addingTimeInterval(Double(minutes * 60)), planned: minutes * 60,
            focused: minutes * 60,
            completed: completed, tz: "UTC", source: source)
    }

    /// `count` completed 25-minute timer sessions, one a day at 09:00 from 2026-11-02.
    static func daily(_ count: Int, minutes: Int = 25, from day: Int = 2) -> [FocusLog] {
        (0..<count).map { log("d\($0)", "2026-11-\(pad(day + $0))T09:00:00Z", minutes: minutes) }
    }

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static var utcDays: LocalDays { LocalDays(timeZone: Zone(identifier: "UTC")!) }

    static func mission(_ id: String, _ kind: ExpeditionMissionKind, _ target: Int, miles: Int = 10)
        -> ExpeditionMissionDefinition
    {
        ExpeditionMissionDefinition(id: id, title: "Mission \(id)", kind: kind, targetValue: target, rewardMiles: miles)
    }

    static func chapter(_ id: String, _ missions: [ExpeditionMissionDefinition]) -> ExpeditionChapterDefinition {
        ExpeditionChapterDefinition(
            id: id, title: id.capitalized, country: "Testland", story: "A story of \(id).", soundscape: "\(id) sound",
            missions: missions)
    }

    /// Two chapters: `a` needs 2 sessions, `b` needs 3 sessions and 60 minutes.
    static let twoChapters = ExpeditionDefinitions(chapters: [
        chapter("a", [mission("a1", .sessionCount, 2, miles: 5)]),
        chapter("b", [mission("b1", .sessionCount, 3), mission("b2", .focusMinutes, 60, miles: 20)]),
    ])

    /// Folds `logs` from nothing.
    static func fold(_ logs: [FocusLog], _ definitions: ExpeditionDefinitions = twoChapters) -> (
        state: ExpeditionState, events: [String: [ExpeditionEvent]]
    ) {
        ExpeditionService.fold(logs, into: ExpeditionState(), definitions: definitions, days: utcDays)
    }

    /// A fresh temporary folder for a store's files.
    static func temporaryPaths() throws -> DataPaths {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focuscore-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return DataPaths(dataDirectory: dir, configDirectory: dir)
    }
}

extension DataPaths {
    /// The journal file this device wrote: the one `<name>-<id>.jsonl` in the journal folder (a path that does not
    /// exist before anything was written).
    var journalFile: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: journalDirectory)) ?? []
        let written = names.filter { if case .device = JournalFileName($0) { true } else { false } }
        return journalDirectory + "/" + (written.first ?? "no-device-file-yet.jsonl")
    }
}
