import FocusCore
import Foundation
import Testing

@testable import FocusStore

@Suite("Expedition checkpoint")
struct ExpeditionCheckpointTests {
    let days = Sessions.utcDays

    /// A store over `paths` with the journal as it is on disk.
    func reopened(_ paths: DataPaths) throws -> AppStore {
        let store = AppStore(paths: paths)
        try store.load()
        return store
    }

    /// The state rebuilt from the journal alone, with no checkpoint.
    func rebuilt(_ store: AppStore) -> ExpeditionState {
        ExpeditionService.fold(
            store.focusLogs.filter { ExpeditionService.earnsProgress($0, definitions: .builtIn) },
            into: ExpeditionState(), definitions: .builtIn, days: days
        ).state
    }

    @Test func crashBetweenAppendAndCheckpointLosesNothing() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        let logs = Sessions.daily(6)
        for log in logs.prefix(4) {
            try store.record(log)
            try store.loadExpedition(days: days)
        }
        // The process dies after appending the fifth and sixth sessions, before saving the checkpoint.
        for log in logs.suffix(2) { try store.record(log) }
        let after = try reopened(paths)
        let events = try after.loadExpedition(days: days)
        #expect(after.expedition == rebuilt(after))
        #expect(Set(events.keys) == [logs[4].id, logs[5].id])
    }

    @Test func deletingTheCheckpointRebuildsTheSameState() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        for log in Sessions.daily(9) + [Sessions.log("manual", "2026-11-20T09:00:00Z", source: .manual)] {
            try store.record(log)
            try store.loadExpedition(days: days)
        }
        let saved = store.expedition
        #expect(saved.stampedChapters.count >= 2)
        try FileManager.default.removeItem(atPath: paths.expeditionCheckpointFile)
        let after = try reopened(paths)
        try after.loadExpedition(days: days)
        #expect(after.expedition == saved)
    }

    /// A damaged checkpoint (empty, torn, not JSON) is a cache miss, not an error.
    @Test(arguments: ["", "{\"version\":1,\"fingerp", "not json\n"])
    func damagedCheckpointIsRebuilt(contents: String) throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        for log in Sessions.daily(5) { try store.record(log) }
        try store.loadExpedition(days: days)
        let expected = store.expedition
        try contents.write(toFile: paths.expeditionCheckpointFile, atomically: false, encoding: .utf8)
        let after = try reopened(paths)
        try after.loadExpedition(days: days)
        #expect(after.expedition == expected)
    }

    /// A session from another machine that started before the checkpoint's last one forces a rebuild in journal order.
    @Test func olderSessionDroppedInIsFoldedInOrder() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        for log in Sessions.daily(4, from: 10) { try store.record(log) }
        try store.loadExpedition(days: days)
        let older = Sessions.daily(3, from: 2).map {
            FocusLog(
                id: "other-" + $0.id, start: $0.start, end: $0.end, planned: $0.planned, focused: $0.focused,
                completed: true)
        }
        try (older.map(JournalCodec.encode).joined(separator: "\n") + "\n").write(
            toFile: paths.journalDirectory + "/laptop.jsonl", atomically: false, encoding: .utf8)
        let after = try reopened(paths)
        try after.loadExpedition(days: days)
        #expect(after.expedition == rebuilt(after))
        #expect(after.expedition.chapters[0].unlockedAt == older[0].start)
    }

    @Test func aSwappedEarlierSessionIsNeverResumedFrom() throws {
        let paths = try Sessions.temporaryPaths()
        let logs = Sessions.daily(3, from: 10)
        try FileManager.default.createDirectory(atPath: paths.journalDirectory, withIntermediateDirectories: true)
        try (logs.map(JournalCodec.encode).joined(separator: "\n") + "\n").write(
            toFile: paths.journalDirectory + "/laptop.jsonl", atomically: false, encoding: .utf8)
        try reopened(paths).loadExpedition(days: days)
        // Same count, same last id, but the first session is another one from an earlier day.
        var swapped = logs
        swapped[0] = FocusLog(
            id: "swapped", start: logs[0].start.addingTimeInterval(-86_400),
            end: logs[0].end.addingTimeInterval(-86_400),
            planned: logs[0].planned, focused: logs[0].focused, completed: true)
        try (swapped.map(JournalCodec.encode).joined(separator: "\n") + "\n").write(
            toFile: paths.journalDirectory + "/laptop.jsonl", atomically: false, encoding: .utf8)
        let after = try reopened(paths)
        try after.loadExpedition(days: days)
        #expect(after.expedition == rebuilt(after))
        #expect(after.expedition.chapters[0].unlockedAt == swapped[0].start)
    }

    @Test func checkpointFileNamesTheSessionsItApplied() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        let logs = Sessions.daily(3) + [Sessions.log("late-manual", "2026-11-09T09:00:00Z", source: .manual)]
        for log in logs { try store.record(log) }
        try store.loadExpedition(days: days)
        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: paths.expeditionCheckpointFile))) as! [String: Any]
        #expect(json["applied"] as? Int == 3)
        #expect(json["lastID"] as? String == logs[2].id)
        #expect(json["version"] as? Int == 2)
        #expect((json["appliedHash"] as? String)?.isEmpty == false)
    }

    @Test func emptyJournalWritesNoCheckpoint() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        try store.loadExpedition(days: days)
        #expect(!FileManager.default.fileExists(atPath: paths.expeditionCheckpointFile))
        #expect(store.expedition == ExpeditionState())
    }

    /// Changing the route (the user's file) rebuilds the fold instead of joining old state to new chapters.
    @Test func changedDefinitionsRebuild() throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        for log in Sessions.daily(3) { try store.record(log) }
        try store.loadExpedition(days: days)
        #expect(store.expedition.chapters[0].id == "lisbon")
        let custom = ExpeditionDefinitions(chapters: [
            Sessions.chapter("home", [Sessions.mission("h1", .sessionCount, 10)])
        ])
        try JSONEncoder().encode(custom).write(to: URL(fileURLWithPath: paths.expeditionsFile))
        let after = try reopened(paths)
        try after.loadExpedition(days: days)
        #expect(after.expedition.chapters.map(\.id) == ["home"])
        #expect(after.expedition.chapters[0].missions[0].progress == 3)
    }

    /// The fingerprint's JSON of the definitions, built by hand, is the generic encoder's text: for the built-in
    /// route, and for definitions with and without the optional fields and translations.
    @Test(arguments: [
        ExpeditionDefinitions.builtIn,
        ExpeditionDefinitions(
            deepFocusMinutes: 30, minimumSessionMinutes: 5,
            chapters: [
                ExpeditionChapterDefinition(
                    id: "a", title: "A \"quoted\"", country: "C", story: "S\n", soundscape: "W",
                    missions: [
                        ExpeditionMissionDefinition(
                            id: "m", title: "M", kind: .streakDays, targetValue: 3, rewardMiles: 0,
                            i18n: ["zh-Hans": .init(title: nil), "fr": .init(title: "Mf")])
                    ],
                    i18n: ["zh-Hans": .init(title: "甲", country: nil, story: "故事", soundscape: nil)])
            ]),
        ExpeditionDefinitions(chapters: []),
    ])
    func definitionsJSONIsTheEncodersText(_ definitions: ExpeditionDefinitions) throws {
        #expect(
            ExpeditionCheckpoint.json(definitions).text(sortedKeys: true) == (try JSONValueEncoder.text(definitions)))
    }

    /// The route's hash is kept for the last definitions asked about: asked in turn for other definitions, zones,
    /// day starts and change records, the fingerprint is always FNV-1a of the whole text, as when nothing is kept
    /// (also for the built-in route, whose hash the build computed).
    @Test(arguments: [
        (ExpeditionDefinitions.builtIn, "UTC", 0, [String]()),
        (ExpeditionDefinitions(chapters: []), "UTC", 0, []),
        (ExpeditionDefinitions.builtIn, "Asia/Shanghai", 4 * 3600, ["e1", "e2"]),
        (ExpeditionDefinitions(deepFocusMinutes: 30, chapters: ExpeditionDefinitions.builtIn.chapters), "UTC", 0, []),
        (ExpeditionDefinitions.builtIn, "UTC", 0, ["e1"]),
    ])
    func aKeptRouteHashGivesTheWholeTextsFingerprint(
        _ definitions: ExpeditionDefinitions, _ zone: String, _ dayStart: Int, _ changes: [String]
    ) throws {
        let days = LocalDays(timeZone: try #require(Zone(identifier: zone)), dayStartSeconds: dayStart)
        var text = ExpeditionCheckpoint.json(definitions).text(sortedKeys: true)
        text += "|\(days.timeZone.identifier)|\(days.dayStartSeconds)"
        for id in changes { text += "|\(id)" }
        let whole = String(FNV1a.hash(Array(text.utf8)), radix: 16)
        for other in [ExpeditionDefinitions(chapters: []), definitions, .builtIn, definitions] {
            _ = ExpeditionCheckpoint.fingerprint(other, days: days)
            #expect(ExpeditionCheckpoint.fingerprint(definitions, days: days, changes: changes) == whole)
        }
    }

    /// A user's `expeditions.json` that reads as the built-in route (here written by another encoder) is the built-in
    /// route to the derived files: the same fingerprint, so adding or removing it rebuilds nothing.
    @Test func aUserFileEqualToTheBuiltInRouteHasItsFingerprint() throws {
        let paths = try Sessions.temporaryPaths()
        try JSONEncoder().encode(ExpeditionDefinitions.builtIn).write(to: URL(fileURLWithPath: paths.expeditionsFile))
        let definitions = try AppStore(paths: paths).loadExpeditionDefinitions()
        #expect(definitions == .builtIn)
        #expect(
            ExpeditionCheckpoint.fingerprint(definitions, days: days)
                == ExpeditionCheckpoint.fingerprint(.builtIn, days: days))
    }
}
