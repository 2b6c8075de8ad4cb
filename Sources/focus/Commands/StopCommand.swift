import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `focus stop`: ends the running session from another terminal, exactly as `q` would.
enum StopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "stop", abstract: "Stop the running session from another terminal, as q would")

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard let state = try ctx.store.liveSession() else {
            throw FocusError(.failure, "no session is running")
        }
        guard kill(state.pid, SIGUSR1) == 0 else {
            throw FocusError(
                .failure, "cannot signal the timer (process \(state.pid)): \(String(cString: strerror(errno)))")
        }
        var waited = 0
        while try ctx.store.isSessionLockHeld() {
            guard waited < 100 else {
                throw FocusError(.temporary, "the timer (process \(state.pid)) did not stop within 10 seconds")
            }
            usleep(100_000)
            waited += 1
        }
        guard state.phase.isFocus else {
            ctx.out.line("Stopped the \(state.phase.title.lowercased()).")
            return 0
        }
        try ctx.loadJournal()
        if let log = ctx.store.focusLogs.last(where: { $0.id == state.id }) {
            let how = log.completed ? "completed" : "interrupted"
            ctx.out.line(
                "Stopped: recorded \(LocalTime.duration(log.focused)) of focus as \(how)"
                    + (log.tag.map { " #\($0)" } ?? "") + ".")
        } else {
            ctx.out.line("Stopped: under a minute of focus, so nothing was recorded.")
        }
        return 0
    }
}
