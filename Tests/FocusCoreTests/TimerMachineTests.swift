import FocusCore
import Foundation
import Testing

/// A reading `t` seconds into the run.
private func at(_ t: Double) -> ClockReading { MachineDriver.at(t) }
/// The key `k` pressed `t` seconds into the run.
private func key(_ k: Character, _ t: Double) -> TimerEvent { .key(k.asciiValue!, at(t)) }
private func key(_ byte: UInt8, _ t: Double) -> TimerEvent { .key(byte, at(t)) }

/// The timer's decisions, in process on an injected clock: event sequences in, the state,
/// the effects and the recorded journal out. Nothing here waits for real time.
@Suite struct TimerMachineTests {
    typealias D = MachineDriver

    static let cycles = [
        CyclePlan.Step(phase: .focus, seconds: 1500, cycle: 1),
        CyclePlan.Step(phase: .shortBreak, seconds: 300, cycle: 1),
        CyclePlan.Step(phase: .focus, seconds: 1500, cycle: 2),
    ]

    /// A run: its events, the effects it must produce (redraws left out) and the sessions it must record.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let setup: TimerMachine.Setup
        let events: [TimerEvent]
        let effects: [String]
        /// `(focused, completed, end - start)` of each recorded session.
        let recorded: [Recorded]
        var testDescription: String { name }
    }

    struct Recorded: Equatable, Sendable, CustomStringConvertible {
        let focused: Int
        let completed: Bool
        let span: Int
        init(_ focused: Int, _ completed: Bool, span: Int? = nil) {
            self.focused = focused
            self.completed = completed
            self.span = span ?? focused
        }
        var description: String { "\(focused)s \(completed ? "completed" : "interrupted") over \(span)s" }
    }

    static let start = ["persist", "started", "hook:start"]
    static let done = ["finish", "hook:complete", "summary:focus", "ring", "notify"]

    /// An open session (`focus start --open`): one focus phase with the longest plan as its ceiling.
    static var open: TimerMachine.Setup {
        var setup = D.focus(JournalCodec.maximumSeconds)
        setup.open = true
        return setup
    }

    /// A run (by default one 25-minute session) that in fact began `ago` seconds before (`focus start --at`).
    static func begunEarlier(_ ago: Double, _ run: TimerMachine.Setup = D.focus()) -> TimerMachine.Setup {
        var setup = run
        setup.startedEarlier = ago
        return setup
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "open: q after 90 minutes records them as completed, + does nothing", setup: open,
            events: [.start(at(0)), key("+", 60), key("q", 5400)],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:0"],
            recorded: [Recorded(5400, true)]),
        Scenario(
            name: "open: under a minute records nothing", setup: open, events: [.start(at(0)), key("q", 30)],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:0"], recorded: []),
        Scenario(
            name: "--at 10 minutes ago: 15 left", setup: begunEarlier(600),
            events: [.start(at(0)), .tick(at(899)), .tick(at(900))],
            effects: start + ["persist"] + done + ["exit:0"], recorded: [Recorded(1500, true)]),
        Scenario(
            name: "--at longer ago than the plan: done at once, ending where the plan ran out",
            setup: begunEarlier(3600), events: [.start(at(0)), .tick(at(0))],
            effects: start + done + ["exit:0"], recorded: [Recorded(1500, true)]),
        Scenario(
            name: "focus cancel records nothing, on-stop still runs", setup: D.focus(),
            events: [.start(at(0)), .tick(at(600)), .signal(.cancelRequest, at(700))],
            effects: start + ["persist", "clear", "hook:stop", "cancelled", "exit:0"], recorded: []),
        Scenario(
            name: "runs out", setup: D.focus(), events: [.start(at(0)), .tick(at(1)), .tick(at(1500))],
            effects: start + done + ["exit:0"], recorded: [Recorded(1500, true)]),
        Scenario(
            name: "pause and resume: paused time is not focus and moves the end", setup: D.focus(),
            events: [.start(at(0)), key(" ", 600), key("p", 900), .tick(at(1799)), .tick(at(1800))],
            effects: start + ["persist:paused", "persist", "persist"] + done + ["exit:0"],
            recorded: [Recorded(1500, true, span: 1800)]),
        Scenario(
            name: "+ adds five minutes", setup: D.focus(),
            events: [.start(at(0)), key("+", 100), .tick(at(1500)), .tick(at(1800))],
            effects: start + ["persist", "persist"] + done + ["exit:0"], recorded: [Recorded(1800, true)]),
        Scenario(
            name: "q under a minute records nothing", setup: D.focus(), events: [.start(at(0)), key("q", 59.9)],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:0"], recorded: []),
        Scenario(
            name: "q after a minute records it as interrupted", setup: D.focus(),
            events: [.start(at(0)), key("q", 61)],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:0"],
            recorded: [Recorded(61, false)]),
        Scenario(
            name: "SIGTERM records and exits 143", setup: D.focus(),
            events: [.start(at(0)), .signal(.terminate, at(600))],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:143"],
            recorded: [Recorded(600, false)]),
        Scenario(
            name: "Ctrl-C (a key in raw mode) exits 130", setup: D.focus(), events: [.start(at(0)), key(3, 120)],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:130"],
            recorded: [Recorded(120, false)]),
        Scenario(
            name: "SIGHUP exits 129, focus stop 0", setup: D.focus(),
            events: [.start(at(0)), .signal(.hangup, at(90)), .signal(.stopRequest, at(95))],
            effects: start + ["finish", "hook:stop", "summary:focus:stopped", "exit:129"],
            recorded: [Recorded(90, false)]),
        Scenario(
            name: "Ctrl-Z: the state says paused, time stopped is not focus",
            setup: D.setup([CyclePlan.Step(phase: .focus, seconds: 1500, cycle: 1)], sound: true),
            events: [.start(at(0)), key(26, 100), .continued(at(400)), .tick(at(1799)), .tick(at(1800))],
            effects: start + ["sound:on", "persist:paused", "sound:off", "suspend", "resume", "persist", "sound:on"]
                + ["persist", "sound:off"] + done + ["exit:0"],
            recorded: [Recorded(1500, true, span: 1800)]),
        Scenario(
            name: "SIGTSTP while paused stays paused after fg", setup: D.focus(),
            events: [
                .start(at(0)), key(" ", 100), .signal(.suspend, at(200)), .continued(at(500)), key(" ", 600),
                .tick(at(2000)),
            ],
            effects: start + ["persist:paused", "persist:paused", "suspend", "resume", "persist:paused", "persist"]
                + done + ["exit:0"],
            recorded: [Recorded(1500, true, span: 2000)]),
        Scenario(
            name: "cycles wait for Enter and end after the last focus",
            setup: D.setup(cycles, waitsForEnter: true),
            events: [
                .start(at(0)), .tick(at(1500)), key(13, 1600), .tick(at(1900)), key(" ", 2000), .tick(at(3500)),
            ],
            effects: start + done + ["persist:waiting", "prompt:break", "persist", "started", "hook:break"]
                + ["finish", "summary:break", "ring", "notify", "persist:waiting", "prompt:focus"] + start + done
                + ["run:2/2", "exit:0"],
            recorded: [Recorded(1500, true), Recorded(1500, true)]),
        Scenario(
            name: "cycles with --auto run straight through", setup: D.setup(cycles),
            events: [.start(at(0)), .tick(at(1500)), .tick(at(1800)), .tick(at(3300))],
            effects: start + done + ["persist", "started", "hook:break", "finish", "summary:break", "ring", "notify"]
                + start + done + ["run:2/2", "exit:0"],
            recorded: [Recorded(1500, true), Recorded(1500, true)]),
        Scenario(
            name: "--auto cycles begun longer ago than the whole run: each phase as it ran, one after another",
            setup: begunEarlier(4000, D.setup(cycles)),
            events: [.start(at(0)), .tick(at(0)), .tick(at(0)), .tick(at(0))],
            effects: start + done + ["persist", "started", "hook:break", "finish", "summary:break", "ring", "notify"]
                + start + done + ["run:2/2", "exit:0"],
            recorded: [Recorded(1500, true), Recorded(1500, true)]),
        Scenario(
            name: "--auto cycles begun in the break before the second focus: it is already running",
            setup: begunEarlier(1700, D.setup(cycles)),
            events: [.start(at(0)), .tick(at(0)), .tick(at(100)), .tick(at(1600))],
            effects: start + done + ["persist", "started", "hook:break", "finish", "summary:break", "ring", "notify"]
                + start + done + ["run:2/2", "exit:0"],
            recorded: [Recorded(1500, true), Recorded(1500, true)]),
        Scenario(
            name: "q while waiting ends the run with its summary", setup: D.setup(cycles, waitsForEnter: true),
            events: [.start(at(0)), .tick(at(1500)), key("q", 1600)],
            effects: start + done + ["persist:waiting", "prompt:break", "clear", "run:1/2", "exit:0"],
            recorded: [Recorded(1500, true)]),
        Scenario(
            name: "a closed keyboard starts the next phase", setup: D.setup(cycles, waitsForEnter: true),
            events: [.start(at(0)), .tick(at(1500)), .inputClosed(at(1600)), .tick(at(1900)), .tick(at(3400))],
            effects: start + done + ["persist:waiting", "prompt:break", "persist", "started", "hook:break"]
                + ["finish", "summary:break", "ring", "notify"] + start + done + ["run:2/2", "exit:0"],
            recorded: [Recorded(1500, true), Recorded(1500, true)]),
        Scenario(
            name: "stopped in the second cycle", setup: D.setup(cycles),
            events: [.start(at(0)), .tick(at(1500)), .tick(at(1800)), .signal(.terminate, at(2400))],
            effects: start + done + ["persist", "started", "hook:break", "finish", "summary:break", "ring", "notify"]
                + start + ["finish", "hook:stop", "summary:focus:stopped", "run:1/2", "exit:143"],
            recorded: [Recorded(1500, true), Recorded(600, false)]),
        Scenario(
            name: "a break stopped early runs on-stop; one that runs out runs nothing",
            setup: D.setup([CyclePlan.Step(phase: .shortBreak, seconds: 300, cycle: 1)]),
            events: [.start(at(0)), key("q", 10)],
            effects: ["persist", "started", "hook:break", "finish", "hook:stop", "summary:break:stopped", "exit:0"],
            recorded: []),
    ]

    @Test(arguments: scenarios)
    func eventSequences(_ scenario: Scenario) {
        let run = D(scenario.setup)
        for event in scenario.events { run.send(event) }
        #expect(run.words.filter { $0 != "redraw" } == scenario.effects)
        let recorded = run.recorded.map {
            Recorded($0.focused, $0.completed, span: Int($0.end.timeIntervalSince($0.start)))
        }
        #expect(recorded == scenario.recorded)
        #expect(run.recorded.allSatisfy { $0.tags.first == "t" && $0.tz == "UTC" })
        #expect(run.recorded.first.map { $0.start == D.t0.addingTimeInterval(-scenario.setup.startedEarlier) } != false)
        #expect(run.state == nil, "the state file is gone at the end")
        if case .ended = run.machine.stage {} else { Issue.record("still \(run.machine.stage)") }
    }

    /// A phase that follows another at once begins where that one ran out, not when the timer saw it: a run begun
    /// in the past is recorded as it ran, and a live one does not drift by the time between ticks.
    @Test(
        arguments: [(4000.0, [0.0, 0, 0]), (1700.0, [0.0, 100, 1600]), (0.0, [1500.7, 1801.4, 3301.4])]
            as [(Double, [Double])])
    func aPhaseThatFollowsAtOnceBeginsWhereTheOneBeforeRanOut(ago: Double, ticks: [Double]) {
        let run = D(Self.begunEarlier(ago, D.setup(Self.cycles)))
        run.send(.start(at(0)))
        for t in ticks { run.send(.tick(at(t))) }
        let begun = D.t0.addingTimeInterval(-ago)
        #expect(run.recorded.map(\.start) == [begun, begun.addingTimeInterval(1800)])
        #expect(run.recorded.map(\.end) == [begun.addingTimeInterval(1500), begun.addingTimeInterval(3300)])
    }

    /// For every effect of every run, a kill right there, then the next command's recovery: each
    /// session is in the journal at most once, with the bytes of the last state the timer saved
    /// (the final one once it has been saved, so the bytes of the uninterrupted run).
    @Test(arguments: scenarios)
    func aCrashAtEveryEffectRecordsEachSessionOnce(_ scenario: Scenario) throws {
        let whole = D(scenario.setup)
        for event in scenario.events { whole.send(event) }
        for k in 0...whole.effects.count {
            let run = D(scenario.setup, crashAt: k)
            for event in scenario.events { run.send(event) }
            var expected: [String] = []
            var pending: RunningState?
            for effect in run.effects {
                switch effect {
                case .persist(let state): pending = state
                case .finish(let final):
                    expected += final.sessionLog.map { [JournalCodec.encode($0)] } ?? []
                    pending = nil
                case .clear: pending = nil
                default: break
                }
            }
            let finished = expected.count
            expected += pending?.sessionLog.map { [JournalCodec.encode($0)] } ?? []
            var recovered = try AppStore(paths: run.paths).recover()?.state
            recovered?.device = nil
            #expect(recovered == pending, "crash at \(k)")
            #expect(try AppStore(paths: run.paths).recover() == nil, "crash at \(k): recovered twice")
            #expect(run.journal == expected, "crash at \(k) of \(whole.words)")
            #expect(Array(run.journal.prefix(finished)) == Array(whole.journal.prefix(finished)), "crash at \(k)")
            #expect(Set(run.recorded.map(\.id)).count == run.journal.count, "crash at \(k): an id twice")
        }
    }

    /// A kill inside the finishing protocol, at each of its steps: the journal holds the session
    /// once, with the final bytes as soon as the final state is saved, and never a differing copy.
    @Test(arguments: AppStore.FinishStep.allCases + [nil])
    func aCrashInsideFinishingRecordsTheSessionOnce(_ crash: AppStore.FinishStep?) throws {
        let events: [TimerEvent] = [.start(at(0)), .tick(at(30)), .tick(at(90)), .signal(.terminate, at(100))]
        let whole = D(D.focus())
        for event in events { whole.send(event) }
        let finishAt = try #require(whole.effects.firstIndex { if case .finish = $0 { true } else { false } })
        guard case .finish(let final) = whole.effects[finishAt], case .persist(let beat) = whole.effects[finishAt - 1]
        else { throw CancellationError() }
        #expect(beat.counted == 90 && final.counted == 100)
        let run = D(D.focus(), crashAt: finishAt)
        for event in events { run.send(event) }
        _ = AppStore(paths: run.paths).finish(final, crashingBefore: crash)
        _ = try AppStore(paths: run.paths).recover()
        let expected = crash == .saveFinalState ? beat.sessionLog : final.sessionLog
        #expect(run.journal == [JournalCodec.encode(try #require(expected))])
        if crash != .saveFinalState { #expect(run.journal == whole.journal, "the bytes of the uninterrupted run") }
        #expect(run.state == nil)
    }

    /// The timer recorded, could not save its last count, and died before clearing: the state left
    /// is an older heartbeat of the same id. Recovery does not append a second, differing copy, and
    /// says nothing: the session is in the journal; the state file is simply removed.
    @Test func recoveryNeverAppendsASessionTheJournalHolds() throws {
        let run = D(D.focus()).send(.start(at(0)), .tick(at(30)), .tick(at(90)), .signal(.terminate, at(100)))
        let recorded = run.journal
        guard case .persist(let beat) = run.effects.last(where: { if case .persist = $0 { true } else { false } })
        else { throw CancellationError() }
        try run.store.saveRunningState(beat)
        #expect(try AppStore(paths: run.paths).recover() == nil)
        #expect(run.journal == recorded && run.state == nil)
    }

    @Test func heartbeatEveryThirtySecondsWhileRunningOrPaused() {
        let run = D(D.focus())
        run.send(.start(at(0)))
        #expect(run.machine.deadline(after: at(0.3)) == at(1).active)
        run.send(.tick(at(10)), .tick(at(29.9)), .tick(at(30)), .tick(at(45)), .tick(at(60.5)))
        #expect(run.words == Self.start + ["redraw", "redraw", "redraw", "persist", "redraw", "redraw", "persist"])
        run.send(key(" ", 61))
        #expect(run.machine.deadline(after: at(62)) == at(91).active, "paused: only the heartbeat")
        #expect(run.state?.paused == true && run.state?.counted == 61)
    }

    @Test func suspendedTimerReadsAsPausedAndCountsNothingWhileStopped() throws {
        let run = D(D.focus()).send(.start(at(0)), key(26, 100))
        #expect(run.machine.isSuspended && run.machine.session?.isPaused == true)
        let stopped = try #require(run.state)
        #expect(stopped.paused && stopped.stateWord == "paused" && stopped.counted == 100)
        #expect(stopped.counted(at: stopped.updatedAt.addingTimeInterval(3600)) == 100)
        run.send(key("q", 200), .tick(at(300)))
        #expect(run.machine.stage == .running && run.words.last == "suspend", "a stopped process does nothing")
        run.send(.continued(at(700)))
        #expect(run.state?.paused == false && run.state?.counted == 100)
        #expect(run.machine.session?.counted(at: at(701)) == 101)
    }

    /// Pressing `+` 2,100 times (about 1,730 reach the reader's limit): the plan stops at a week.
    @Test func extensionsStopAtTheLongestPlanARecordMayHold() throws {
        var machine = TimerMachine(setup: D.focus())
        _ = machine.handle(.start(at(0)))
        for k in 0..<2100 { _ = machine.handle(key("+", 1 + Double(k) / 100)) }
        #expect(machine.session?.planned == JournalCodec.maximumSeconds && machine.atExtensionLimit)
        let run = D(D.focus(JournalCodec.maximumSeconds - 1000))
        run.send(.start(at(0)), key("+", 1), key("+", 2), key("+", 3))
        #expect(run.machine.session?.planned == JournalCodec.maximumSeconds - 100 && !run.machine.atExtensionLimit)
        run.send(key("+", 4), key("+", 5))
        #expect(run.machine.session?.planned == JournalCodec.maximumSeconds && run.machine.atExtensionLimit)
        #expect(run.words.filter { $0 == "persist" }.count == 5, "the last press changes nothing")
        let utc = Zone(identifier: "UTC")!
        let model = try #require(TimerViewModel(machine: run.machine, now: at(30), timeZone: utc))
        #expect(model.limitText == "at most 168h00m can be planned")
        run.send(key("q", 90))
        let store = AppStore(paths: run.paths)
        try store.load()
        #expect(store.issues.isEmpty && store.focusLogs.map(\.planned) == [JournalCodec.maximumSeconds])
    }

    @Test func aStateThatCannotBeSavedWarnsOnceAndTheSessionIsStillRecorded() throws {
        let parent = NSTemporaryDirectory() + "focus-full-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let home = parent + "/home"
        FileManager.default.createFile(atPath: home, contents: Data())  // a file where the folder goes
        let run = D(D.focus(), paths: DataPaths(dataDirectory: home, configDirectory: home))
        run.send(.start(at(0)), key(" ", 100), key(" ", 200), .tick(at(240)))
        #expect(run.words.filter { $0 == "warn" }.count == 1)
        #expect(run.machine.stage == .running, "the countdown goes on")
        try FileManager.default.removeItem(atPath: home)  // space again
        run.send(.tick(at(1600)))
        #expect(run.words.suffix(6) == Self.done + ["exit:0"])
        #expect(run.recorded.map(\.focused) == [1500])
    }

    @Test func aSessionTheJournalCannotTakeIsPrintedToAddBack() throws {
        let run = D(D.focus())
        try FileManager.default.createDirectory(
            atPath: run.paths.journalFile(of: try run.store.device()), withIntermediateDirectories: true)
        run.send(.start(at(0)), key("q", 600))
        #expect(run.words.suffix(3) == ["finish", "notRecorded", "exit:73"])
        guard case .notRecorded(let log, _) = run.effects[run.effects.count - 2] else { throw CancellationError() }
        #expect(log.focused == 600 && !log.completed)
        #expect(run.state == nil, "cleared, so no recovery records it beside the user's log add")
    }

    @Test func keyHelpComesFromTheKeyTable() {
        #expect(TimerKeys.help(TimerKeys.running) == "space pause · + 5 min · q stop")
        #expect(TimerKeys.help(TimerKeys.running, paused: true) == "space resume · + 5 min · q stop")
        #expect(TimerKeys.help(TimerKeys.waiting) == "Enter to start · q to finish")
        #expect(TimerKeys.action(UInt8(ascii: "="), in: TimerKeys.running) == .extend)
        #expect(TimerKeys.action(UInt8(ascii: "x"), in: TimerKeys.running) == nil)
    }
}
