import Foundation
import SoundAnalysis
import Testing

/// `focus sound` and `focus start --sound` through each real player into a real audio server (a private one, with
/// a null sink), recorded from the sink's monitor and judged as a listener would: the level and spectrum of the
/// `--out` WAV, its speed, no dropouts, silence while paused, fades in and out, no player left behind.
///
/// `make test` (and `.ci/run`) install the servers and players first; a missing one fails here with its name.
@Suite struct SoundServerTests {
    /// The players that play through PulseAudio (aplay and sox through ALSA's pulse plugin, ffplay through SDL).
    static let pulsePlayers = ["paplay", "aplay", "play", "ffplay"]

    /// Why PipeWire cannot run headless on this machine, if it cannot (it needs nothing but its packages on
    /// Debian 12); `nil` when it runs, or when it is not installed (then the test fails, naming what is missing).
    static let pipeWireProblem: String? = {
        guard AudioServer.Kind.pipeWire.tools.allSatisfy({ AudioServer.path(of: $0) != nil }) else { return nil }
        do {
            _ = try AudioServer(.pipeWire)
            return nil
        } catch {
            return "PipeWire does not run headless here (\(error)), so pw-play is tested with fake players only"
        }
    }()

    @Test(arguments: pulsePlayers)
    func soundPlaysForItsDurationThroughPulseAudio(player: String) throws {
        try playsPink(through: player, on: .pulseAudio)
    }

    @Test(arguments: pulsePlayers)
    func aSessionWithAPausePlaysThroughPulseAudio(player: String) throws {
        try playsASession(through: player, on: .pulseAudio)
    }

    @Test(
        .enabled(if: SoundServerTests.pipeWireProblem == nil, Comment(rawValue: SoundServerTests.pipeWireProblem ?? ""))
    )
    func soundPlaysForItsDurationThroughPipeWire() throws {
        try playsPink(through: "pw-play", on: .pipeWire)
    }

    @Test(
        .enabled(if: SoundServerTests.pipeWireProblem == nil, Comment(rawValue: SoundServerTests.pipeWireProblem ?? ""))
    )
    func aSessionWithAPausePlaysThroughPipeWire() throws {
        try playsASession(through: "pw-play", on: .pipeWire)
    }

    // MARK: The two runs

    /// `focus sound pink --duration 5s`: what the sink played against the `--out` WAV of the same sound.
    private func playsPink(through player: String, on kind: AudioServer.Kind) throws {
        let (server, home, bin) = try setUp(player, kind)
        let reference = try Self.wav(["sound", "pink", "--duration", "5s"], home)
        let recorder = try server.record()
        let environment = ["FOCUS_HOME": home.path, "HOME": home.path, "TZ": "UTC", "LC_ALL": "C.UTF-8", "PATH": bin]
        let result = try Spawned(
            executable: AudioServer.raised.first ?? FocusBinary.path,
            arguments: AudioServer.raised.dropFirst() + (AudioServer.raised.isEmpty ? [] : [FocusBinary.path])
                + ["sound", "pink", "--duration", "5s"],
            environment: environment.merging(server.environment) { $1 }
        ).wait()
        usleep(500_000)
        let heard = try recorder.stop()
        #expect(result.status == 0, "\(player): exit \(result.status), \(result.stderr)")
        #expect(result.stderr.isEmpty, "\(player): \(result.stderr)")
        #expect(processes(inHome: home.path).isEmpty, "\(player) left behind: \(processes(inHome: home.path))")

        let span = try #require(heard.audible(), "\(player): the sink played digital silence")
        let whole = try #require(reference.audible())
        let seconds = heard.seconds(span.count)
        #expect(abs(seconds - reference.seconds(whole.count)) <= 0.03 * 5, "\(player) played \(seconds) s of 5 s")
        let middle = span.lowerBound + heard.frames(1.5)..<span.upperBound - heard.frames(1.5)
        let expected = whole.lowerBound + reference.frames(1.5)..<whole.upperBound - reference.frames(1.5)
        expectSameSound(heard, middle, reference, expected, player)
        #expect(heard.silences(atLeast: 0.005, in: span).isEmpty, "\(player) dropped out: \(gaps(heard, span))")
        expectFades(heard, span, steady: heard.level(middle), player)
    }

    /// `focus start 20s --sound rain` in a terminal, paused for four seconds after the first seven.
    private func playsASession(through player: String, on kind: AudioServer.Kind) throws {
        let (server, home, bin) = try setUp(player, kind)
        let reference = try Self.wav(["sound", "rain", "--duration", "20s"], home)
        let variables = ["FOCUS_HOME": home.path, "HOME": home.path, "TZ": "UTC", "LC_ALL": "C.UTF-8", "PATH": bin]
            .merging(server.environment) { $1 }.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
        let recorder = try server.record()
        let raised = AudioServer.raised.joined(separator: " ")
        let tmux = try Tmux(
            command: "\(raised) env \(variables) '\(FocusBinary.path)' start 20s --sound rain"
                + "; echo exit=$?; exec sleep 120")
        func shows(_ text: String) throws -> Bool { try tmux.screen().joined(separator: "\n").contains(text) }
        #expect(try eventually { try shows("space pause") })
        usleep(7_000_000)
        try tmux.send("p")
        #expect(try eventually { try shows("paused") })
        usleep(4_000_000)
        try tmux.send("p")
        #expect(try eventually(timeout: 40) { try shows("exit=") })
        usleep(500_000)
        let heard = try recorder.stop()
        let screen = try tmux.screen().joined(separator: "\n")
        #expect(screen.contains("exit=0") && screen.contains("Done: 20s focused."), "\(player): \(screen)")
        #expect(processes(inHome: home.path).isEmpty, "\(player) left behind: \(processes(inHome: home.path))")

        let span = try #require(heard.audible(), "\(player): the sink played digital silence")
        let pauses = heard.silences(atLeast: 0.005, in: span)
        try #require(pauses.count == 1, "\(player): silences \(gaps(heard, span)), not one pause")
        let pause = heard.seconds(pauses[0].count)
        #expect(pause > 2.5 && pause < 4.5, "\(player): silent \(pause) s for a pause of 4 s")
        let playing = heard.seconds(span.count) - pause
        // 20 s of focus and the 0.3 s fade-out after the pause key: 20.3 s within 0.03 s on a quiet machine. The
        // speed is judged by the clip (3 %); here keys go through tmux to a timer on a busy machine, so 5 %.
        #expect(abs(playing - 20.3) <= 0.05 * 20, "\(player) played \(playing) s of a 20 s session")
        // Seconds 2.5 to 6.5 of both are the same samples of rain at full level (after a fade-in of 2 s, or 1).
        let whole = try #require(reference.audible())
        let steady = span.lowerBound + heard.frames(2.5)..<span.lowerBound + heard.frames(6.5)
        let expected = whole.lowerBound + reference.frames(2.5)..<whole.lowerBound + reference.frames(6.5)
        expectSameSound(heard, steady, reference, expected, player)
        expectFades(heard, span, steady: heard.level(steady), player)
    }

    // MARK: Helpers

    /// A private server, a home where rain is unlocked, and a folder holding `player` alone (the machine's other
    /// players must not take over).
    private func setUp(_ player: String, _ kind: AudioServer.Kind) throws -> (AudioServer, TempHome, String) {
        let missing = (kind.tools + [player, "tmux"]).filter { AudioServer.path(of: $0) == nil }
        try #require(missing.isEmpty, "not installed: \(missing.joined(separator: ", ")) (.ci/run installs them)")
        let server = try AudioServer(kind)
        let home = try TempHome()
        // A route of one city, Amsterdam, stamped by one session: rain is unlocked.
        let mission = #"{"id":"m","title":"One","kind":"sessionCount","targetValue":1,"rewardMiles":5}"#
        let city =
            #"{"id":"amsterdam","title":"Amsterdam","country":"Netherlands","story":"Canals.","#
            + #""soundscape":"Rain on the canals","missions":[\#(mission)]}"#
        try #"{"deepFocusMinutes":50,"chapters":[\#(city)]}"#
            .write(toFile: home.path + "/expeditions.json", atomically: false, encoding: .utf8)
        try home.writeJournal([
            #"{"id":"a1","start":"2026-11-02T09:00:00Z","end":"2026-11-02T09:25:00Z","planned":1500,"#
                + #""focused":1500,"completed":true,"tz":"UTC"}"#
        ])
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/" + player, withDestinationPath: try #require(AudioServer.path(of: player)))
        return (server, home, bin)
    }

    /// What `focus ARGS --out` writes.
    private static func wav(_ args: [String], _ home: TempHome) throws -> Recording {
        let file = home.path + "/reference.wav"
        let result = try FocusBinary.run(args + ["--out", file], home: home.path)
        try #require(result.status == 0, "\(args): \(result.stderr)")
        return try #require(Recording(wav: [UInt8](FileManager.default.contents(atPath: file) ?? Data())))
    }

    /// The level within 1 dB and the spectral slope within 0.5 dB per octave of the same stretch of the WAV.
    private func expectSameSound(
        _ heard: Recording, _ range: Range<Int>, _ reference: Recording, _ expected: Range<Int>, _ player: String
    ) {
        let level = heard.level(range) - reference.level(expected)
        #expect(abs(level) <= 1, "\(player): \(level) dB from the WAV's level")
        let slope = heard.slope(range) - reference.slope(expected)
        #expect(abs(slope) <= 0.5, "\(player): spectral slope \(slope) dB per octave from the WAV's")
    }

    /// The first and last 100 ms of the sound at least 10 dB under its steady level: it fades in and out.
    private func expectFades(_ heard: Recording, _ span: Range<Int>, steady: Double, _ player: String) {
        let start = heard.level(span.lowerBound..<span.lowerBound + heard.frames(0.1))
        let end = heard.level(span.upperBound - heard.frames(0.1)..<span.upperBound)
        #expect(start < steady - 10, "\(player): starts at \(start) dB against \(steady) dB: no fade-in")
        #expect(end < steady - 10, "\(player): ends at \(end) dB against \(steady) dB: no fade-out")
    }

    /// The silences inside `span`, as seconds from its start and lengths, for a failure message.
    private func gaps(_ heard: Recording, _ span: Range<Int>) -> [String] {
        heard.silences(atLeast: 0.005, in: span).map {
            String(format: "%.3f s at %.3f s", heard.seconds($0.count), heard.seconds($0.lowerBound - span.lowerBound))
        }
    }
}
