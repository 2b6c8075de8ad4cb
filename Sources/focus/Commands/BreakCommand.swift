import FocusCore
import FoundationEssentials

/// `focus break [DURATION]`: a break with the same live countdown, not recorded as focus.
enum BreakCommand: ParsableCommand {
    static let duration = Argument<Int>("DURATION", "default 5 minutes (config break-minutes)", parser: .duration)

    static let configuration = CommandConfiguration(
        name: "break", abstract: "Take a break with a countdown (not recorded as focus)", arguments: [duration])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        var seconds = try ctx.loadConfig().breakMinutes * 60
        if let given = args[duration] { seconds = given }
        return try TimerRunner.run(
            .init(steps: [CyclePlan.Step(phase: .shortBreak, seconds: seconds, cycle: 1)], auto: true), ctx)
    }
}
