import Foundation
import SoundAnalysis
import Testing

@Suite struct SoundEndToEndTests {
    @Test func outWritesAWAVThatPythonAndSoxRead() throws {
        let home = try TempHome()
        let file = home.path + "/brown.wav"
        let result = try FocusBinary.run(["sound", "brown", "--duration", "2s", "--out", file], home: home.path)
        #expect(result.status == 0)
        let python = try FocusBinary.runTool(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import wave,sys; w=wave.open(sys.argv[1]); "
                    + "print(w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes())",
                file,
            ])
        #expect(python == "2 2 44100 88200\n")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sox") {
            let info = try FocusBinary.runTool("/usr/bin/sox", ["--i", file])
            #expect(info.contains("44100") && info.contains("16-bit"))
        }
    }

    @Test func listShowsLockedSoundsWithTheCityThatUnlocksThem() throws {
        let home = try TempHome()
        let result = try FocusBinary.run(["sound", "--list"], home: home.path)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Sounds: 3 of 17 unlocked"))
        #expect(result.stdout.contains("  pink       Pink noise\n"))
        #expect(result.stdout.contains("Rain on the canals         locked: stamp Amsterdam, Netherlands"))
    }

    @Test(arguments: [
        (["sound", "pnik"], "Error: unknown sound 'pnik'; did you mean 'pink'?"),
        (
            ["sound", "lisbon"],
            "Error: 'lisbon' (Tram 28 on the hill) is locked: the stamp of Lisbon, Portugal unlocks it"
        ),
        (["sound", "pink", "--volume", "101"], "Error: --volume must be a whole number from 0 to 100, not '101'"),
        (["sound", "pink", "--duration", "0"], "Error: "),
        (["sound", "pink", "--out", "x.wav", "--duration", "7h"], "Error: --duration is too long for a WAV file"),
        (["sound", "pink", "--out", "x.mp3"], "Error: --out writes WAV files only: 'x.mp3' does not end in .wav"),
        (
            ["start", "1", "--sound", "rain"],
            "Error: 'rain' (Rain) is locked: the stamp of Amsterdam, Netherlands unlocks it"
        ),
    ])
    func badInputExits64WithOneErrorLine(args: [String], error: String) throws {
        let home = try TempHome()
        let result = try FocusBinary.run(args, home: home.path)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(error))
        #expect(result.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }.count == 1)
    }

    /// A folder holding fake players: each `name` runs `script` (default: record its arguments in `args-NAME` and
    /// what it is sent in `pcm-NAME`). Real players installed on the machine must not win, so it is all of PATH.
    static func fakePlayers(_ scripts: [String: String], in home: TempHome) throws -> String {
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for (name, script) in scripts {
            let body =
                script.isEmpty
                ? "echo \"$@\" > \"$FOCUS_HOME/args-\(name)\"\nexec /bin/cat > \"$FOCUS_HOME/pcm-\(name)\"" : script
            try "#!/bin/sh\n\(body)\n".write(toFile: bin + "/" + name, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
        }
        return bin
    }

    /// What the fake player `name` was sent, as sound.
    static func received(_ name: String, _ home: TempHome) -> Recording {
        Recording(pcm: [UInt8](home.contents("pcm-\(name)") ?? Data()))
    }

    /// A fake `aplay` alone on PATH is sent sound (not digital silence: the fade-in reaches it) for the session.
    @Test func aSessionWithSoundStreamsSoundToThePlayerAndStopsWithIt() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(["aplay": ""], in: home)
        let result = try FocusBinary.run(["start", "2s", "--sound", "pink"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            String(decoding: home.contents("args-aplay") ?? Data(), as: UTF8.self).contains(
                "-t raw -f S16_LE -r 44100 -c 2"))
        let sound = Self.received("aplay", home)
        let span = try #require(sound.audible(), "aplay was sent digital silence")
        #expect(sound.level(span) > -40)
        #expect(processes(inHome: home.path).isEmpty)
    }

    /// pw-play 0.3.70 and later take `--raw`; 0.3.65 rejects it, exits, and is run again without it. Both are told
    /// the rate, channels and format (0.3.65 ignores a WAV header on stdin and would play at 48 kHz).
    @Test func pwPlayIsToldTheFormatAndRetriedWithoutRaw() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(
            [
                "pw-play":
                    #"[ "$1" = --raw ] && exit 1; echo "$@" > "$FOCUS_HOME/args-pw-play""#
                    + #"; exec /bin/cat > "$FOCUS_HOME/pcm-pw-play""#
            ],
            in: home)
        let result = try FocusBinary.run(["sound", "pink", "--duration", "1s"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(
            String(decoding: home.contents("args-pw-play") ?? Data(), as: UTF8.self)
                == "--rate=44100 --channels=2 --format=s16 --latency=100ms -\n")
        let sound = Self.received("pw-play", home)
        #expect(sound.frames == 44_100, "raw PCM, exactly one second: \(sound.frames) frames")
        #expect(sound.level(0..<sound.frames) > -40)
    }

    /// A player that exits at once (pw-play without a PipeWire server) or never reads (a stream nobody links)
    /// hands over to the next on PATH, which gets the sound whole: its fade-in, exactly its length, its fade-out.
    @Test(arguments: ["exit 1", "exec /bin/sleep 30"])
    func aPlayerThatCannotPlayHandsOverToTheNext(failing: String) throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(["pw-play": failing, "paplay": ""], in: home)
        let result = try FocusBinary.run(["sound", "pink", "--duration", "2s"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let sound = Self.received("paplay", home)
        #expect(sound.frames == 88_200, "exactly two seconds: \(sound.frames) frames")
        let steady = sound.level(sound.frames(0.7)..<sound.frames(1.3))
        #expect(steady > -40)
        #expect(sound.level(0..<sound.frames(0.05)) < steady - 10, "it starts with the fade-in")
        #expect(sound.level(sound.frames - sound.frames(0.05)..<sound.frames) < steady - 10, "it fades out")
        #expect(processes(inHome: home.path).isEmpty, "left behind: \(processes(inHome: home.path))")
    }

    @Test func withNoPlayerThatWorksSoundExitsWithOneLine() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(["pw-play": "exit 1", "paplay": "exit 1", "aplay": "exit 1"], in: home)
        let result = try FocusBinary.run(["sound", "pink"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 69)
        #expect(
            result.stderr == "Error: no sound: pw-play, paplay, aplay could not play it (is an audio server running?)\n"
        )
        #expect(processes(inHome: home.path).isEmpty)
    }

    @Test func withNoPlayerOnPathSoundExitsAtOnce() throws {
        let home = try TempHome()
        let result = try FocusBinary.run(["sound", "pink"], home: home.path, env: ["PATH": home.path])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "Error: no sound: none of pw-play, paplay, aplay, play, ffplay is on PATH\n")
    }

    @Test func withoutAPlayerOneWarningAndTheTimerCarriesOn() throws {
        let home = try TempHome()
        let result = try FocusBinary.run(
            ["start", "1s", "--sound", "white"], home: home.path, env: ["PATH": home.path])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "focus: no sound: none of pw-play, paplay, aplay, play, ffplay is on PATH; carrying on in silence.\n"
        )
        #expect(result.stdout.contains("Done: 1s focused."))
    }

    /// Players that all give up while the session runs: one warning, and the session is recorded as usual.
    @Test func whenEveryPlayerGivesUpTheSessionWarnsOnceAndCarriesOn() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(["paplay": "exit 1", "aplay": "exit 1"], in: home)
        let result = try FocusBinary.run(["start", "3s", "--sound", "pink"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "focus: no sound: paplay, aplay could not play it (is an audio server running?); "
                + "carrying on in silence.\n"
        )
        #expect(result.stdout.contains("Done: 3s focused."))
    }

    /// The example in `focus sound --help` works on day one: its sound is not locked.
    @Test func theHelpExampleWorksForANewUser() throws {
        let home = try TempHome()
        let help = try FocusBinary.run(["sound", "--help"], home: home.path).stdout
        let example = try #require(help.firstMatch(of: /`focus start 25 --sound (\w+)`/)?.output.1)
        let bin = try Self.fakePlayers(["paplay": ""], in: home)
        let result = try FocusBinary.run(
            ["start", "1s", "--sound", String(example)], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(example): \(result.stderr)")
        #expect(result.stdout.contains("Done: 1s focused."))
    }

    /// On a terminal the warning is printed above the countdown, which is drawn again under it, not over it.
    @Test func theWarningStandsAboveTheCountdown() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(["paplay": "exit 1"], in: home)
        let tmux = try Tmux(
            command: "env FOCUS_HOME='\(home.path)' PATH='\(bin)' TZ=UTC '\(FocusBinary.path)' start 1m --sound pink"
                + "; exec sleep 60", width: 120, height: 12)
        let warning = "focus: no sound: paplay could not play it (is an audio server running?); carrying on in silence."
        #expect(
            try eventually {
                let screen = try tmux.screen()
                guard let line = screen.firstIndex(where: { $0.hasPrefix(warning) }) else { return false }
                return screen[(line + 1)...].contains { $0.contains("░") }
            })
        try tmux.send("q")
    }

    /// Ctrl-C ends `focus sound` with 130, as it ends the timer, after a short fade-out the player is given to play.
    @Test func ctrlCFadesOutAndExits130() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayers(["paplay": ""], in: home)
        let focus = try BackgroundFocus(["sound", "pink"], home: home.path, env: ["PATH": bin])
        #expect(eventually { (home.contents("pcm-paplay")?.count ?? 0) > 2 * 176_400 })
        kill(focus.pid, SIGINT)
        let result = focus.finish()
        #expect(result.status == 130)
        #expect(result.stdout == "Playing Pink noise · Ctrl-C to stop\n")
        #expect(result.stderr.isEmpty)
        let sound = Self.received("paplay", home)
        let steady = sound.level(sound.frames(1.2)..<sound.frames(1.8))
        #expect(sound.level(sound.frames - sound.frames(0.03)..<sound.frames) < steady - 15, "it fades out")
        #expect(processes(inHome: home.path).isEmpty)
    }
}
