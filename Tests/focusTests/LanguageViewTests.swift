import FocusCore
import Foundation
import Testing

@testable import focus

/// Every view rendered in every language (``Language``) at 80 and 40 columns, with the built-in route (which has
/// Chinese titles) and with a custom route that gives English only: no line is wider than the width (measured with
/// the project's ``DisplayWidth``), and every message shown has its translation in every catalogue
/// (``MessageCatalogue/Check``): a new English message without its Chinese fails here, naming the key.
@Suite struct LanguageViewTests {
    typealias Views = ViewFitAndSafetyTests

    /// Renders `body` in `language` and expects every message it showed to be in every catalogue.
    static func rendering(_ language: Language, _ body: () throws -> Void) rethrows {
        let check = MessageCatalogue.Check()
        try MessageCatalogue.Check.$current.withValue(check) {
            try Language.$current.withValue(language, operation: body)
        }
        #expect(check.missing.isEmpty, "no translation for: \(check.missing)")
    }

    @Test(arguments: Language.allCases)
    func everyViewFitsInEveryLanguage(_ language: Language) throws {
        let stores = [
            try Views.store(Views.logs, hostileRoute: false), try Views.store([], hostileRoute: false),
            try Views.store(Array(Views.logs.prefix(5))),
        ]
        try Self.rendering(language) {
            for store in stores {
                for width in Views.widths {
                    for range in Views.ranges {
                        let model = StatsViewModel(
                            store: store, range: range, heatmapRequested: true, now: Views.now, days: Views.days)
                        Views.check(StatsView.lines(model, data: try model.data, columns: width), width: width, "stats")
                    }
                    Views.checkGameViews(store, width: width)
                    let history = HistoryViewModel(store: store, limit: 5, now: Views.now, days: Views.days)
                    Views.check(
                        HistoryView.lines(history.rows, hidden: history.hiddenCount, width: width), width: width, "log")
                    Views.check(SoundListView.lines(SoundListViewModel(store: store)), width: 400, "sounds")
                    Views.check(
                        DoctorView.verdict(problems: 2, width: width) + DoctorView.verdict(problems: 0, width: width),
                        width: width, "doctor")
                }
            }
        }
    }

    @Test(arguments: Language.allCases)
    func theLiveFrameStatusAndSummariesFitInEveryLanguage(_ language: Language) throws {
        let store = try Views.store(Views.logs, hostileRoute: false)
        let definitions = store.expeditionDefinitions
        let chapter = definitions.chapters[0]
        let events: [ExpeditionEvent] = [
            .missionProgressed(missionID: chapter.missions[0].id, progress: 1, target: 2),
            .missionCompleted(missionID: chapter.missions[0].id, miles: 40),
            .chapterStamped(chapterID: chapter.id, miles: 180, soundscape: chapter.soundscape),
            .chapterUnlocked(chapterID: definitions.chapters[1].id), .expeditionCompleted,
        ]
        let clock = { (t: Double) in ClockReading(active: t, elapsed: t, wall: Views.now.addingTimeInterval(t)) }
        let steps = [CyclePlan.Step(phase: .focus, seconds: 25 * 60, cycle: 1)]
        var machine = TimerMachine(setup: .init(steps: steps + steps, ids: ["a", "b"], tags: ["专注", "写作"]))
        _ = machine.handle(.start(clock(0)))
        let running = try #require(TimerViewModel(machine: machine, now: clock(10), timeZone: Views.utc))
        _ = machine.handle(.key(UInt8(ascii: " "), clock(20)))
        let paused = try #require(TimerViewModel(machine: machine, now: clock(30), timeZone: Views.utc))
        let state = RunningState(
            id: "id", phase: .focus, startedAt: Views.now.addingTimeInterval(-600), planned: 1500, counted: 600,
            updatedAt: Views.now, paused: false, tags: ["专注"], note: nil, tz: "UTC", pid: 1, cycle: 1, cycles: 1)
        try Self.rendering(language) {
            for model in [running, paused] {
                for columns in 1...120 {
                    let lines = TimerView.lines(model, columns: columns)
                    Views.check(lines, width: max(0, columns - 1), "frame")
                    #expect(lines.count <= 3)
                }
            }
            for width in Views.widths {
                let prompt = TimerView.prompt(
                    CyclePlan.Step(phase: .shortBreak, seconds: 300, cycle: 1), columns: width)
                Views.check([prompt], width: width - 1, "prompt")
                for state in [state, nil] {
                    let lines = StatusView.lines(
                        state, elsewhere: [], now: Views.now, timeZone: Views.utc, width: width)
                    Views.check(lines, width: width, "status")
                }
                for log in Views.logs.prefix(2) {
                    let model = SessionSummaryViewModel(
                        store: store, recorded: log, suspendedSeconds: 120, now: Views.now, days: Views.days,
                        events: events)
                    Views.check(SessionSummaryView.lines(model, width: width), width: width, "summary")
                }
                var run = RunSummary(cycles: 4)
                run.completed = 2
                run.focusedSeconds = 3000
                Views.check(SessionSummaryView.runLines(run, width: width), width: width, "run summary")
            }
        }
    }

    @Test(arguments: Language.allCases)
    func theHelpOfEveryCommandFitsInEveryLanguage(_ language: Language) {
        Self.rendering(language) {
            for path in CommandPath(commands: [FocusCommand.self]).descendants() {
                for width in Views.widths {
                    Views.check(HelpText.lines(path, width: width), width: width, "help for \(path.words)")
                }
            }
        }
    }

    /// `focus dashboard`'s screens: every tab, with and without the keys' help, a running session, and every
    /// form, question and notice over them, at 80 and 40 columns (24 and 20 rows).
    @Test(arguments: Language.allCases)
    func theDashboardFitsInEveryLanguage(_ language: Language) throws {
        let store = try Views.store(Views.logs, hostileRoute: false)
        let logs = Array(Views.logs.prefix(3))
        let reading = ClockReading(active: 10, elapsed: 10, wall: Views.now)
        let inputs = DashboardView.Inputs(
            store: store, now: Views.now, reading: reading, days: Views.days, zone: Views.utc)
        let facts = DashboardFacts(tags: ["writing", "写作"], sessionIDs: store.focusLogs.reversed().map(\.id))
        let change = JournalChange(id: "c", kind: .delete, target: logs[0].id, at: Views.now)
        let batch = JournalBatch(device: Device(id: "0a1b2c3d", name: "laptop"), after: 0, sequence: 1)
        let targets: [UndoTarget] = [
            .session(logs[0]), .edit(change, session: logs[1]), .edit(change, session: nil),
            .delete(change, session: logs[2]), .delete(change, session: nil),
            .batch(batch, sessions: logs, changes: [change]), .batch(batch, sessions: [logs[0]], changes: []),
        ]
        let state = RunningState(
            id: "id", phase: .focus, startedAt: Views.now.addingTimeInterval(-600), planned: 1500, counted: 600,
            updatedAt: Views.now, paused: false, tags: ["专注"], note: nil, tz: "UTC", pid: 7, cycle: 1, cycles: 1)
        let prompts: [DashboardPrompt] =
            [
                .form(.start(config: FocusConfig())), .form(.edit(logs[0], days: Views.days)),
                .confirm(.delete(id: logs[0].id)), .confirm(.delete(id: "gone")), .confirm(.cancelSession),
                .confirm(.quit),
            ] + targets.map { .confirm(.undo($0)) }
        let error = FocusError(.usage, "duration: \("25x")")
        let notices: [DashboardNotice] =
            [
                .failed(error), .sessionRunning, .runsElsewhere(state), .signalled(state, .stop),
                .signalled(state, .cancel), .edited(logs[0], overlapping: logs[1]), .edited(logs[0], overlapping: nil),
                .unchanged(logs[0]), .deleted(logs[0]), .nothingToUndo, .warning(.stateNotSaved(error)),
                .notRecorded(logs[0], error),
            ] + targets.map { .undone($0) }
        Self.rendering(language) {
            for (width, rows) in [(80, 24), (40, 20)] {
                for tab in DashboardTab.allCases {
                    var dashboard = Dashboard(
                        size: DashboardSize(columns: width, rows: rows), facts: facts, tab: tab, motion: false)
                    let what = "dashboard \(tab) at \(width)"
                    let screen = DashboardView.screen(dashboard, inputs).lines
                    #expect(screen.count == rows, "\(what)")
                    Views.check(screen, width: width, what)
                    _ = dashboard.handle(.key(.character("?"), reading))
                    Views.check(DashboardView.screen(dashboard, inputs).lines, width: width, "\(what), help")
                }
                var running = Dashboard(size: DashboardSize(columns: width, rows: rows), facts: facts, motion: false)
                for key in [DashboardKey.character("s"), .enter] { _ = running.handle(.key(key, reading)) }
                let steps = [CyclePlan.Step(phase: .focus, seconds: 25 * 60, cycle: 1)]
                _ = running.handle(.claimed(.init(steps: steps, ids: ["a"], tags: ["写作"]), reading))
                _ = running.handle(.tick(ClockReading(active: 70, elapsed: 70, wall: Views.now)))
                #expect(running.timer != nil)
                Views.check(DashboardView.screen(running, inputs).lines, width: width, "dashboard session")
                for prompt in prompts {
                    let lines = DashboardPromptView.lines(
                        prompt, store: store, days: inputs.days, zone: Views.utc, width: width)
                    Views.check(lines, width: width, "dashboard prompt \(prompt)")
                }
                for notice in notices {
                    let line = DashboardPromptView.notice(notice, zone: Views.utc).truncated(toWidth: width)
                    Views.check([line], width: width, "dashboard notice \(notice)")
                }
            }
        }
    }

    /// What a Chinese reader sees: labels, durations, dates and the route in Chinese; data as it is.
    @Test func chineseStatsAndExpeditionReadInChinese() throws {
        let store = try Views.store(Array(Views.logs.prefix(40)), hostileRoute: false)
        try Language.$current.withValue(.simplifiedChinese) {
            let model = StatsViewModel(store: store, range: .lastDays(7), now: Views.now, days: Views.days)
            let stats = Views.check(StatsView.lines(model, data: try model.data, columns: 80), width: 80, "stats")
            #expect(stats.hasPrefix("专注统计 · 7 天"))
            #expect(stats.contains("专注      5小时50分，7 次专注"))
            #expect(stats.contains("11月29日 周日"))
            // The demo's route is the built-in one, which has Chinese titles.
            let demo = ExpeditionViewModel(
                store: try Views.store([], hostileRoute: false), now: Views.now, days: Views.days)
            let text = Views.check(ExpeditionView.lines(demo, columns: 80), width: 80, "expedition")
            let chapter = ExpeditionDefinitions.builtIn.chapters.first {
                text.contains("章 · \($0.place.rendered(in: .simplifiedChinese))\n")
            }
            #expect(chapter.map { text.contains($0.storyText.text(in: .simplifiedChinese)) } == true, "\(text)")
        }
    }

    /// The log's durations and status words, the profile's streak and next level: in Chinese, not English left in
    /// a string no catalogue sees (the data, tags and notes, stay as they are).
    @Test func logAndProfileWordsReadInChinese() throws {
        let store = try Views.store(Array(Views.logs.prefix(40)), hostileRoute: false)
        try Language.$current.withValue(.simplifiedChinese) {
            let history = HistoryViewModel(store: store, limit: 40, now: Views.now, days: Views.days)
            let log = Views.check(HistoryView.lines(history.rows, hidden: 0, width: 80), width: 80, "log")
            #expect(!log.contains("completed") && !log.contains("interrupted") && log.contains("完成"), "\(log)")
            #expect(log.split(separator: "\n").allSatisfy { $0.contains("分") || $0.contains("秒") }, "\(log)")
            let growth = GrowthViewModel(store: store, now: Views.now, days: Views.days)
            let profile = Views.check(ProfileView.lines(growth, columns: 80), width: 80, "profile")
            #expect(profile.contains("天（最长") && !profile.contains("day"), "\(profile)")
            #expect(!profile.contains("h00m"), "\(profile)")
        }
    }
}
