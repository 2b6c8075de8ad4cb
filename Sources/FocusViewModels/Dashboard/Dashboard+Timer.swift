import FocusModels
import FocusServices

extension Dashboard {
    /// Hands `event` to the session's machine and turns its effects into the dashboard's: what the session does
    /// goes to the loop as it is (``DashboardEffect/timer(_:)``), what `focus start` would print becomes state the
    /// Timer tab shows.
    mutating func run(_ event: TimerEvent) -> [DashboardEffect] {
        guard var machine = timer else { return [] }
        let effects = machine.handle(event)
        timer = machine
        return effects.flatMap { translate($0) }
    }

    private mutating func translate(_ effect: TimerEffect) -> [DashboardEffect] {
        switch effect {
        case .phaseStarted, .redraw, .prompt: return [.render]
        case .persist, .finish, .clear, .hook, .startSound, .stopSound, .notify: return [.timer(effect)]
        case .summary(let summary):
            lastRun = nil
            guard summary.phase.isFocus else {
                lastPhase = .rest(summary)
                return [.render]
            }
            return [.summarize(summary)]
        case .runSummary(let run):
            lastRun = run
            return [.render]
        case .ring: return [.ring]
        case .warn(let warning):
            notice = .warning(warning)
            return [.render]
        case .suspend: return [.suspend]
        // The dashboard takes the terminal back itself when it is continued.
        case .resume: return []
        case .notRecorded(let log, let error):
            notice = .notRecorded(log, error)
            return [.render]
        case .cancelled(let state):
            lastPhase = .cancelled(state)
            return [.render]
        case .exit(let code):
            timer = nil
            return [.releaseSession, .render] + (exitCode.map { _ in [.exit(code)] } ?? [])
        }
    }
}
