import FocusCore
import Foundation

/// Drives a ``TimerMachine`` as the run loop does, in process, on an injected clock: the store
/// effects (persist, finish, clear) run against a real ``AppStore`` in a temporary folder, and
/// every other effect is only collected.
///
/// `crashAt` stops performing effects at that index, as a process killed there would: the
/// effect and everything after it never happen.
final class MachineDriver {
    /// `2026-11-29 09:00:00 UTC`, when the run starts.
    static let t0 = Date(timeIntervalSince1970: 1_795_942_800)

    /// A reading `active` seconds after the start, after `slept` seconds of machine sleep.
    static func at(_ active: Double, slept: Double = 0) -> ClockReading {
        ClockReading(active: 1000 + active, elapsed: 5000 + active + slept, wall: t0.addingTimeInterval(active + slept))
    }

    /// Ids `s1`, `s2`… one per step.
    static func setup(
        _ steps: [CyclePlan.Step], waitsForEnter: Bool = false, sound: Bool = false, tag: String? = "t"
    ) -> TimerMachine.Setup {
        TimerMachine.Setup(
            steps: steps, ids: steps.indices.map { "s\($0 + 1)" }, tags: tag.map { [$0] } ?? [], note: nil, tz: "UTC",
            pid: 4242,
            waitsForEnter: waitsForEnter, sound: sound, bell: true, notify: true)
    }

    /// One focus phase of `seconds`.
    static func focus(_ seconds: Int = 1500) -> TimerMachine.Setup {
        setup([CyclePlan.Step(phase: .focus, seconds: seconds, cycle: 1)])
    }

    let paths: DataPaths
    private(set) var store: AppStore
    private(set) var machine: TimerMachine
    /// Every effect performed, in order.
    private(set) var effects: [TimerEffect] = []
    private let crashAt: Int?
    private(set) var crashed = false
    private var last = MachineDriver.at(0)

    init(_ setup: TimerMachine.Setup, paths: DataPaths? = nil, crashAt: Int? = nil) {
        let folder = NSTemporaryDirectory() + "focus-machine-\(UUID().uuidString)"
        self.paths = paths ?? DataPaths(dataDirectory: folder, configDirectory: folder)
        store = AppStore(paths: self.paths)
        machine = TimerMachine(setup: setup)
        self.crashAt = crashAt
    }

    deinit { try? FileManager.default.removeItem(atPath: paths.dataDirectory) }

    /// Feeds `events` in order; nothing once it has crashed.
    @discardableResult
    func send(_ events: TimerEvent...) -> MachineDriver {
        for event in events { deliver(event) }
        return self
    }

    private func deliver(_ event: TimerEvent) {
        guard !crashed else { return }
        if let reading = Self.reading(of: event) { last = reading }
        for effect in machine.handle(event) {
            if crashed { return }
            if effects.count == crashAt {
                crashed = true
                return
            }
            effects.append(effect)
            switch effect {
            case .persist(let state):
                do throws(FocusError) { try store.saveRunningState(state) } catch { deliver(.persistFailed(error)) }
            case .finish(let final): deliver(.finished(store.finish(final), last))
            case .clear: try? store.clearRunningState()
            default: break
            }
        }
    }

    private static func reading(of event: TimerEvent) -> ClockReading? {
        switch event {
        case .start(let r), .tick(let r), .key(_, let r), .signal(_, let r), .inputClosed(let r), .continued(let r),
            .finished(_, let r):
            r
        case .persistFailed: nil
        }
    }

    /// The journal lines of this machine's file.
    var journal: [String] {
        guard let text = try? String(contentsOfFile: paths.journalFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// The sessions recorded.
    var recorded: [FocusLog] { journal.compactMap { try? JournalCodec.decode(Array($0.utf8)) } }

    /// The state file, if any.
    var state: RunningState? { try? store.runningState() }

    /// The effects as short words, for tables: `persist`, `hook:start`, `exit:0`…
    var words: [String] { effects.map(Self.word) }

    static func word(_ effect: TimerEffect) -> String {
        switch effect {
        case .phaseStarted: "started"
        case .redraw: "redraw"
        case .prompt(let step): "prompt:\(step.phase.rawValue)"
        case .persist(let state): state.isWaiting ? "persist:waiting" : state.paused ? "persist:paused" : "persist"
        case .finish: "finish"
        case .clear: "clear"
        case .hook(let hook): "hook:\(hook.event.rawValue)"
        case .startSound: "sound:on"
        case .stopSound: "sound:off"
        case .summary(let s): "summary:\(s.phase.rawValue)\(s.stopped ? ":stopped" : "")"
        case .runSummary(let run): "run:\(run.completed)/\(run.cycles)"
        case .ring: "ring"
        case .notify: "notify"
        case .warn: "warn"
        case .suspend: "suspend"
        case .resume: "resume"
        case .notRecorded: "notRecorded"
        case .cancelled: "cancelled"
        case .exit(let code): "exit:\(code)"
        }
    }
}
