import FocusCore
import Foundation
import Testing

@testable import FocusModels

@Suite("Expedition definitions")
struct ExpeditionDefinitionsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        .path

    @Test func builtInRouteIsComplete() {
        let route = ExpeditionDefinitions.builtIn
        #expect(route.deepFocusMinutes == 50)
        #expect(route.chapters.count >= 8)
        for chapter in route.chapters {
            #expect((3...4).contains(chapter.missions.count), "\(chapter.id)")
            #expect(!chapter.story.isEmpty && !chapter.soundscape.isEmpty && !chapter.country.isEmpty)
        }
        // Missions grow harder along the route: each kind's target never drops from one chapter to the next.
        for kind in ExpeditionMissionKind.allCases {
            let targets = route.chapters.compactMap { $0.missions.filter { $0.kind == kind }.map(\.targetValue).max() }
            #expect(targets == targets.sorted(), "\(kind)")
        }
        #expect(Set(route.chapters.flatMap(\.missions).map(\.kind)) == Set(ExpeditionMissionKind.allCases))
    }

    /// Each broken rule, and the place and problem the error names.
    @Test(arguments: [
        ("{\"deepFocusMinutes\":50,\"chapters\":[]}", "chapters: needs at least one chapter"),
        (
            "{\"deepFocusMinutes\":50,\"chapters\":[" + chapter("a", mission("m", "pomodoros", 3)) + "]}",
            "chapters[0].missions[0].kind: unknown mission kind"
        ),
        (
            "{\"deepFocusMinutes\":50,\"chapters\":[" + chapter("a", mission("m", "sessionCount", 0)) + "]}",
            "chapters[0].missions[0].targetValue: must be from 1 to 1000000, not 0"
        ),
        (
            "{\"deepFocusMinutes\":50,\"chapters\":[" + chapter("a", mission("m", "sessionCount", 2)) + ","
                + chapter("a", mission("n", "sessionCount", 2)) + "]}",
            "chapters[1].id: duplicate chapter id \"a\""
        ),
        (
            "{\"deepFocusMinutes\":50,\"chapters\":[" + chapter("a", mission("m", "sessionCount", 2)) + ","
                + chapter("b", mission("m", "focusMinutes", 2)) + "]}",
            "chapters[1].missions[0].id: duplicate mission id \"m\""
        ),
        (
            "{\"deepFocusMinutes\":0,\"chapters\":[" + chapter("a", mission("m", "sessionCount", 2)) + "]}",
            "deepFocusMinutes: must be a number of minutes from 1 to 1440, not 0"
        ),
        (
            "{\"deepFocusMinutes\":50,\"minimumSessionMinutes\":-1,\"chapters\":["
                + chapter("a", mission("m", "sessionCount", 2)) + "]}",
            "minimumSessionMinutes: must be a number of minutes from 0 to 1440, not -1"
        ),
        ("{\"deepFocusMinutes\":50,\"chapters\":[{\"id\":\"a\"}]}", "chapters[0].title: is missing"),
        ("{\"deepFocusMinutes\":\"fifty\",\"chapters\":[]}", "deepFocusMinutes: has the wrong type"),
        ("{\"chapters\":[", "is not valid JSON"),
    ])
    func validation(json: String, problem: String) {
        #expect {
            try ExpeditionDefinitions.parse(Array(json.utf8), file: "/cfg/expeditions.json")
        } throws: { error in
            guard let error = error as? FocusError else { return false }
            return error.kind == .data && error.exitCode == 65
                && error.message.description.hasPrefix("/cfg/expeditions.json: ")
                && error.message.description.contains(problem)
        }
    }

    @Test func userFileReplacesTheBuiltInOneAndAddsAChapterWithNoCodeChange() throws {
        let paths = try Sessions.temporaryPaths()
        try FileManager.default.copyItem(
            atPath: Self.fixtures + "/expeditions-extra-chapter.json", toPath: paths.expeditionsFile)
        let store = AppStore(paths: paths)
        let definitions = try store.loadExpeditionDefinitions()
        #expect(definitions.chapters.count == ExpeditionDefinitions.builtIn.chapters.count + 1)
        #expect(definitions.chapters.last?.id == "tbilisi")
        // Reach the new last chapter: stamp every chapter before it with a long run of daily deep sessions.
        let logs = (0..<400).map {
            Sessions.log("s\($0)", UTCTimestamp.format(epochSeconds: 1_793_000_000 + $0 * 43_200), minutes: 60)
        }
        let state = ExpeditionService.fold(
            logs, into: ExpeditionState(), definitions: definitions, days: Sessions.utcDays
        ).state
        #expect(state.chapters.map(\.id).last == "tbilisi")
        #expect(state.stampedChapters.count >= definitions.chapters.count - 1)
    }

    @Test func invalidUserFileIsADataError() throws {
        let paths = try Sessions.temporaryPaths()
        try "{\"deepFocusMinutes\":50,\"chapters\":[]}".write(
            toFile: paths.expeditionsFile, atomically: false, encoding: .utf8)
        #expect(throws: FocusError(.data, "\(paths.expeditionsFile): chapters: needs at least one chapter")) {
            try AppStore(paths: paths).loadExpeditionDefinitions()
        }
    }

    /// The route the build wrote as values (what every command uses) is the value the decoder reads from the embedded
    /// file, and the decoder finds it valid.
    @Test func builtInRouteIsWhatTheDecoderReads() throws {
        let bytes = Array(EmbeddedResources.expeditionsJSON.utf8)
        #expect(ExpeditionDefinitions.builtIn == (try ExpeditionDefinitions.parse(bytes, file: "expeditions.json")))
    }

    static func chapter(_ id: String, _ mission: String) -> String {
        "{\"id\":\"\(id)\",\"title\":\"T\",\"country\":\"C\",\"story\":\"S\",\"soundscape\":\"N\","
            + "\"missions\":[\(mission)]}"
    }

    static func mission(_ id: String, _ kind: String, _ target: Int) -> String {
        "{\"id\":\"\(id)\",\"title\":\"T\",\"kind\":\"\(kind)\",\"targetValue\":\(target),\"rewardMiles\":10}"
    }
}

private func chapter(_ id: String, _ mission: String) -> String { ExpeditionDefinitionsTests.chapter(id, mission) }
private func mission(_ id: String, _ kind: String, _ target: Int) -> String {
    ExpeditionDefinitionsTests.mission(id, kind, target)
}
