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
        ctx.recoverCrashedSession()
        guard let state = try ctx.store.liveSession() else { throw FocusError(.failure, "no session is running") }
        // SIGCONT too: a timer suspended with Ctrl-Z stops as one that runs.
        guard kill(state.pid, SIGUSR1) == 0, kill(state.pid, SIGCONT) == 0 else {
            throw FocusError(
                .failure, "cannot signal the timer (process \(state.pid)): \(String(cString: strerror(errno)))")
        }
        guard try ctx.store.waitUntilSessionEnds(within: 10) else {
            throw FocusError(.temporary, "the timer (process \(state.pid)) did not stop within 10 seconds")
        }
        guard state.phase.isFocus, !state.isWaiting else {
            ctx.out.line("Stopped the \(state.isWaiting ? "cycles" : state.phase.title.lowercased()).")
            return 0
        }
        try ctx.loadJournal()
        if let log = ctx.store.session(id: state.id) {
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
