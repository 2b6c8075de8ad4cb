import FocusCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Plays a ``SoundStream`` by piping raw PCM to the first audio player on `PATH` that plays it.
///
/// A background thread renders blocks and writes them to the player's stdin at most 0.4 s ahead of the
/// clock: enough for a busy machine's scheduling, little enough that a fade (pause, resume, stop) is heard
/// promptly; the caller's loop never waits on audio. A player that exits (no audio server, no device, an
/// option its version lacks) or stops reading hands over to the next one on `PATH`; one that gives up
/// within its first seconds restarts the sound, so the fade-in and an exact length are heard whole. When
/// none plays, the player ends with a one-line ``takeWarning()`` and its ``endedFD`` becomes readable.
/// SIGPIPE is ignored: a player that dies shows up as `EPIPE`.
final class SoundPlayer: Sendable {
    /// A player and its arguments for 44.1 kHz 16-bit little-endian stereo on stdin.
    struct Program: Sendable {
        let name: String
        let arguments: [String]
    }

    /// Tried in this order.
    static let programs: [Program] = [
        // PipeWire 0.3.70 and later read stdin through libsndfile unless told `--raw`. 0.3.65 (Debian 12)
        // has no `--raw` (it exits at once, and the second form is tried): it reads stdin as raw PCM and
        // ignores any WAV header in it, playing at 48 kHz unless told the rate.
        Program(name: "pw-play", arguments: ["--raw"] + pipeWireFormat),
        Program(name: "pw-play", arguments: pipeWireFormat),
        Program(
            name: "paplay",
            arguments: ["--raw", "--rate=44100", "--channels=2", "--format=s16le", "--latency-msec=100"]),
        Program(
            name: "aplay",
            arguments: ["-q", "-t", "raw", "-f", "S16_LE", "-r", "44100", "-c", "2", "--buffer-time=200000"]),
        Program(
            name: "play",
            arguments: ["-q", "-t", "raw", "-r", "44100", "-e", "signed-integer", "-b", "16", "-c", "2", "-L", "-"]),
        Program(
            name: "ffplay",
            arguments: [
                "-nodisp", "-autoexit", "-loglevel", "quiet", "-f", "s16le", "-ar", "44100", "-ch_layout", "stereo",
                "-i", "-",
            ]),
    ]

    private static let pipeWireFormat = ["--rate=44100", "--channels=2", "--format=s16", "--latency=100ms", "-"]

    /// What the caller asked for, read by the thread before each block.
    private struct Control {
        /// The level last asked for; the clip fades in to 1 by itself.
        var level: Float = 1
        var seconds = 0.0
        var changes = 0
        /// The fade-out `stop` asked for.
        var ending: Double?
        var warning: Message?
    }

    private let control = Mutex(Control())
    private let thread = Mutex<pthread_t?>(nil)
    private let ended: [Int32]
    /// Frames a block: 23 ms, so fades follow the caller closely.
    private static let blockFrames = 1024
    /// How far the thread renders ahead of the clock, in seconds.
    fileprivate static let lead = 0.4
    /// A player that exits or stalls this soon after starting is taken not to have been heard.
    fileprivate static let trialSeconds = 1.5

    /// Readable (end of file) once the sound is over: played to its end, or no player could play it.
    var endedFD: Int32 { ended[0] }

    /// The players on `path` in the order they are tried, with their executables.
    static func candidates(path: String?) -> [(executable: String, program: Program)] {
        let folders = (path ?? "").split(separator: ":").map(String.init)
        return programs.compactMap { program in
            folders.first { access($0 + "/" + program.name, X_OK) == 0 }.map { ($0 + "/" + program.name, program) }
        }
    }

    /// Starts playing `stream`: fading in over `fadeIn` seconds, for `seconds` exactly (then it fades out
    /// over as long and ends) or until ``stop(fadeSeconds:)``.
    static func start(_ stream: sending SoundStream, fadeIn: Double, path: String?, seconds: Int? = nil)
        -> SoundPlayer
    {
        signal(SIGPIPE, SIG_IGN)
        let player = SoundPlayer()
        let found = candidates(path: path)
        guard !found.isEmpty else {
            let names = Message.list(uniqueNames(programs.map(\.name)))
            player.finish(warning: "no sound: none of \(names) is on PATH")
            return player
        }
        let clip = SoundClip(
            stream, seconds: seconds, fadeSeconds: fadeIn, wavHeader: false, blockFrames: Self.blockFrames)
        let context = Unmanaged.passRetained(Feed(player: player, clip: clip, candidates: found)).toOpaque()
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<Feed>.fromOpaque(raw!).takeRetainedValue().run()
                return nil
            }, context)
        player.thread.withLock { $0 = thread }
        return player
    }

    private init() {
        var fds: [Int32] = [-1, -1]
        pipe(&fds)
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        ended = fds
    }

    deinit { close(ended[0]) }

    /// Follows a timer: silent while paused, fading out over the last seconds before the end, else full.
    func follow(paused: Bool, remaining: Double) {
        if paused {
            fade(to: 0, seconds: 0.3)
        } else if remaining <= 3 {
            fade(to: 0, seconds: remaining)
        } else {
            fade(to: 1, seconds: 1)
        }
    }

    /// Fades out over `fadeSeconds`, lets the player play what it holds, and waits for it to exit.
    func stop(fadeSeconds: Double) {
        control.withLock { $0.ending = $0.ending ?? fadeSeconds }
        if let thread = thread.withLock({ $0 }) { pthread_join(thread, nil) }
        thread.withLock { $0 = nil }
    }

    /// The line to show once when no player could play (without `focus: ` or `Error: `); `nil` after that.
    func takeWarning() -> Message? {
        control.withLock { control in
            defer { control.warning = nil }
            return control.warning
        }
    }

    private func fade(to level: Float, seconds: Double) {
        control.withLock {
            guard $0.level != level else { return }
            $0.level = level
            $0.seconds = seconds
            $0.changes += 1
        }
    }

    fileprivate func finish(warning: Message?) {
        control.withLock { $0.warning = warning }
        close(ended[1])
    }

    fileprivate var wanted: (level: Float, seconds: Double, changes: Int, ending: Double?) {
        control.withLock { ($0.level, $0.seconds, $0.changes, $0.ending) }
    }

    fileprivate static func uniqueNames(_ names: [String]) -> [String] {
        names.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }
}

/// The thread's work: feed the clip to each candidate in turn until one plays it to the end.
private final class Feed {
    private let player: SoundPlayer
    private let initial: SoundClip
    private let candidates: [(executable: String, program: SoundPlayer.Program)]

    init(player: SoundPlayer, clip: SoundClip, candidates: [(executable: String, program: SoundPlayer.Program)]) {
        self.player = player
        initial = clip
        self.candidates = candidates
    }

    func run() {
        var clip = initial
        var failed: [String] = []
        for (executable, program) in candidates {
            guard let child = PlayerProcess(executable: executable, arguments: program.arguments) else {
                failed.append(program.name)
                continue
            }
            let started = LiveClock.monotonic()
            if play(&clip, through: child) {
                player.finish(warning: nil)
                return
            }
            failed.append(program.name)
            let alive = LiveClock.monotonic() - started - (child.stalled ? PlayerProcess.stallSeconds : 0)
            if alive < SoundPlayer.trialSeconds { clip = initial }
            if player.wanted.ending != nil { break }
        }
        let names = SoundPlayer.uniqueNames(failed)
        player.finish(
            warning: "no sound: \(Message.list(names)) could not play it (is an audio server running?)")
    }

    /// Writes `clip` to `child` in real time; `true` when all of it was written (and the player has played it).
    private func play(_ clip: inout SoundClip, through child: PlayerProcess) -> Bool {
        let started = LiveClock.monotonic()
        var frames = 0
        var seen = 0
        var ending: Double?
        // A restarted clip takes up the level asked for meanwhile (a pause in the first second).
        if player.wanted.changes > 0 { seen = -1 }
        while true {
            let wanted = player.wanted
            if wanted.changes != seen {
                clip.fade(to: wanted.level, seconds: wanted.seconds)
                seen = wanted.changes
            }
            if ending == nil, let seconds = wanted.ending {
                clip.end(fadingOut: seconds)
                ending = seconds
            }
            guard let bytes = clip.next() else {
                child.drain(ahead: frames, since: started)
                return true
            }
            guard child.write(bytes) else { return false }
            frames += bytes.count / SoundFormat.bytesPerFrame
            let ahead = Double(frames) / Double(SoundFormat.sampleRate) - (LiveClock.monotonic() - started)
            if ahead > SoundPlayer.lead { usleep(UInt32((ahead - SoundPlayer.lead) * 1_000_000)) }
        }
    }
}

/// One player process, its stdin a pipe from us.
private final class PlayerProcess {
    private let pid: pid_t
    private var fd: Int32
    private var exited = false
    /// Whether a write gave up because the player took nothing for ``stallSeconds``.
    private(set) var stalled = false
    /// A player that takes nothing from its pipe this long is stuck (a stream no server links).
    static let stallSeconds = 2.0

    init?(executable: String, arguments: [String]) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        // F_SETPIPE_SZ (1031), which Glibc does not export: room for all of our lead, so a player that takes
        // only what each period needs (pw-play) still has most of it in hand when we are late.
        _ = fcntl(fds[1], 1031, 65536)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // Its own process group: Ctrl-C reaches focus alone, which then fades the sound out.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var cargs = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for arg in cargs { free(arg) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &cargs, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            return nil
        }
        self.pid = pid
        fd = fds[1]
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !exited { end(after: 0) }
    }

    /// Writes all of `bytes`; `false` when the player has exited or has taken nothing for ``stallSeconds``.
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if hasExited() { return false }
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            guard n < 0, errno == EAGAIN || errno == EINTR else { return false }
            var ready = [pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)]
            if poll(&ready, 1, Int32(Self.stallSeconds * 1000)) == 0 {
                stalled = true
                return false
            }
        }
        return !hasExited()
    }

    /// Closes the pipe and waits for the player to play what it holds and exit.
    ///
    /// `ahead` frames were written since `since`: what is not yet heard of them, plus what a player
    /// buffers (ffplay a second or more), bounds the wait before it is ended.
    func drain(ahead frames: Int, since: Double) {
        close(fd)
        fd = -1
        let unheard = Double(frames) / Double(SoundFormat.sampleRate) - (LiveClock.monotonic() - since)
        end(after: max(0, unheard) + 3)
    }

    /// Waits `seconds` for the player to exit, then ends it: SIGTERM, and SIGKILL half a second later.
    private func end(after seconds: Double) {
        let deadline = LiveClock.monotonic() + seconds
        while !hasExited(), LiveClock.monotonic() < deadline { usleep(10_000) }
        guard !hasExited() else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 where !hasExited() { usleep(10_000) }
        guard !exited else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        exited = true
    }

    private func hasExited() -> Bool {
        guard !exited else { return true }
        var status: Int32 = 0
        exited = waitpid(pid, &status, WNOHANG) == pid
        return exited
    }
}
