import FocusCore
import Foundation
import Testing

@Suite("Expedition reducer")
struct ExpeditionServiceTests {
    /// Each mission kind's progress after the given sessions in a one-mission chapter.
    @Test(arguments: [
        (ExpeditionMissionKind.sessionCount, [25, 25, 25], 3),
        (.focusMinutes, [25, 50, 10], 85),
        (.deepFocusCount, [25, 50, 49, 60], 2),
        (.streakDays, [25, 25, 25], 3),
    ])
    func missionKindProgress(kind: ExpeditionMissionKind, minutes: [Int], expected: Int) {
        let definitions = ExpeditionDefinitions(chapters: [Sessions.chapter("c", [Sessions.mission("m", kind, 1000)])])
        let logs = minutes.enumerated().map {
            Sessions.log("s\($0.offset)", "2026-11-\(Sessions.pad(2 + $0.offset))T09:00:00Z", minutes: $0.element)
        }
        let state = Sessions.fold(logs, definitions).state
        #expect(state.chapters.first?.missions.first?.progress == expected)
    }

    /// Every transition, as (sessions so far, events of the last one).
    @Test(arguments: [
        (
            1,
            [
                ExpeditionEvent.chapterUnlocked(chapterID: "a"),
                .missionProgressed(missionID: "a1", progress: 1, target: 2),
            ]
        ),
        (
            2,
            [
                .missionCompleted(missionID: "a1", miles: 5),
                .chapterStamped(chapterID: "a", miles: 5, soundscape: "a sound"), .chapterUnlocked(chapterID: "b"),
            ]
        ),
        (
            3,
            [
                .missionProgressed(missionID: "b1", progress: 1, target: 3),
                .missionProgressed(missionID: "b2", progress: 25, target: 60),
            ]
        ),
        (
            4,
            [
                .missionProgressed(missionID: "b1", progress: 2, target: 3),
                .missionProgressed(missionID: "b2", progress: 50, target: 60),
            ]
        ),
        (
            5,
            [
                .missionCompleted(missionID: "b1", miles: 10), .missionCompleted(missionID: "b2", miles: 20),
                .chapterStamped(chapterID: "b", miles: 30, soundscape: "b sound"), .expeditionCompleted,
            ]
        ),
        (6, []),
    ])
    func transitions(count: Int, expected: [ExpeditionEvent]) {
        let logs = Sessions.daily(count)
        let result = Sessions.fold(logs)
        #expect(result.events[logs.last!.id] ?? [] == expected)
    }

    @Test func stampAddsMilesSoundscapeAndOpensNextChapterWithoutCarryOver() {
        let state = Sessions.fold(Sessions.daily(2)).state
        #expect(state.totalMiles == 5)
        #expect(state.soundscapes == ["a sound"])
        #expect(state.chapters.map(\.id) == ["a", "b"])
        #expect(state.chapters[0].stampedOn == CivilDate(year: 2026, month: 11, day: 3))
        #expect(state.currentChapter?.id == "b")
        // The session that stamped "a" does not count for "b".
        #expect(state.currentChapter?.missions.map(\.progress) == [0, 0])
    }

    @Test func missionsStayCompleteWhileOthersProgress() {
        let definitions = ExpeditionDefinitions(chapters: [
            Sessions.chapter(
                "c", [Sessions.mission("quick", .sessionCount, 1), Sessions.mission("long", .sessionCount, 3)])
        ])
        let state = Sessions.fold(Sessions.daily(2), definitions).state
        let missions = state.chapters[0].missions
        #expect(missions[0].completed && missions[0].progress == 1)
        #expect(missions[0].completedAt == UTCTimestamp.parse("2026-11-02T09:25:00Z"))
        #expect(!missions[1].completed && missions[1].progress == 2)
    }

    /// Only completed timer sessions earn progress; manual, imported and interrupted ones change nothing.
    @Test(arguments: [
        (FocusLog.Source.manual, true),
        (.import, true),
        (.timer, false),
    ])
    func sourceRule(source: FocusLog.Source, completed: Bool) {
        let log = Sessions.log("x", "2026-11-02T09:00:00Z", completed: completed, source: source)
        let result = ExpeditionService.apply(
            log, day: CivilDate(year: 2026, month: 11, day: 2), streak: Streak(days: 1, start: nil, end: nil),
            to: ExpeditionState(),
            definitions: Sessions.twoChapters)
        #expect(result.state == ExpeditionState())
        #expect(result.events.isEmpty)
        #expect(!ExpeditionService.earnsProgress(log, definitions: Sessions.twoChapters))
    }

    /// Short timer sessions earn nothing: 10 minutes unless the route says otherwise.
    @Test(arguments: [(9, nil as Int?, false), (10, nil, true), (1, 0, true), (24, 25, false), (25, 25, true)])
    func minimumSessionLength(minutes: Int, minimum: Int?, earns: Bool) {
        let definitions = ExpeditionDefinitions(
            minimumSessionMinutes: minimum, chapters: [Sessions.chapter("c", [Sessions.mission("m", .sessionCount, 5)])]
        )
        let log = Sessions.log("x", "2026-11-02T09:00:00Z", minutes: minutes)
        #expect(ExpeditionService.earnsProgress(log, definitions: definitions) == earns)
        #expect(Sessions.fold([log], definitions).state.chapters.isEmpty == !earns)
    }

    @Test func manualSessionsDoNotUnlockOrAdvance() {
        let logs = [Sessions.log("m", "2026-11-02T08:00:00Z", source: .manual)] + Sessions.daily(1)
        let state = Sessions.fold(logs).state
        #expect(state.chapters[0].unlockedAt == logs[1].start)
        #expect(state.chapters[0].missions[0].progress == 1)
    }

    /// A streak mission counts the days of the current streak from the chapter's unlock date on.
    @Test func streakCountsFromUnlockDate() {
        let definitions = ExpeditionDefinitions(chapters: [
            Sessions.chapter("a", [Sessions.mission("a1", .sessionCount, 3)]),
            Sessions.chapter("b", [Sessions.mission("b1", .streakDays, 10)]),
        ])
        // Nov 2, 3, 4 stamp "a" (unlocking "b" on Nov 4); Nov 5 and 6 continue the streak; Nov 8 breaks it.
        let logs = Sessions.daily(5) + [Sessions.log("late", "2026-11-08T09:00:00Z")]
        let before = Sessions.fold(Array(logs.prefix(5)), definitions).state
        #expect(before.currentChapter?.unlockedOn == CivilDate(year: 2026, month: 11, day: 4))
        #expect(before.currentChapter?.missions[0].progress == 3)
        #expect(Sessions.fold(logs, definitions).state.currentChapter?.missions[0].progress == 1)
    }

    @Test func deepFocusUsesTheDefinitionsThreshold() {
        let definitions = ExpeditionDefinitions(
            deepFocusMinutes: 30, chapters: [Sessions.chapter("c", [Sessions.mission("d", .deepFocusCount, 5)])])
        let logs = [
            Sessions.log("a", "2026-11-02T09:00:00Z", minutes: 29),
            Sessions.log("b", "2026-11-02T10:00:00Z", minutes: 30),
        ]
        #expect(Sessions.fold(logs, definitions).state.chapters[0].missions[0].progress == 1)
    }
}
