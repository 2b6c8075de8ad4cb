import FocusCore
import FoundationEssentials

/// `focus break [DURATION]`: a break with the same live countdown, not recorded as focus.
enum BreakCommand {
    static let command = Command(
        name: "break",
        summary: "Take a break with a countdown (not recorded as focus)",
        usage: "focus break [DURATION]",
        arguments: [("DURATION", "default 5 minutes (config break-minutes)")],
        positionals: 0...1,
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        var seconds = try ctx.loadConfig().breakMinutes * 60
        if let text = args.positionals.first { seconds = try StartCommand.duration(text) }
        return try TimerRunner.run(
            [CyclePlan.Step(phase: .shortBreak, seconds: seconds, cycle: 1)], tag: nil, note: nil, auto: true, ctx)
    }
}
