import Foundation
import SoundAnalysis

/// A private audio server with one null sink, started for one test and stopped with it, and a recorder of what
/// the sink plays (its monitor), as a listener would hear it.
///
/// Everything lives in a temporary folder that is the server's `XDG_RUNTIME_DIR` and `HOME`, talks over Unix
/// sockets there only, and never touches the machine's own audio. PulseAudio runs as a user daemon: as root it
/// warns that it is not meant to and runs anyway (`--system` would need a system bus and the `pulse-access`
/// group). PipeWire needs a session manager to link a player to the sink: WirePlumber, which needs a D-Bus
/// session bus, so a private `dbus-daemon` runs too.
final class AudioServer {
    enum Kind: String, Sendable {
        case pulseAudio = "PulseAudio"
        case pipeWire = "PipeWire"

        /// The programs a server of this kind and its recorder need.
        var tools: [String] {
            switch self {
            case .pulseAudio: ["pulseaudio", "pactl", "pacat", "parec"]
            case .pipeWire: ["pipewire", "wireplumber", "dbus-daemon", "pw-cli", "wpctl", "pw-record"]
            }
        }
    }

    let kind: Kind
    let folder: String
    private var daemons: [Spawned] = []

    /// What a player needs in its environment to reach this server and nothing else.
    var environment: [String: String] {
        switch kind {
        case .pulseAudio: ["XDG_RUNTIME_DIR": folder, "PULSE_SERVER": "unix:\(folder)/native"]
        case .pipeWire: ["XDG_RUNTIME_DIR": folder]
        }
    }

    /// A command's prefix that runs it at the priority a desktop gives its audio (`nice -n -10`), when this
    /// process may (as root in CI); empty otherwise. A test machine runs many tests at once on few cores, and
    /// the players and recorders must not miss their periods because a compiler or a torture test is busy.
    static let raised: [String] = getuid() == 0 ? ["/usr/bin/nice", "-n", "-10"] : []

    /// The full path of `tool`, or `nil` when it is not installed.
    static func path(of tool: String) -> String? {
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + tool }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts a server with a null sink called `focus`, waiting (ten seconds at most) until players can use it.
    init(_ kind: Kind) throws {
        self.kind = kind
        folder = NSTemporaryDirectory() + "focus-audio-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        switch kind {
        case .pulseAudio: try startPulseAudio()
        case .pipeWire: try startPipeWire()
        }
    }

    deinit {
        for daemon in daemons.reversed() where daemon.isRunning { kill(daemon.pid, SIGTERM) }
        for daemon in daemons.reversed() {
            _ = eventually(timeout: 3) { !daemon.isRunning }
        }
        daemons.removeAll()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var daemonEnvironment: [String: String] {
        environment.merging(
            ["HOME": folder, "PATH": "/usr/bin:/bin", "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder)/bus"]
        ) { $1 }
    }

    private func spawn(_ tool: String, _ arguments: [String]) throws -> Spawned {
        guard let path = Self.path(of: tool) else { throw Failure("\(tool) is not installed") }
        let child = try Spawned(executable: path, arguments: arguments, environment: daemonEnvironment)
        daemons.append(child)
        return child
    }

    /// Ends `daemon` if it still runs; the end of what it said on stderr, to explain why it is not of use.
    private func stop(_ daemon: Spawned) -> String {
        if daemon.isRunning { kill(daemon.pid, SIGTERM) }
        return String(daemon.wait().stderr.suffix(300))
    }

    /// Runs `tool` to its end; its output.
    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) throws -> RunResult {
        guard let path = Self.path(of: tool) else { throw Failure("\(tool) is not installed") }
        return try Spawned(executable: path, arguments: arguments, environment: daemonEnvironment).wait()
    }

    private func startPulseAudio() throws {
        let daemon = try spawn(
            "pulseaudio",
            [
                "-n", "--daemonize=no", "--exit-idle-time=-1", "--use-pid-file=no", "--disable-shm=yes",
                "--log-target=stderr", "--log-level=error",
                "-L", "module-native-protocol-unix socket=\(folder)/native auth-anonymous=1",
                "-L", "module-null-sink sink_name=focus rate=44100 channels=2",
            ])
        let ready = try eventually(timeout: 10) {
            guard daemon.isRunning else { return true }
            return try run("pactl", ["list", "short", "sinks"]).stdout.contains("focus")
        }
        guard ready, daemon.isRunning else { throw Failure("PulseAudio did not start: \(stop(daemon))") }
        // A null sink with nothing playing stops its clock and catches up in a burst when a stream starts, so
        // the first moments of a recording or of a player are lost; a sound card's clock never stops. A silent
        // stream keeps this one running like a card.
        _ = try spawn(
            "pacat", ["--raw", "--rate=44100", "--channels=2", "--format=s16le", "--latency-msec=100", "/dev/zero"])
    }

    private func startPipeWire() throws {
        _ = try spawn("dbus-daemon", ["--session", "--nofork", "--nopidfile", "--address=unix:path=\(folder)/bus"])
        guard eventually(timeout: 10, { FileManager.default.fileExists(atPath: folder + "/bus") }) else {
            throw Failure("dbus-daemon did not start")
        }
        let pipewire = try spawn("pipewire", [])
        guard eventually(timeout: 10, { FileManager.default.fileExists(atPath: folder + "/pipewire-0") }) else {
            throw Failure("PipeWire did not start: \(stop(pipewire))")
        }
        let manager = try spawn("wireplumber", [])
        try run(
            "pw-cli",
            [
                "create-node", "adapter",
                "{ factory.name=support.null-audio-sink node.name=focus media.class=Audio/Sink"
                    + " object.linger=true audio.position=[FL FR] }",
            ])
        let ready = try eventually(timeout: 15) {
            guard manager.isRunning else { return true }
            return try run("wpctl", ["inspect", "@DEFAULT_AUDIO_SINK@"]).stdout.contains("node.name = \"focus\"")
        }
        guard ready, manager.isRunning else {
            throw Failure("WirePlumber did not make the null sink the default: \(stop(manager))")
        }
    }

    /// Starts recording what the sink plays.
    ///
    /// The recorder asks for a latency of 100 ms, as a player does: a graph runs at the smallest period any of
    /// its streams asks for, and a recorder asking for less would hold every player to deadlines no desktop
    /// gives it.
    func record() throws -> Recorder {
        let file = folder + "/recording-\(UUID().uuidString.prefix(8))"
        let recorder: Spawned
        switch kind {
        case .pulseAudio:
            recorder = try Spawned(
                executable: "/bin/sh",
                arguments: [
                    "-c",
                    "exec \(Self.raised.joined(separator: " ")) parec --latency-msec=100 -d focus.monitor --raw"
                        + " --format=s16le --rate=44100 --channels=2 > '\(file)'",
                ], environment: daemonEnvironment)
        case .pipeWire:
            recorder = try Spawned(
                executable: Self.raised.first ?? Self.path(of: "pw-record") ?? "pw-record",
                arguments: Self.raised.dropFirst() + (Self.raised.isEmpty ? [] : ["pw-record"]) + [
                    "--latency=100ms", "--target", "focus", "-P", "{ stream.capture.sink=true }", "--rate", "44100",
                    "--channels", "2", "--format", "s16", file,
                ], environment: daemonEnvironment)
        }
        // Wait until it is taking sound: the file grows.
        _ = eventually(timeout: 5) { (FileManager.default.contents(atPath: file)?.count ?? 0) > 8_192 }
        return Recorder(child: recorder, file: file, wav: kind == .pipeWire)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// A recorder of a sink's monitor; ``stop()`` ends it and returns what it heard.
final class Recorder {
    private let child: Spawned
    private let file: String
    private let wav: Bool

    init(child: Spawned, file: String, wav: Bool) {
        self.child = child
        self.file = file
        self.wav = wav
    }

    func stop() throws -> Recording {
        kill(child.pid, SIGINT)
        _ = child.wait()
        let bytes = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        guard let recording = wav ? Recording(wav: bytes) : Recording(pcm: bytes) else {
            throw AudioServer.Failure("the recording \(file) holds no sound")
        }
        return recording
    }
}

/// The processes still running whose environment holds `FOCUS_HOME=home`: focus and anything it started.
func processes(inHome home: String) -> [String] {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap(Int32.init) ?? []
    return pids.compactMap { pid in
        guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
            environ.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == "FOCUS_HOME=\(home)" })
        else { return nil }
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
        return "\(pid) \(name.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
}
