import FocusCore
import Foundation
import Testing

/// The dashboard's reducer, in tables: a state and keys in, the UI state and the effects out. No terminal, no clock.
@Suite struct DashboardReducerTests {
    static let size = DashboardSize(columns: 80, rows: 24)
    static let facts = DashboardFacts(tags: ["writing", "写作"], sessionIDs: ["c", "b", "a"])
    static let now = MachineDriver.at(0)

    static func dashboard(_ tab: DashboardTab = .timer) -> Dashboard {
        Dashboard(size: size, facts: facts, tab: tab, pid: 4242)
    }

    /// The keys, pressed in order on a fresh dashboard showing `tab`.
    static func pressed(_ keys: [DashboardKey], on tab: DashboardTab = .timer) -> (Dashboard, [DashboardEffect]) {
        var dashboard = dashboard(tab)
        var effects: [DashboardEffect] = []
        for key in keys { effects = dashboard.handle(.key(key, now)) }
        return (dashboard, effects)
    }

    static func chars(_ text: String) -> [DashboardKey] { text.map { .character($0) } }

    @Test(arguments: [
        (chars("2"), DashboardTab.timer, DashboardTab.stats),
        (chars("6"), .timer, .log),
        (chars("35"), .timer, .profile),
        ([.tab], .timer, .stats),
        ([.tab], .log, .timer),
        ([.backTab], .timer, .log),
        ([.right], .expedition, .passport),
        ([.left], .passport, .expedition),
        // On the Stats tab the arrows move the window, not the tab; Tab still moves on.
        ([.left], .stats, .stats),
        ([.tab], .stats, .expedition),
    ])
    func keysSwitchTabs(keys: [DashboardKey], from: DashboardTab, to: DashboardTab) {
        #expect(Self.pressed(keys, on: from).0.tab == to)
    }

    @Test(arguments: [
        ("", "7d", 0),
        ("r", "30d", 0),
        ("rrrr", "all", 0),
        ("rrrrr", "7d", 0),
        ("R", "all", 0),
        ("hh", "7d", -2),
        ("hhl", "7d", -1),
        // Never past today.
        ("ll", "7d", 0),
        // A new range starts from today again.
        ("hhr", "30d", 0),
        // `all` has nowhere to move.
        ("rrrrh", "all", 0),
    ])
    func rangeSwitcher(keys: String, range: String, window: Int) {
        let dashboard = Self.pressed(Self.chars(keys), on: .stats).0
        #expect(dashboard.range.name == range)
        #expect(dashboard.windowOffset == window)
    }

    @Test(arguments: [("", nil), ("t", "writing"), ("tt", "写作"), ("ttt", nil), ("T", "写作")] as [(String, String?)])
    func tagFilterCyclesThroughTheTags(keys: String, tag: String?) {
        #expect(Self.pressed(Self.chars(keys), on: .stats).0.tag == tag)
    }

    @Test func uiStateSurvivesTheJournalChanging() {
        var (dashboard, _) = Self.pressed(Self.chars("rthj"), on: .stats)
        _ = dashboard.handle(.journalChanged(DashboardFacts(tags: ["writing", "写作", "new"], sessionIDs: ["d", "c"])))
        #expect(dashboard.tab == .stats)
        #expect(dashboard.range.name == "30d")
        #expect(dashboard.windowOffset == -1)
        #expect(dashboard.tag == "writing")
    }

    @Test func theLogSelectionStaysOnItsSessionWhenOthersArrive() {
        var (dashboard, _) = Self.pressed(Self.chars("j"), on: .log)
        #expect(dashboard.selectedID == "b")
        _ = dashboard.handle(.journalChanged(DashboardFacts(sessionIDs: ["e", "d", "c", "b", "a"])))
        #expect(dashboard.selectedID == "b")
        _ = dashboard.handle(.journalChanged(DashboardFacts(sessionIDs: ["a"])))
        #expect(dashboard.selectedID == "a")
    }

    @Test(arguments: [
        (chars("dy"), [DashboardEffect.delete(id: "c")]),
        (chars("dn"), [.render]),
        (chars("jjjjdy"), [.delete(id: "a")]),
        (chars("e"), [.openEditor(id: "c")]),
        (chars("u"), [.findUndo]),
    ])
    func logKeysAskBeforeTheyChangeTheJournal(keys: [DashboardKey], effects: [DashboardEffect]) {
        #expect(Self.pressed(keys, on: .log).1 == effects)
    }

    @Test func undoIsConfirmedFirst() {
        var dashboard = Self.dashboard(.log)
        let log = FocusLog(
            id: "c", start: MachineDriver.t0, end: MachineDriver.t0.addingTimeInterval(1500), planned: 1500,
            focused: 1500, completed: true)
        _ = dashboard.handle(.undoFound(.session(log)))
        #expect(dashboard.prompt == .confirm(.undo(.session(log))))
        #expect(dashboard.handle(.key(.character("y"), Self.now)) == [.undo(.session(log))])
        _ = dashboard.handle(.undoFound(nil))
        #expect(dashboard.notice == .nothingToUndo)
    }

    @Test(arguments: [
        (DashboardEvent.key(.character("q"), now), [DashboardEffect.exit(0)]),
        (.key(.control("c"), now), [.exit(130)]),
        (.signal(.terminate, now), [.exit(143)]),
        (.signal(.hangup, now), [.exit(129)]),
        (.key(.control("z"), now), [.suspend]),
        (.resize(DashboardSize(columns: 40, rows: 20)), [.redrawAll]),
    ])
    func leavingAndTheTerminal(event: DashboardEvent, effects: [DashboardEffect]) {
        var dashboard = Self.dashboard()
        #expect(dashboard.handle(event) == effects)
    }

    @Test func helpOpensWithQuestionMarkAndAnyKeyClosesIt() {
        var (dashboard, _) = Self.pressed(Self.chars("?"))
        #expect(dashboard.showsHelp)
        _ = dashboard.handle(.key(.character("2"), Self.now))
        #expect(!dashboard.showsHelp)
        #expect(dashboard.tab == .timer)
    }

    @Test func quittingWhileASessionRunsAsksAndThenStopsIt() {
        var dashboard = Self.dashboard()
        _ = dashboard.handle(.claimed(MachineDriver.focus(1500), Self.now))
        #expect(dashboard.handle(.key(.character("q"), Self.now)) == [.render])
        #expect(dashboard.prompt == .confirm(.quit))
        let effects = dashboard.handle(.key(.character("y"), MachineDriver.at(120)))
        // The session is ended as `focus start` ends it: recorded, then the dashboard leaves.
        #expect(effects.contains { if case .timer(.finish) = $0 { true } else { false } })
        #expect(dashboard.exitCode == 0)
    }

    @Test func theStartPromptClaimsTheSessionWithItsDurationAndTag() {
        let (_, effects) = Self.pressed(
            Self.chars("s") + [.control("u")] + Self.chars("90s") + [.tab] + Self.chars("写作") + [.enter])
        guard case .claim(let start)? = effects.first else {
            Issue.record("no claim: \(effects)")
            return
        }
        #expect(start.steps == [CyclePlan.Step(phase: .focus, seconds: 90, cycle: 1)])
        #expect(start.tags == ["写作"])
    }

    @Test(arguments: [("写作", ["写作"]), ("writing, 论文 ,writing", ["writing", "论文"]), (" , ", [])])
    func theTagFieldTakesSeveralTagsSeparatedByCommas(text: String, tags: [String]) {
        #expect(DashboardForm.tags(text) == tags)
    }

    @Test func aBadDurationKeepsThePromptOpenWithTheReason() {
        let (dashboard, effects) = Self.pressed(Self.chars("s") + [.control("u")] + Self.chars("soon") + [.enter])
        #expect(effects == [.render])
        guard case .form(let form)? = dashboard.prompt, case .duration? = form.problem else {
            Issue.record("the form closed: \(String(describing: dashboard.prompt))")
            return
        }
    }

    @Test func aSessionOfAnotherTerminalIsStoppedAsFocusStopDoes() {
        var dashboard = Self.dashboard()
        let state = RunningState(
            id: "x", phase: .focus, startedAt: MachineDriver.t0, planned: 1500, counted: 10,
            updatedAt: MachineDriver.t0, paused: false, tags: [], note: nil, tz: "UTC", pid: 99, cycle: 1, cycles: 1)
        _ = dashboard.handle(.sessionChanged(state, elsewhere: []))
        #expect(dashboard.external == state)
        #expect(dashboard.handle(.key(.character("x"), Self.now)) == [.signalSession(state, .stop), .render])
        // Its own state file is not another terminal's.
        _ = dashboard.handle(
            .sessionChanged(
                RunningState(
                    id: "y", phase: .focus, startedAt: MachineDriver.t0, planned: 1500, counted: 10,
                    updatedAt: MachineDriver.t0, paused: false, tags: [], note: nil, tz: "UTC", pid: 4242, cycle: 1,
                    cycles: 1),
                elsewhere: []))
        #expect(dashboard.external == nil)
    }

    @Test(arguments: [
        ("a\u{1B}[A", [DashboardKey.character("a"), .up]), ("\u{1B}[Z", [.backTab]), ("写", [.character("写")]),
        ("\u{1B}[5~\u{1B}", [.pageUp, .escape]), ("\u{03}", [.control("c")]),
    ])
    func keyDecoder(bytes: String, keys: [DashboardKey]) {
        var decoder = DashboardKeyDecoder()
        #expect(decoder.keys(Array(bytes.utf8)) == keys)
    }

    @Test func aKeySplitAcrossTwoReadsIsOneKey() {
        var decoder = DashboardKeyDecoder()
        let bytes = Array("写\u{1B}[B".utf8)
        #expect(decoder.keys(Array(bytes.prefix(2))) == [])
        #expect(decoder.keys(Array(bytes.dropFirst(2))) == [.character("写"), .down])
    }
}

/// The celebration when a session finishes a mission or stamps a city: frames on ticks, skipped by a key.
@Suite struct DashboardAnimationTests {
    static let summary = PhaseSummary(
        phase: .focus, stopped: false, recorded: nil, countedSeconds: 1500, suspendedSeconds: 0)

    @Test(arguments: [
        (
            [ExpeditionEvent.missionCompleted(missionID: "m1", miles: 40)],
            DashboardAnimation.Subject?.some(.mission(id: "m1", miles: 40))
        ),
        (
            [
                .missionCompleted(missionID: "m1", miles: 40),
                .chapterStamped(chapterID: "lisbon", miles: 120, soundscape: "tram"),
            ],
            .stamp(chapterID: "lisbon", miles: 120)
        ),
        ([], nil),
    ])
    func whatIsCelebrated(events: [ExpeditionEvent], subject: DashboardAnimation.Subject?) {
        var dashboard = DashboardReducerTests.dashboard()
        _ = dashboard.handle(.summarized(Self.summary, events, MachineDriver.at(0)))
        #expect(dashboard.animation?.subject == subject)
    }

    @Test func framesAdvanceOnTicksAndTheAnimationEnds() throws {
        var dashboard = DashboardReducerTests.dashboard()
        _ = dashboard.handle(
            .summarized(Self.summary, [.missionCompleted(missionID: "m", miles: 1)], MachineDriver.at(0)))
        let first = try #require(dashboard.deadline(after: MachineDriver.at(0)))
        #expect(abs(first - MachineDriver.at(0).active - DashboardAnimation.frameSeconds) < 1e-9)
        _ = dashboard.handle(.tick(MachineDriver.at(0.4)))
        #expect(dashboard.animation.map { $0.progress > 0.3 && $0.progress < 0.6 } == true)
        _ = dashboard.handle(.tick(MachineDriver.at(2)))
        #expect(dashboard.animation == nil)
        // Nothing counts down: the loop sleeps until a key, a signal or a file.
        #expect(dashboard.deadline(after: MachineDriver.at(2)) == nil)
    }

    @Test func anyKeySkipsItAndNoMotionMeansNone() {
        var dashboard = DashboardReducerTests.dashboard()
        let events = [ExpeditionEvent.missionCompleted(missionID: "m", miles: 1)]
        _ = dashboard.handle(.summarized(Self.summary, events, MachineDriver.at(0)))
        _ = dashboard.handle(.key(.character("2"), MachineDriver.at(0.1)))
        #expect(dashboard.animation == nil)
        #expect(dashboard.tab == .timer)
        var still = Dashboard(size: DashboardReducerTests.size, motion: false)
        _ = still.handle(.summarized(Self.summary, events, MachineDriver.at(0)))
        #expect(still.animation == nil)
    }
}
