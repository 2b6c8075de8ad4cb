import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// `focus sound [NAME]`: play a sound, write it to a WAV file, or list them all.
enum SoundCommand {
    static let command = Command(
        name: "sound",
        summary: "Play an ambient sound, write it to a WAV file, or list the sounds",
        usage: "focus sound [NAME] [--duration D] [--volume 0-100] [--seed N] [--out FILE.wav] | focus sound --list",
        arguments: [("NAME", "white, pink, brown, or an unlocked one from --list; default: config sound, else pink")],
        options: [
            .flag("list", "List every sound, and the city whose stamp unlocks each locked one"),
            .value(
                "duration", "D",
                "Play or write this long: 25 (minutes), 90s, 1h; playing without it runs until Ctrl-C, --out defaults to 1m"
            ),
            .value("volume", "0-100", "Loudness (default 70)"),
            .value("seed", "N", "Start the generators from N: the same seed, the same sound"),
            .value("out", "FILE.wav", "Write a 44.1 kHz 16-bit stereo WAV file instead of playing"),
        ],
        positionals: 0...1,
        discussion: """
            Sounds are generated as they play: nothing loops and no audio files ship.
            Playing pipes raw audio to the first of pw-play, paplay, aplay, play (sox)
            or ffplay on PATH that plays it. `focus start 25 --sound brown` plays one
            during a session.
            """,
        run: run)

    static let defaultVolume = 70

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpedition()
        if args.has("list") {
            ctx.out.write(
                SoundListView.text(SoundListViewModel(store: ctx.store), style: Style(enabled: ctx.colorEnabled)))
            return 0
        }
        let configured = try ctx.loadConfig().sound
        let entry = try unlockedEntry(args.positionals.first ?? configured ?? "pink", ctx)
        let volume = try args.value("volume").map(volumeValue) ?? defaultVolume
        let seed = try args.value("seed").map(seedValue) ?? FNV1a.hash(entry.name)
        let seconds = try args.value("duration").map(StartCommand.duration)
        let stream = SoundStream(recipe: entry.recipe, seed: seed, volume: volume)
        if let out = args.value("out") {
            guard out.lowercased().hasSuffix(".wav") else {
                throw FocusError(.usage, "--out writes WAV files only: '\(out)' does not end in .wav")
            }
            let length = seconds ?? 60
            guard length * SoundFormat.sampleRate <= WAVFormat.maxFrames else {
                let most = LocalTime.duration(WAVFormat.maxFrames / SoundFormat.sampleRate)
                throw FocusError(.usage, "--duration is too long for a WAV file (at most \(most))")
            }
            try ctx.store.export(to: out, chunks: SoundClip(stream, seconds: length, wavHeader: true))
            ctx.out.line("Wrote \(LocalTime.duration(length)) of \(entry.title) to \(out).")
            return 0
        }
        return try play(stream, entry: entry, seconds: seconds, ctx)
    }

    /// The catalog entry called `name`, if it is unlocked; otherwise a usage error that says why.
    ///
    /// Call after `ctx.loadExpedition()`, which reads the route and the stamps.
    static func unlockedEntry(_ name: String, _ ctx: Context) throws(FocusError) -> SoundCatalog.Entry {
        let catalog = SoundCatalog(definitions: ctx.store.expeditionDefinitions)
        guard let entry = catalog.entry(named: name) else {
            let hint =
                Suggestion.closest(to: name, among: catalog.entries.map(\.name)).map { "; did you mean '\($0)'?" }
                ?? "; `focus sound --list` lists them"
            throw FocusError(.usage, "unknown sound '\(name)'\(hint)")
        }
        if let chapter = entry.unlockedBy, !SoundCatalog.isUnlocked(entry, in: ctx.store.expedition) {
            throw FocusError(
                .usage, "'\(entry.name)' (\(entry.title)) is locked: the stamp of \(chapter.place) unlocks it")
        }
        return entry
    }

    /// Plays until the clip's end or a signal; Ctrl-C exits 130 (SIGTERM 143) after the fade-out, as the timer does.
    private static func play(_ stream: sending SoundStream, entry: SoundCatalog.Entry, seconds: Int?, _ ctx: Context)
        throws(FocusError) -> Int32
    {
        SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
        let player = SoundPlayer.start(stream, fadeIn: 1, path: ctx.environment["PATH"], seconds: seconds)
        // No player on PATH is known at once; one that cannot play, within a second or two.
        if let warning = player.takeWarning() { throw FocusError(.io, warning) }
        ctx.out.line(
            "Playing \(entry.title)" + (seconds.map { " for \(LocalTime.duration($0))" } ?? "") + " · Ctrl-C to stop")
        var signal: Int32?
        while signal == nil {
            var fds = [
                pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: player.endedFD, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { break }
            if fds[0].revents != 0 { signal = SignalPipe.drain().first }
            if fds[1].revents != 0 { break }
        }
        player.stop(fadeSeconds: 0.3)
        if let warning = player.takeWarning() { throw FocusError(.io, warning) }
        return signal.map { 128 + $0 } ?? 0
    }

    private static func volumeValue(_ text: String) throws(FocusError) -> Int {
        guard let v = Int(text), (0...100).contains(v) else {
            throw FocusError(.usage, "--volume must be a whole number from 0 to 100, not '\(text)'")
        }
        return v
    }

    private static func seedValue(_ text: String) throws(FocusError) -> UInt64 {
        guard let v = UInt64(text) else {
            throw FocusError(.usage, "--seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        return v
    }
}
