import FocusCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Plays a ``SoundStream`` by piping raw PCM to the first audio player on `PATH`.
///
/// A background thread renders blocks and writes them to the player's
/// stdin, paced to real time by the pipe and by its own clock, so the
/// caller's loop never waits on audio. The caller only moves the fade level.
/// SIGPIPE is ignored: a player that dies (no audio device) shows up as
/// `EPIPE`, and one warning says the sound is off; nothing else changes.
final class SoundPlayer: Sendable {
    /// A player and its arguments for 44.1 kHz 16-bit little-endian stereo on stdin.
    struct Program: Sendable {
        let name: String
        let arguments: [String]
        /// Bytes sent before the PCM: a WAV header for a player that cannot be told the raw format.
        var prefix: [UInt8] = []
    }

    /// Tried in this order.
    static let programs: [Program] = [
        // pw-play reads stdin through libsndfile and has no `--raw` before PipeWire 0.3.70
        // (Debian 12 ships 0.3.65), so it gets a streaming WAV header, which every version reads.
        Program(
            name: "pw-play", arguments: ["--latency=100ms", "-"], prefix: WAVFormat.header(frames: WAVFormat.maxFrames)),
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

    private struct Control {
        var level: Float = 1
        var seconds = 0.0
        var changes = 0
        var stopping = false
    }

    private let control = Mutex(Control())
    private let program: String
    private let fd: Int32
    private let pid: pid_t
    private let thread = Mutex<pthread_t>(0)
    private let stream: Mutex<SoundStream>
    private static let blockFrames = 2048

    /// The executable of the first player found on `path`, and how to call it.
    static func find(path: String?) -> (executable: String, program: Program)? {
        let folders = (path ?? "").split(separator: ":").map(String.init)
        for program in programs {
            if let folder = folders.first(where: { access($0 + "/" + program.name, X_OK) == 0 }) {
                return (folder + "/" + program.name, program)
            }
        }
        return nil
    }

    /// Starts `stream` fading in over `fadeIn` seconds; `nil`, after one warning on stderr, when no player can be started.
    static func start(_ stream: sending SoundStream, fadeIn: Double, path: String?) -> SoundPlayer? {
        signal(SIGPIPE, SIG_IGN)
        guard let (executable, program) = find(path: path) else {
            Output.error.line(
                "focus: no sound: none of \(programs.map(\.name).joined(separator: ", ")) is on PATH; carrying on in "
                    + "silence."
            )
            return nil
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], 1031 /* F_SETPIPE_SZ */, 16384)
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
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var cargs = ([executable] + program.arguments).map { strdup($0) } + [nil]
        defer { cargs.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, &cargs, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            Output.error.line("focus: no sound: cannot start \(program.name); carrying on in silence.")
            return nil
        }
        let player = SoundPlayer(stream: stream, program: program.name, fd: fds[1], pid: pid)
        _ = player.write(program.prefix)
        player.fade(to: 1, seconds: fadeIn)
        var thread = pthread_t()
        pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<SoundPlayer>.fromOpaque(raw!).takeRetainedValue().feed()
                return nil
            }, Unmanaged.passRetained(player).toOpaque())
        player.thread.withLock { $0 = thread }
        return player
    }

    private init(stream: sending SoundStream, program: String, fd: Int32, pid: pid_t) {
        self.stream = Mutex(stream)
        self.program = program
        self.fd = fd
        self.pid = pid
    }

    /// Moves the level to `level` (0 silent, 1 full) over `seconds`.
    func fade(to level: Float, seconds: Double) {
        control.withLock {
            guard $0.level != level || $0.stopping else { return }
            $0.level = level
            $0.seconds = seconds
            $0.changes += 1
        }
    }

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

    /// Fades out over `fadeSeconds`, ends the stream, and waits (a second at most) for the player to finish.
    func stop(fadeSeconds: Double) {
        control.withLock {
            $0.level = 0
            $0.seconds = fadeSeconds
            $0.changes += 1
            $0.stopping = true
        }
        pthread_join(thread.withLock { $0 }, nil)
        for _ in 0..<100 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(10_000)
        }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// The thread's loop: render, write, keep at most a third of a second ahead of the clock.
    private func feed() {
        defer { close(fd) }
        let started = LiveClock.monotonic()
        var frames = 0
        var seen = 0
        while true {
            let wanted = control.withLock { $0 }
            let bytes: [UInt8]? = stream.withLock { stream in
                if wanted.changes != seen { stream.fade(to: wanted.level, seconds: wanted.seconds) }
                if wanted.stopping, stream.isSilent { return nil }
                return stream.renderBytes(frames: Self.blockFrames)
            }
            seen = wanted.changes
            guard let bytes else { return }
            guard write(bytes) else {
                Output.error.line("focus: no sound: \(program) stopped (no audio device?); carrying on in silence.")
                return
            }
            frames += Self.blockFrames
            let ahead = Double(frames) / Double(SoundFormat.sampleRate) - (LiveClock.monotonic() - started)
            if ahead > 0.3 { usleep(UInt32((ahead - 0.2) * 1_000_000)) }
        }
    }

    /// Writes all of `bytes`; `false` when the player is gone (`EPIPE`) or the pipe failed.
    private func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
