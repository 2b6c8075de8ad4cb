import FocusCore
import FoundationEssentials

/// `focus start [DURATION]`: a focus session (or cycles of them) with a live countdown.
enum StartCommand: ParsableCommand {
    static let duration = Argument<Int>(
        "DURATION", "25 (minutes), 25m, 90s or 1h30m; default 25 minutes (config default-minutes)",
        parser: .duration)
    static let tag = Option<String>(
        "tag", "T", "Tag the session (a project, a subject)", parser: .text, completion: .dynamic(.tags))
    static let note = Option<String>("note", "N", "A note to keep with the session", parser: .text)
    static let cycles = Option<Int>(
        "cycles", "N", "Run N focus/break pairs, a long break after every fourth", parser: .wholeNumber(1...99))
    static let breakLength = Option<Int>(
        "break", "D", "Break length between cycles (default 5m, config break-minutes)", parser: .duration)
    static let longBreak = Option<Int>(
        "long-break", "D", "Long break length (default 15m, config long-break-minutes)", parser: .duration)
    static let auto = Flag("auto", "Start the next phase without waiting for Enter")
    static let soundName = Option<String>(
        "sound", "NAME", "Play an unlocked sound while you focus (config sound); see `focus sound list`",
        parser: .text, completion: .dynamic(.sounds))

    static let configuration = CommandConfiguration(
        name: "start",
        abstract: "Run a focus session with a live countdown",
        discussion: """
            Keys while it runs: space or p pauses and resumes (paused time is not focus),
            the + key adds 5 minutes, q or Ctrl-C stops early. A session stopped with at least
            a minute of focus is recorded as interrupted; a shorter one is discarded.
            Only one session runs at a time; `focus stop` ends it from another terminal.
            """,
        arguments: [duration],
        options: [tag, note, cycles, breakLength, longBreak, auto, soundName])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let config = try ctx.loadConfig()
        let plan = CyclePlan(
            config: config, focusSeconds: args[duration], breakSeconds: args[breakLength],
            longBreakSeconds: args[longBreak], cycles: args[cycles])
        let sound = try sound(args[soundName], configured: config.sound, ctx)
        return try TimerRunner.run(plan.steps, tag: args[tag], note: args[note], auto: args[auto], sound: sound, ctx)
    }

    /// The sound to play: `--sound` must name an unlocked sound (else exit 64);
    /// a bad `sound` in the config only earns a warning, and silence.
    private static func sound(_ option: String?, configured: String?, _ ctx: Context) throws(FocusError) -> SoundCatalog
        .Entry?
    {
        guard let name = option ?? configured else { return nil }
        try ctx.loadExpedition()
        let catalog = SoundCatalog(definitions: ctx.store.expeditionDefinitions)
        if option != nil { return try catalog.unlockedEntry(named: name, in: ctx.store.expedition) }
        do throws(FocusError) {
            return try catalog.unlockedEntry(named: name, in: ctx.store.expedition)
        } catch {
            ctx.err.line("focus: no sound: config sound: \(error.message)")
            return nil
        }
    }

}
