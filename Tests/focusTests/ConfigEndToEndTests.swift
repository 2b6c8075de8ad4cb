import FocusCore
import Foundation
import Testing

/// `focus config` on the built binary, and each setting taking effect where it should.
@Suite(.serialized) struct ConfigEndToEndTests {
    @Test func setGetUnsetAndList() throws {
        let home = try TempHome()
        #expect(try FocusBinary.run(["config", "set", "cycles", "4"], home: home.path).stdout == "cycles = 4\n")
        #expect(try FocusBinary.run(["config", "set", "notify", "off"], home: home.path).stdout == "notify = false\n")
        #expect(
            try FocusBinary.run(["config", "set", "week-start", "Sun"], home: home.path).stdout
                == "week-start = sunday\n")
        #expect(try FocusBinary.run(["config", "unset", "week-start"], home: home.path).status == 0)
        #expect(try FocusBinary.run(["config", "get", "cycles"], home: home.path).stdout == "4\n")
        #expect(try FocusBinary.run(["config", "get", "sound"], home: home.path).stdout == "\n")
        #expect(
            String(decoding: home.contents("config.json") ?? Data(), as: UTF8.self)
                == "{\n  \"cycles\" : 4,\n  \"notify\" : false\n}\n")
        let list = try FocusBinary.run(["config"], home: home.path)
        #expect(list.status == 0)
        #expect(list.stdout.split(separator: "\n").count == FocusConfig.Key.allCases.count)
        #expect(
            list.stdout.contains("cycles              4\n")
                && list.stdout.contains("bell                true  (default)\n"))
        #expect(try FocusBinary.run(["config", "list"], home: home.path).stdout == list.stdout)
        #expect(try FocusBinary.run(["config", "unset", "cycles"], home: home.path).stdout == "cycles = 1 (default)\n")
        #expect(
            String(decoding: home.contents("config.json") ?? Data(), as: UTF8.self) == "{\n  \"notify\" : false\n}\n")
    }

    @Test(arguments: [
        (["config", "set", "cycles", "0"], "cycles must be a whole number from 1 to 99, not '0'"),
        (["config", "set", "color", "blue"], "color must be auto, always or never, not 'blue'"),
        (["config", "set", "day-start", "4am"], "day-start must be a time HH:MM such as 04:00, not '4am'"),
        (
            ["config", "set", "week-start", "someday"],
            "week-start must be a day of the week such as monday or sunday, not 'someday'"
        ),
        (["config", "set", "cylces", "4"], "unknown config key 'cylces'; did you mean 'cycles'?"),
        (["config", "get", "colour"], "unknown config key 'colour'"),
        (["config", "sett", "cycles", "4"], "unknown config action 'sett'; did you mean 'set'?"),
        (["config", "set", "cycles"], "'focus config set' needs KEY VALUE"),
        (["config", "get", "cycles", "4"], "unexpected argument '4'"),
    ])
    func badInputExits64NamingTheKeyAndTheAcceptedValues(_ args: [String], _ reason: String) throws {
        let home = try TempHome()
        let r = try FocusBinary.run(args, home: home.path)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: " + reason))
        #expect(r.stderr.contains("Usage: focus config"))
        #expect(home.contents("config.json") == nil)
    }

    @Test func aBrokenFileIsReportedAndNeverOverwritten() throws {
        let home = try TempHome()
        try "{ not json".write(toFile: home.path + "/config.json", atomically: false, encoding: .utf8)
        let r = try FocusBinary.run(["config", "set", "cycles", "2"], home: home.path)
        #expect(r.status == 65)
        #expect(r.stderr.contains(home.path + "/config.json is not valid JSON"))
        #expect(home.contents("config.json") == Data("{ not json".utf8))
    }

    @Test func aValueOfTheWrongTypeIsNamedByEveryCommandAndConfigRepairsIt() throws {
        let home = try TempHome()
        let file = #"{"default-minutes": "25m", "color": true}"#
        try file.write(toFile: home.path + "/config.json", atomically: false, encoding: .utf8)
        let named =
            "Error: \(home.path)/config.json: default-minutes must be whole minutes from 1 to 1440 (25, 25m, "
            + #"1h30m), not the text "25m"; repair it with `focus config set default-minutes 25`"# + "\n"
        for args in [["stats"], ["log"], ["start", "1"], ["expedition"], ["config", "get", "cycles"], ["config"]] {
            let r = try FocusBinary.run(args, home: home.path)
            #expect(r.status == 65 && r.stderr == named && r.stdout.isEmpty, "\(args): \(r.stderr)")
        }
        #expect(String(decoding: home.contents("config.json") ?? Data(), as: UTF8.self) == file)
        let set = try FocusBinary.run(["config", "set", "default-minutes", "25m"], home: home.path)
        #expect(set.status == 0 && set.stdout == "default-minutes = 25\n")
        #expect(
            set.stderr
                == "focus: \(home.path)/config.json: color must be auto, always or never, not true; "
                + "it is now the default (auto)\n")
        #expect(String(decoding: home.contents("config.json") ?? Data(), as: UTF8.self) == "{}\n")
        #expect(
            try FocusBinary.run(["config", "set", "default-minutes", "1h30m"], home: home.path).stdout
                == "default-minutes = 90\n")
        #expect(try FocusBinary.run(["stats"], home: home.path).status == 0)
    }

    @Test(arguments: [
        ("nosuchsound", "Error: unknown sound 'nosuchsound'; `focus sound list` lists them"),
        ("rain", "Error: 'rain' (Rain) is locked: the stamp of Amsterdam, Netherlands unlocks it"),
    ])
    func configSetSoundTakesOnlyASoundThatPlays(_ name: String, _ error: String) throws {
        let home = try TempHome()
        let r = try FocusBinary.run(["config", "set", "sound", name], home: home.path)
        #expect(r.status == 64 && r.stderr.hasPrefix(error + "\n"))
        #expect(home.contents("config.json") == nil)
        #expect(try FocusBinary.run(["config", "set", "sound", "brown"], home: home.path).stdout == "sound = brown\n")
    }

    @Test func startAndBreakTakeTheirLengthsAndCyclesFromTheConfig() throws {
        let home = try TempHome()
        for (key, value) in [("default-minutes", "7"), ("cycles", "3"), ("break-minutes", "2")] {
            #expect(try FocusBinary.run(["config", "set", key, value], home: home.path).status == 0)
        }
        for (args, expected) in [(["start"], "\"planned\":420"), (["break"], "\"planned\":120")] {
            let timer = try BackgroundFocus(args, home: home.path)
            #expect(try eventually { try FocusBinary.run(["status"], home: home.path).stdout != "idle\n" })
            let status = try FocusBinary.run(["status", "--json"], home: home.path).stdout
            #expect(status.contains(expected))
            if args == ["start"] { #expect(status.contains("\"cycles\":3")) }
            #expect(try FocusBinary.run(["stop"], home: home.path).status == 0)
            #expect(timer.finish().status == 0)
        }
    }

    @Test func statsUseTheDailyGoalAndTheDayStart() throws {
        let home = try TempHome()
        // 02:00 UTC on 29 November: today by default, still 28 November when days start at 04:00.
        try home.writeJournal([
            #"{"id":"a","start":"2026-11-29T02:00:00Z","end":"2026-11-29T02:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tz":"UTC"}"#
        ])
        func today() throws -> String {
            try FocusBinary.run(["stats", "--json"], home: home.path, now: "2026-11-29T18:00:00Z").stdout
        }
        #expect(try today().contains(#""today":{"date":"2026-11-29","focusedSeconds":1500,"goalSeconds":6000}"#))
        try FocusBinary.run(["config", "set", "daily-goal-minutes", "45"], home: home.path)
        try FocusBinary.run(["config", "set", "day-start", "04:00"], home: home.path)
        #expect(try today().contains(#""today":{"date":"2026-11-29","focusedSeconds":0,"goalSeconds":2700}"#))
    }

    @Test(arguments: [("always", true), ("never", false), ("auto", false)])
    func colorDecidesEscapeCodesEvenWhenPiped(_ mode: String, _ colored: Bool) throws {
        let home = try TempHome()
        try FocusBinary.run(["config", "set", "color", mode], home: home.path)
        let r = try FocusBinary.run(["stats"], home: home.path, now: "2026-11-29T18:00:00Z")
        #expect(r.stdout.contains("\u{1B}[") == colored)
    }

    @Test(arguments: [("true", true), ("false", false)])
    func notifyDecidesWhetherADesktopNotificationIsSent(_ setting: String, _ sent: Bool) throws {
        let home = try TempHome()
        let bin = home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"$@\" > \"\(home.path)/notified\"\n".write(
            toFile: bin + "/notify-send", atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/notify-send")
        try FocusBinary.run(["config", "set", "notify", setting], home: home.path)
        let r = try FocusBinary.run(["start", "1s"], home: home.path, env: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(r.status == 0)
        #expect(
            try eventually(timeout: sent ? 2 : 0.3) { FileManager.default.fileExists(atPath: home.path + "/notified") }
                == sent)
    }
}
