import FocusCore
import FoundationEssentials

/// `focus start [DURATION]`: a focus session (or cycles of them) with a live countdown.
enum StartCommand {
    static let command = Command(
        name: "start",
        summary: "Run a focus session with a live countdown",
        usage:
            "focus start [DURATION] [--tag T] [--note N] [--cycles N] [--break D] [--long-break D] [--auto] [--sound NAME]",
        arguments: [("DURATION", "25 (minutes), 25m, 90s or 1h30m; default 25 minutes (config default-minutes)")],
        options: [
            .value("tag", "T", "Tag the session (a project, a subject)"),
            .value("note", "N", "A note to keep with the session"),
            .value("cycles", "N", "Run N focus/break pairs, a long break after every fourth"),
            .value("break", "D", "Break length between cycles (default 5m, config break-minutes)"),
            .value("long-break", "D", "Long break length (default 15m, config long-break-minutes)"),
            .flag("auto", "Start the next phase without waiting for Enter"),
            .value("sound", "NAME", "Play an unlocked sound while you focus (config sound); see `focus sound --list`"),
        ],
        positionals: 0...1,
        discussion: """
            Keys while it runs: space or p pauses and resumes (paused time is not focus),
            + adds 5 minutes, q or Ctrl-C stops early. A session stopped with at least
            a minute of focus is recorded as interrupted; a shorter one is discarded.
            Only one session runs at a time; `focus stop` ends it from another terminal.
            """,
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let config = try ctx.loadConfig()
        let plan = CyclePlan(
            config: config, focusSeconds: try args.positionals.first.map(duration),
            breakSeconds: try args.value("break").map(duration),
            longBreakSeconds: try args.value("long-break").map(duration),
            cycles: try args.value("cycles").map(cycleCount))
        let sound = try sound(args.value("sound"), configured: config.sound, ctx)
        return try TimerRunner.run(
            plan.steps, tag: try args.text("tag"), note: try args.text("note"), auto: args.has("auto"), sound: sound,
            ctx)
    }

    /// The sound to play: `--sound` must name an unlocked sound (else exit 64);
    /// a bad `sound` in the config only earns a warning, and silence.
    private static func sound(_ option: String?, configured: String?, _ ctx: Context) throws(FocusError) -> SoundCatalog
        .Entry?
    {
        guard let name = option ?? configured else { return nil }
        try ctx.loadExpedition()
        if option != nil { return try SoundCommand.unlockedEntry(name, ctx) }
        do throws(FocusError) {
            return try SoundCommand.unlockedEntry(name, ctx)
        } catch {
            ctx.err.line("focus: no sound: config sound: \(error.message)")
            return nil
        }
    }

    static func duration(_ text: String) throws(FocusError) -> Int {
        do { return try DurationParser.seconds(text) } catch { throw FocusError(.usage, error.reason) }
    }

    private static func cycleCount(_ text: String) throws(FocusError) -> Int {
        guard let n = Int(text), (1...99).contains(n) else {
            throw FocusError(.usage, "--cycles must be a whole number from 1 to 99, not '\(text)'")
        }
        return n
    }

}
