import FocusCore
import FoundationEssentials

/// What `focus start` and `focus continue` share: the options that shape a session, and starting it.
enum SessionLaunch {
    static let duration = Argument<Int>(
        "DURATION", "25 (minutes), 25m, 90s or 1h30m; default 25 minutes (config default-minutes)",
        parser: .duration)
    static let note = Option<String>("note", "N", "A note to keep with the session", parser: .text)
    static let open = Flag("open", "Count up with no planned end, until you stop it (for tracking)")
    static let at = Option<String>(
        "at", "TIME", "When you in fact began, if you forgot to start: 9:30, -10m", parser: .string)
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

    /// Every option but the tag, which each command takes its own way.
    static let options: [any OptionDeclaration] = [note, open, at, cycles, breakLength, longBreak, auto, soundName]

    /// Starts the session `args` describe, tagged `tags`.
    static func run(_ args: ParsedArguments, tags: [String], _ ctx: Context) throws(FocusError) -> Int32 {
        let config = try ctx.loadConfig()
        if args[open], args[duration] != nil || args.given(cycles, breakLength, longBreak) {
            throw FocusError(.usage, "--open counts up with no end: it takes no DURATION, --cycles or breaks")
        }
        let now = ctx.now()
        let began = try args[at].map { (text) throws(FocusError) in
            try SessionTimes.startAt(text, now: now, zone: ctx.zone, dayStartSeconds: config.dayStartSeconds)
        }
        let steps =
            args[open]
            ? [CyclePlan.Step(phase: .focus, seconds: JournalCodec.maximumSeconds, cycle: 1)]
            : CyclePlan(
                config: config, focusSeconds: args[duration], breakSeconds: args[breakLength],
                longBreakSeconds: args[longBreak], cycles: args[cycles]
            ).steps
        let request = TimerRunner.Request(
            steps: steps, tags: tags, note: args[note], auto: args[auto],
            sound: try sound(args[soundName], configured: config.sound, ctx), open: args[open],
            startedEarlier: began.map { now.timeIntervalSince($0).rounded(.down) } ?? 0)
        return try TimerRunner.run(request, ctx)
    }

    /// The sound to play: `--sound` must name an unlocked sound (else exit 64);
    /// a bad `sound` in the config only earns a warning, and silence.
    private static func sound(_ option: String?, configured: String?, _ ctx: Context) throws(FocusError)
        -> SoundCatalog.Entry?
    {
        guard let name = option ?? configured else { return nil }
        if option != nil { return try unlockedSound(name, ctx) }
        do throws(FocusError) {
            return try unlockedSound(name, ctx)
        } catch {
            ctx.err.line(configuredSoundRefused(error))
            return nil
        }
    }

    /// The unlocked sound called `name` (a usage error naming what is unlocked, else).
    static func unlockedSound(_ name: String, _ ctx: Context) throws(FocusError) -> SoundCatalog.Entry {
        try ctx.loadExpeditionOnly()
        let catalog = SoundCatalog(definitions: ctx.store.expeditionDefinitions)
        return try catalog.unlockedEntry(named: name, in: ctx.store.expedition)
    }

    /// `focus: no sound: config sound: …`: why the configured sound does not play.
    static func configuredSoundRefused(_ error: FocusError) -> Message {
        "focus: no sound: config sound: \(error.message)"
    }
}
