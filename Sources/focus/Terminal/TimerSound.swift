import FocusCore

/// The sound of focus phases: started and stopped when the machine says, silent while
/// paused, fading out over the last seconds.
final class TimerSound {
    private let entry: SoundCatalog.Entry?
    private let path: String?
    private var player: SoundPlayer?
    /// A warning the player left when it was stopped, not yet shown.
    private var pending: Message?

    /// Plays `entry` (none: silence) with the first player found on `path`.
    init(_ entry: SoundCatalog.Entry?, path: String?) {
        self.entry = entry
        self.path = path
    }

    /// Whether there is a sound to play.
    var isChosen: Bool { entry != nil }

    func start() {
        guard let entry else { return }
        let stream = SoundStream(recipe: entry.recipe, seed: entry.defaultSeed, volume: SoundCommand.defaultVolume)
        player = SoundPlayer.start(stream, fadeIn: 2, path: path)
    }

    func stop() {
        player?.stop(fadeSeconds: 0.3)
        pending = player?.takeWarning() ?? pending
        player = nil
    }

    /// What went wrong with the players since it was last asked (none worked, the last one gave up), once.
    func takeWarning() -> Message? {
        defer { pending = nil }
        return player?.takeWarning() ?? pending
    }

    /// Follows `session` as of `now`.
    func follow(_ session: TimerSession?, at now: ClockReading) {
        guard let session else { return }
        player?.follow(paused: session.isPaused, remaining: session.remaining(at: now))
    }
}
