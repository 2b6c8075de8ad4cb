import FocusCore

#if canImport(Glibc)
    import Glibc
#endif

/// `focus sound [NAME]`: play a sound, write it to a WAV file, or list them all.
enum SoundCommand: ParsableCommand {
    static let name = Argument<String>(
        "NAME", "white, pink, brown, or an unlocked one from `focus sound list`; default: config sound, else pink",
        parser: .text, completion: .dynamic(.sounds))
    static let list = Flag("list", "The same as `focus sound list`")
    static let duration = Option<Int>(
        "duration", "D",
        "Play or write this long: 25 (minutes), 90s, 1h; playing without it runs until Ctrl-C, --out defaults to 1m",
        parser: .duration)
    static let volume = Option<Int>("volume", "0-100", "Loudness (default 70)", parser: .wholeNumber(0...100))
    static let seed = Option<UInt64>(
        "seed", "N", "Start the generators from N: the same seed, the same sound", parser: .unsigned)
    static let out = Option<String>(
        "out", "FILE.wav", "Write a 44.1 kHz 16-bit stereo WAV file instead of playing", parser: .path)

    static let configuration = CommandConfiguration(
        name: "sound",
        abstract: "Play an ambient sound, write it to a WAV file, or list the sounds",
        discussion: """
            Sounds are generated as they play: nothing loops and no audio files ship.
            Playing pipes raw audio to the first of pw-play, paplay, aplay, play (sox)
            or ffplay on PATH that plays it. `focus start 25 --sound brown` plays one
            during a session.
            """,
        arguments: [name],
        options: [list, duration, volume, seed, out],
        subcommands: [SoundListCommand.self])

    static let defaultVolume = 70

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        if args[list] { return try SoundListCommand.run(args, ctx) }
        try ctx.loadExpeditionOnly()
        let configured = try ctx.loadConfig().sound
        let entry = try SoundCatalog(definitions: ctx.store.expeditionDefinitions).unlockedEntry(
            named: args[name] ?? configured ?? "pink", in: ctx.store.expedition)
        let volume = args[Self.volume] ?? defaultVolume
        let seed = args[Self.seed] ?? entry.defaultSeed
        let seconds = args[duration]
        let stream = SoundStream(recipe: entry.recipe, seed: seed, volume: volume)
        if let out = args[Self.out] {
            guard out.lowercased().hasSuffix(".wav") else {
                throw FocusError(.usage, "--out writes WAV files only: '\(out)' does not end in .wav")
            }
            let length = seconds ?? 60
            guard length * SoundFormat.sampleRate <= WAVFormat.maxFrames else {
                throw FocusError(
                    .usage,
                    """
                    --duration is too long for a WAV file (at most \
                    \(duration: WAVFormat.maxFrames / SoundFormat.sampleRate))
                    """
                )
            }
            try ctx.store.export(to: out, chunks: SoundClip(stream, seconds: length, wavHeader: true))
            ctx.out.line("Wrote \(duration: length) of \(entry.title) to \(out).")
            return 0
        }
        return try play(stream, entry: entry, seconds: seconds, ctx)
    }

    /// Plays until the clip's end or a signal; Ctrl-C exits 130 (SIGTERM 143) after the fade-out, as the timer does.
    private static func play(_ stream: sending SoundStream, entry: SoundCatalog.Entry, seconds: Int?, _ ctx: Context)
        throws(FocusError) -> Int32
    {
        SignalPipe.install([SIGINT, SIGTERM, SIGHUP])
        let player = SoundPlayer.start(stream, fadeIn: 1, path: ctx.environment["PATH"], seconds: seconds)
        // No player on PATH is known at once; one that cannot play, within a second or two.
        if let warning = player.takeWarning() { throw FocusError(.unavailable, warning) }
        if let seconds {
            ctx.out.line("Playing \(entry.title) for \(duration: seconds) · Ctrl-C to stop")
        } else {
            ctx.out.line("Playing \(entry.title) · Ctrl-C to stop")
        }
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
        if let warning = player.takeWarning() { throw FocusError(.unavailable, warning) }
        return signal.map { 128 + $0 } ?? 0
    }
}
