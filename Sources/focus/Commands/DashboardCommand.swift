import FocusCore

/// `focus dashboard` (`focus ui`): the timer, the statistics and the game in one live full-screen window.
enum DashboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "dashboard",
        abstract: "Open the live dashboard: timer, stats, game and log together",
        discussion: """
            Tabs switch with 1-6, Tab and Shift-Tab; ? lists every key and q leaves. A session
            started here is the same session as `focus start`: `focus status` and `focus stop`
            in another terminal see and end it. Sessions recorded elsewhere appear as they are
            written. Needs a terminal; FOCUS_NO_ANIMATION=1 turns the celebrations off.
            """,
        aliases: ["ui"])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard ctx.out.isTerminal, TerminalMode.isForegroundTerminal(0) else {
            throw FocusError(
                .usage, "focus dashboard needs a terminal (stdin and stdout); use focus stats or focus log",
                showsUsage: false)
        }
        return try DashboardRunner(ctx).run()
    }
}
