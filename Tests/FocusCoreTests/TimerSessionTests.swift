import FocusCore
import FoundationEssentials
import Testing

/// Timer arithmetic on an injected clock: no test here waits for real time.
@Suite struct TimerSessionTests {
    // 2026-11-29 09:00:00 UTC
    static let t0 = Date(timeIntervalSince1970: 1_795_942_800)

    /// A reading `active` seconds after the start, with `slept` extra seconds of suspend.
    static func at(_ active: Double, slept: Double = 0) -> ClockReading {
        ClockReading(active: 1000 + active, elapsed: 5000 + active + slept, wall: t0.addingTimeInterval(active + slept))
    }

    static func session(_ planned: Int = 1500) -> TimerSession {
        TimerSession(id: "s", phase: .focus, planned: planned, start: at(0))
    }

    /// The record `s` makes at `now`: the one rule the timer and recovery share.
    static func log(_ s: TimerSession, at now: ClockReading, tz: String? = nil, tags: [String] = []) -> FocusLog? {
        s.runningState(at: now, pid: 1, tz: tz, tags: tags, note: nil, cycle: 1, cycles: 1).sessionLog
    }

    @Test func countsDownAndCompletes() throws {
        let s = Self.session()
        #expect(s.remaining(at: Self.at(0)) == 1500)
        #expect(LocalTime.countdown(s.remaining(at: Self.at(0.3))) == "25:00")
        #expect(!s.isFinished(at: Self.at(1499.9)))
        #expect(s.isFinished(at: Self.at(1500)))
        let log = try #require(Self.log(s, at: Self.at(1500), tz: "Asia/Shanghai", tags: ["t"]))
        #expect(log.completed && log.focused == 1500 && log.planned == 1500)
        #expect(log.start == Self.t0 && log.end == Self.t0.addingTimeInterval(1500))
        #expect(log.tz == "Asia/Shanghai" && log.tags.first == "t")
    }

    @Test func pausedTimeIsNotFocusAndMovesTheEnd() throws {
        var s = Self.session()
        s.pause(at: Self.at(600))
        #expect(s.isPaused)
        #expect(s.counted(at: Self.at(900)) == 600)
        #expect(s.expectedEnd(at: Self.at(900)) == Self.t0.addingTimeInterval(900 + 900))
        s.resume(at: Self.at(900))
        #expect(s.counted(at: Self.at(1000)) == 700)
        #expect(!s.isFinished(at: Self.at(1799)))
        let log = try #require(Self.log(s, at: Self.at(1800), tz: nil, tags: []))
        #expect(log.completed && log.focused == 1500)
        #expect(log.end.timeIntervalSince(log.start) == 1800)
    }

    @Test func togglePauseTwiceResumes() {
        var s = Self.session()
        s.togglePause(at: Self.at(10))
        s.togglePause(at: Self.at(70))
        #expect(!s.isPaused && s.pausedTotal == 60)
    }

    @Test func extendAddsFiveMinutesEachTime() {
        var s = Self.session()
        s.extend(by: 300)
        s.extend(by: 300)
        #expect(s.planned == 2100)
        #expect(!s.isFinished(at: Self.at(1500)))
        #expect(s.remaining(at: Self.at(1500)) == 600)
    }

    @Test func suspendIsNotFocus() throws {
        let s = Self.session()
        // 10 minutes focused, then the laptop slept 12 hours, then 5 more minutes.
        let now = Self.at(900, slept: 12 * 3600)
        #expect(s.counted(at: now) == 900)
        #expect(s.suspended(at: now) == 12 * 3600)
        let log = try #require(Self.log(s, at: now, tz: nil, tags: []))
        #expect(log.focused == 900 && !log.completed)
        #expect(log.end.timeIntervalSince(log.start) == 900 + 12 * 3600)
    }

    @Test(arguments: [(59.9, false), (60.0, true), (61.0, true), (0.0, false)])
    func earlyStopNeedsAMinute(_ focused: Double, _ recorded: Bool) {
        let log = Self.log(Self.session(), at: Self.at(focused))
        #expect((log != nil) == recorded)
        #expect(log?.completed != true)
    }

    @Test func wallClockJumpsNeverShortenOrInflate() throws {
        let s = Self.session()
        // The wall clock was set back two hours mid-session; durations come from the monotonic clocks.
        var now = Self.at(1500)
        now.wall = now.wall.addingTimeInterval(-7200)
        let log = try #require(Self.log(s, at: now, tz: nil, tags: []))
        #expect(log.focused == 1500 && log.end.timeIntervalSince(log.start) == 1500)
    }

    /// The wall clock set forward or back by two hours, or by a day, mid-session: the same 25 minutes, the same span.
    @Test(arguments: [7200.0, -7200.0, 86_400.0, -86_400.0])
    func wallClockJumpsEitherWayKeepTheDuration(_ jump: Double) throws {
        let s = Self.session()
        var now = Self.at(1500)
        now.wall = now.wall.addingTimeInterval(jump)
        #expect(s.counted(at: now) == 1500 && s.isFinished(at: now))
        let log = try #require(Self.log(s, at: now, tz: nil, tags: []))
        #expect(log.focused == 1500 && log.completed && log.end.timeIntervalSince(log.start) == 1500)
    }

    /// `focus status` reads the state file from another process, between heartbeats: a wall clock
    /// changed since then, or a sleep, must not move the elapsed time it shows.
    @Test(arguments: [(0.0, 0.0), (7200.0, 0.0), (-7200.0, 0.0), (0.0, 3600.0)])
    func stateReadBetweenHeartbeatsIgnoresWallJumpsAndSleep(_ jump: Double, _ slept: Double) {
        let state = Self.session().runningState(
            at: Self.at(600), pid: 1, tz: nil, tags: [], note: nil, cycle: 1, cycles: 1)
        var reading = Self.at(700, slept: slept)
        reading.wall = reading.wall.addingTimeInterval(jump)
        let now = state.now(at: reading)
        #expect(state.counted(at: now) == 700 && state.remaining(at: now) == 800)
    }

    /// A state file written before `activeAt` existed still reads, on the wall clock.
    @Test func stateWithoutActiveAtFallsBackToTheWallClock() {
        var state = Self.session().runningState(
            at: Self.at(600), pid: 1, tz: nil, tags: [], note: nil, cycle: 1, cycles: 1)
        state.activeAt = nil
        #expect(state.now(at: Self.at(700)) == Self.at(700).wall)
    }

    @Test func breaksAreNeverRecorded() {
        let s = TimerSession(id: "b", phase: .shortBreak, planned: 300, start: Self.at(0))
        #expect(Self.log(s, at: Self.at(300), tz: nil, tags: []) == nil)
    }

    @Test(arguments: [(0.0, 1.0), (0.25, 0.75), (0.99, 0.01), (1499.5, 0.5)])
    func ticksLandOnWholeSecondsOfTheCountdown(_ elapsed: Double, _ wait: Double) {
        let s = Self.session()
        let next = s.nextTick(after: Self.at(elapsed))
        #expect(abs(next - (1000 + elapsed) - wait) < 1e-6)
    }

    @Test func stateFileTracksTheSessionAndRecoversUpToTheLastHeartbeat() throws {
        var s = Self.session()
        s.pause(at: Self.at(100))
        s.resume(at: Self.at(160))
        let state = s.runningState(at: Self.at(760), pid: 42, tz: "UTC", tags: ["w"], note: "n", cycle: 1, cycles: 1)
        #expect(state.counted == 700 && state.planned == 1500 && !state.paused)
        #expect(state.remaining(at: state.updatedAt.addingTimeInterval(100)) == 700)
        let log = try #require(state.sessionLog)
        #expect(log.id == "s" && log.focused == 700 && !log.completed && log.tags.first == "w" && log.note == "n")
        #expect(log.end == Self.t0.addingTimeInterval(760))
    }

    @Test func recoveryNeverCountsBeyondThePlanOrRecordsBreaksOrShortSessions() throws {
        let start = Self.t0
        var state = RunningState(
            id: "r", phase: .focus, startedAt: start, planned: 1500, counted: 1500,
            updatedAt: start.addingTimeInterval(1520),
            paused: false, tags: [], note: nil, tz: nil, pid: 1, cycle: 1, cycles: 1)
        #expect(state.sessionLog?.completed == true)
        #expect(state.remaining(at: start.addingTimeInterval(99_999)) == 0)
        state.counted = 30
        #expect(state.sessionLog == nil)
        state.counted = 600
        state.phase = .shortBreak
        #expect(state.sessionLog == nil)
    }

    @Test(arguments: [
        (1, nil as Int?, [TimerPhase.focus]),
        (1, 300, [.focus, .shortBreak]),
        // Cycles end after the last focus: no break after it.
        (4, 300, [.focus, .shortBreak, .focus, .shortBreak, .focus, .shortBreak, .focus]),
        (
            5, 300,
            [.focus, .shortBreak, .focus, .shortBreak, .focus, .shortBreak, .focus, .longBreak, .focus]
        ),
    ])
    func cyclePlans(_ cycles: Int, _ breakSeconds: Int?, _ phases: [TimerPhase]) {
        let plan = CyclePlan(focusSeconds: 1500, breakSeconds: breakSeconds, longBreakSeconds: 900, cycles: cycles)
        #expect(plan.steps.map(\.phase) == phases)
        #expect(plan.steps.filter { $0.phase == .longBreak }.allSatisfy { $0.seconds == 900 })
    }
}

/// How `focus start`'s flags and the settings combine into a plan.
@Suite struct CyclePlanFromSettingsTests {
    static var config: FocusConfig {
        var c = FocusConfig()
        c.defaultMinutes = 50
        c.breakMinutes = 10
        c.longBreakMinutes = 20
        c.cycles = 3
        return c
    }

    @Test(arguments: [
        // (focus, break, long break, cycles) given -> phases and lengths
        (
            nil as Int?, nil as Int?, nil as Int?, nil as Int?,
            [TimerPhase.focus, .shortBreak, .focus, .shortBreak, .focus], 3000, 600 as Int?
        ),
        (1500, nil, nil, 1, [.focus], 1500, nil),
        (1500, 300, nil, nil, [.focus, .shortBreak], 1500, 300),
        (nil, nil, 900, nil, [.focus, .shortBreak], 3000, 600),
        (1500, nil, nil, 2, [.focus, .shortBreak, .focus], 1500, 600),
        (1500, 300, nil, 1, [.focus], 1500, 300),
    ])
    func flagsOverrideSettings(
        _ focus: Int?, _ brk: Int?, _ long: Int?, _ cycles: Int?, _ phases: [TimerPhase], _ focusLength: Int,
        _ breakLength: Int?
    ) {
        let plan = CyclePlan(
            config: Self.config, focusSeconds: focus, breakSeconds: brk, longBreakSeconds: long, cycles: cycles)
        #expect(plan.steps.map(\.phase) == phases)
        #expect(plan.focusSeconds == focusLength && plan.breakSeconds == breakLength)
    }

    @Test func defaultsAloneAreOneFocusPhase() {
        let plan = CyclePlan(
            config: FocusConfig(), focusSeconds: nil, breakSeconds: nil, longBreakSeconds: nil, cycles: nil)
        #expect(plan.steps == [CyclePlan.Step(phase: .focus, seconds: 1500, cycle: 1)])
    }
}
