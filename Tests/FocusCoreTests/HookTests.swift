import FocusCore
import Foundation
import Testing

/// Which hook belongs to which moment of the timer, and its variables.
@Suite struct HookTests {
    static let started = UTCTimestamp.parse("2026-11-29T09:00:00Z")!

    static func state(_ phase: TimerPhase, counted: Int = 0, tags: [String] = ["thesis"]) -> RunningState {
        RunningState(
            id: "ID-1", phase: phase, startedAt: started, planned: 1500, counted: counted,
            updatedAt: started.addingTimeInterval(Double(counted)),
            paused: false, tags: tags, note: nil, tz: "UTC", pid: 1, cycle: 1, cycles: 2)
    }

    static func log(focused: Int, completed: Bool) -> FocusLog {
        FocusLog(
            id: "ID-1", start: started, end: started.addingTimeInterval(Double(focused)), planned: 1500,
            focused: focused, completed: completed, tags: ["thesis"])
    }

    @Test(arguments: [(TimerPhase.focus, Hook.Event.start), (.shortBreak, .break), (.longBreak, .break)])
    func aPhaseThatBeginsRunsStartOrBreak(_ phase: TimerPhase, _ event: Hook.Event) {
        let hook = Hook.started(Self.state(phase))
        #expect(hook.event == event)
        #expect(hook.environment["FOCUS_EVENT"] == event.rawValue)
        #expect(hook.environment["FOCUS_PHASE"] == phase.rawValue)
        #expect(hook.environment["FOCUS_REMAINING"] == "1500" && hook.environment["FOCUS_FOCUSED"] == "0")
    }

    @Test func aCompletedFocusRunsCompleteWithTheRecordedSession() {
        let hook = Hook.ended(
            Self.state(.focus, counted: 1500, tags: ["thesis", "ch 3"]), stopped: false,
            recorded: Self.log(focused: 1500, completed: true))
        #expect(hook?.event == .complete)
        #expect(
            hook?.environment == [
                "FOCUS_EVENT": "complete", "FOCUS_ID": "ID-1", "FOCUS_PHASE": "focus", "FOCUS_TAG": "thesis",
                "FOCUS_TAGS": "thesis\nch 3", "FOCUS_NOTE": "",
                "FOCUS_PLANNED": "1500", "FOCUS_FOCUSED": "1500", "FOCUS_REMAINING": "0",
                "FOCUS_STARTED": "2026-11-29T09:00:00Z",
                "FOCUS_CYCLE": "1", "FOCUS_CYCLES": "2", "FOCUS_COMPLETED": "true", "FOCUS_RECORDED": "true",
            ])
        #expect(Set(hook?.environment.keys.map { $0 } ?? []) == Set(Hook.variables))
    }

    @Test(arguments: [(600, true), (30, false)])
    func aFocusStoppedEarlyRunsStop(_ counted: Int, _ recorded: Bool) {
        let log = recorded ? Self.log(focused: counted, completed: false) : nil
        let hook = Hook.ended(Self.state(.focus, counted: counted, tags: []), stopped: true, recorded: log)
        #expect(hook?.event == .stop)
        #expect(
            hook?.environment["FOCUS_FOCUSED"] == "\(counted)"
                && hook?.environment["FOCUS_REMAINING"] == "\(1500 - counted)")
        #expect(hook?.environment["FOCUS_RECORDED"] == "\(recorded)" && hook?.environment["FOCUS_COMPLETED"] == "false")
        #expect(hook?.environment["FOCUS_TAG"] == "")
    }

    @Test func aBreakRunsStopOnlyWhenCutShort() {
        #expect(Hook.ended(Self.state(.shortBreak, counted: 300), stopped: false, recorded: nil) == nil)
        #expect(Hook.ended(Self.state(.longBreak, counted: 60), stopped: true, recorded: nil)?.event == .stop)
    }

    @Test func fileNames() {
        #expect(Hook.Event.allCases.map(\.fileName) == ["on-start", "on-complete", "on-stop", "on-break"])
    }
}
