import Foundation
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
                "import wave,sys; w=wave.open(sys.argv[1]); print(w.getnchannels(), w.getsampwidth(), w.getframerate(),"
                    + " w.getnframes())",
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

    /// A folder holding only a fake player `name` that records its arguments in `args` and what it is sent in `pcm`.
    static func fakePlayer(_ name: String, in home: TempHome) throws -> String {
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"$@\" > \"$FOCUS_HOME/args\"\nexec /bin/cat > \"$FOCUS_HOME/pcm\"\n".write(
            toFile: bin + "/" + name, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/" + name)
        return bin
    }

    /// A fake `aplay`, alone on PATH (real players installed on the machine must not win), records its arguments and
    /// the PCM it receives.
    @Test func aSessionWithSoundStreamsPCMToThePlayerAndStopsWithIt() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayer("aplay", in: home)
        let result = try FocusBinary.run(["start", "2s", "--sound", "pink"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(
            String(decoding: home.contents("args") ?? Data(), as: UTF8.self).contains("-t raw -f S16_LE -r 44100 -c 2"))
        let bytes = home.contents("pcm")?.count ?? 0
        #expect(bytes % 4 == 0 && bytes > 176_400 && bytes < 176_400 * 3)
    }

    /// pw-play before PipeWire 0.3.70 has no `--raw`: it is sent a streaming WAV header first.
    @Test func pwPlayGetsAWavStream() throws {
        let home = try TempHome()
        let bin = try Self.fakePlayer("pw-play", in: home)
        let result = try FocusBinary.run(["start", "1s", "--sound", "pink"], home: home.path, env: ["PATH": bin])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(String(decoding: home.contents("args") ?? Data(), as: UTF8.self) == "--latency=100ms -\n")
        let pcm = home.contents("pcm") ?? Data()
        #expect(
            pcm.count > 44 && String(decoding: pcm.prefix(4), as: UTF8.self) == "RIFF"
                && String(decoding: pcm[8..<12], as: UTF8.self) == "WAVE")
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
}
