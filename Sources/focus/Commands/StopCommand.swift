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
        let kept = try TimerSignal.end(state, with: SIGUSR1, ctx)
        guard state.phase.isFocus, !state.isWaiting else {
            ctx.out.line(state.isWaiting ? "Stopped the cycles." : "Stopped the \(state.phase.word).")
            return 0
        }
        try ctx.loadJournal()
        if let log = ctx.store.session(id: state.id) {
            let how = log.completed ? Message("completed") : Message("interrupted")
            if let tags = FocusLog.hashtags(log.tags) {
                ctx.out.line("Stopped: recorded \(duration: log.focused) of focus as \(how) \(tags).")
            } else {
                ctx.out.line("Stopped: recorded \(duration: log.focused) of focus as \(how).")
            }
        } else if kept {
            throw FocusError(
                .temporary, "Stopped; the session is kept, not recorded yet: the next focus command records it")
        } else {
            ctx.out.line("Stopped: under a minute of focus, so nothing was recorded.")
        }
        return 0
    }
}
