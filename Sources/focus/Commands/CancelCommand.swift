import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// `focus cancel`: drops the running session without recording anything.
enum CancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "cancel",
        abstract: "Drop the running session without recording it",
        discussion: """
            The timer ends as q would, but nothing goes into the journal (its on-stop hook
            still runs, with FOCUS_RECORDED=false). A session whose timer died is dropped
            too, instead of being recorded by the next command.
            """)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        if let state = try ctx.store.liveSession() {
            let counted = state.counted(at: state.now(at: ctx.reading()))
            // A timer that could not record yet (`focus sync` held the journal) kept its state: it goes too.
            if try TimerSignal.end(state, with: SIGUSR2, ctx) { _ = try ctx.store.dropDeadSession() }
            ctx.out.line(SessionSummaryViewModel.cancelledLine(state, counted: counted, in: ctx.zone))
            return 0
        }
        guard let dead = try ctx.store.dropDeadSession() else { throw FocusError(.failure, "no session is running") }
        ctx.out.line(SessionSummaryViewModel.cancelledLine(dead, counted: dead.counted, in: ctx.zone))
        return 0
    }
}
