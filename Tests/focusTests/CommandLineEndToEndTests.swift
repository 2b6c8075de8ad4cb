import Foundation
import Testing

/// What the declared command line changes for a user (issues 11 and 17), on the built binary.
@Suite struct CommandLineEndToEndTests {
    static let now = "2026-11-29T18:00:00Z"

    static func home() throws -> TempHome {
        let home = try TempHome()
        try home.writeJournal([
            #"{"id":"a1","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"writing"}"#,
            #"{"id":"b2","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:50:00Z","planned":3000,"focused":3000,"#
                + #""completed":true,"tag":"code"}"#,
        ])
        return home
    }

    @Test(arguments: [["-v"], ["-V"], ["--version"], ["version"]])
    func everySpellingPrintsTheVersion(_ args: [String]) throws {
        let r = try FocusBinary.run(args, home: try TempHome().path)
        #expect(r.status == 0 && r.stdout == "focus 0.1.0\n" && r.stderr.isEmpty)
    }

    @Test func helpExplainsItselfAndSubcommands() throws {
        let home = try TempHome()
        let help = try FocusBinary.run(["help", "help"], home: home.path)
        #expect(help.status == 0 && help.stdout.hasPrefix("focus help: Show help for a command\n"))
        let nested = try FocusBinary.run(["help", "log", "add"], home: home.path)
        #expect(nested.stdout == (try FocusBinary.run(["log", "add", "--help"], home: home.path)).stdout)
        #expect(nested.stdout.contains("Usage: focus log add --start TIME [--end TIME] [--duration D] [--tag T]\n"))
        let unknown = try FocusBinary.run(["help", "log", "ad"], home: home.path)
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("Error: unknown log action 'ad'; did you mean 'add'?"))
    }

    @Test func soundListHasTheOldFlagAsAnAlias() throws {
        let home = try TempHome()
        let list = try FocusBinary.run(["sound", "list"], home: home.path)
        #expect(list.status == 0 && list.stdout.hasPrefix("Sounds: 3 of 17 unlocked"))
        #expect(try FocusBinary.run(["sound", "--list"], home: home.path).stdout == list.stdout)
    }

    @Test func logWithoutASubcommandListsAndDeleteTakesRm() throws {
        let home = try Self.home()
        let log = try FocusBinary.run(["log"], home: home.path, now: Self.now)
        #expect(log.status == 0 && log.stdout.split(separator: "\n").count == 2 && log.stdout.hasPrefix("b2"))
        let rm = try FocusBinary.run(["log", "rm", "a1"], home: home.path, now: Self.now)
        #expect(rm.status == 0 && rm.stdout.hasPrefix("Deleted a1"), "\(rm.stderr)")
    }

    /// A tag with spaces around it is the tag without them, in every command that takes one.
    @Test func tagsAreTrimmedInStatsAndLog() throws {
        let home = try Self.home()
        let stats = try FocusBinary.run(
            ["stats", "--range", "7d", "--tag", " writing ", "--json"], home: home.path, now: Self.now)
        #expect(
            stats.status == 0 && stats.stdout.contains(#""tag":"writing""#)
                && stats.stdout.contains(#""focusedSeconds":1500,"#))
        let log = try FocusBinary.run(["log", "--tag", " writing "], home: home.path, now: Self.now)
        #expect(log.status == 0 && log.stdout.hasPrefix("a1") && log.stdout.split(separator: "\n").count == 1)
        let added = try FocusBinary.run(
            ["log", "add", "--start", "2026-11-29 12:00", "--duration", "5m", "--tag", "  deep  "], home: home.path,
            now: Self.now)
        #expect(added.stdout.contains("#deep ("))
    }

    @Test func exportWritesJSONLinesToAPipeByDefault() throws {
        let home = try Self.home()
        let plain = try FocusBinary.run(["export"], home: home.path, now: Self.now)
        #expect(plain.status == 0 && plain.stderr.isEmpty)
        #expect(
            plain.stdout
                == (try FocusBinary.run(["export", "--format", "jsonl"], home: home.path, now: Self.now)).stdout)
        #expect(plain.stdout.split(separator: "\n").count == 2)
    }

    /// On a terminal, a format must be chosen: JSON Lines are not for reading.
    @Test(.enabled(if: Tmux.path != nil)) func exportOnATerminalAsksForAFormat() throws {
        let home = try Self.home()
        let tmux = try Tmux(
            command: "FOCUS_HOME='\(home.path)' '\(FocusBinary.path)' export; echo \"exit $?\"; sleep 30")
        var screen: [String] = []
        #expect(
            try eventually {
                screen = try tmux.screen()
                return screen.contains("exit 64")
            })
        #expect(screen.contains("Error: on a terminal, 'focus export' needs --format: csv, json, jsonl or ical"))
        #expect(screen.contains("Usage: focus export [--format F] [--range R] [--out FILE]"))
    }
}
