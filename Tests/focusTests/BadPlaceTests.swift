import FocusCore
import Foundation
import Testing

@testable import focus

/// Bad places and bad settings: a home that cannot exist, a journal that cannot be written, a full disk, settings of
/// the wrong type.
@Suite struct BadPlaceTests {
    static let now = BadInputTests.now
    static let addArgs = ["log", "add", "--start", "2026-11-29 10:00", "--duration", "25m", "--tag", "new"]

    /// The `Error:` lines of `r` (a usage error adds a `Usage:` line).
    static func errors(_ r: RunResult) -> [Substring] {
        r.stderr.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
    }

    /// Whether `chattr +i` really stops root from appending here (it needs a file system that supports it).
    static let chattrWorks: Bool = {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("focus-chattr-\(UUID().uuidString)")
            .path
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        defer {
            shell("chattr -i '\(file)'")
            try? FileManager.default.removeItem(atPath: file)
        }
        return shell("chattr +i '\(file)'") == 0 && shell("echo x >> '\(file)'") != 0
    }()

    /// Whether the tests may mount a tmpfs (root with CAP_SYS_ADMIN, as in CI here).
    static let tmpfsWorks: Bool = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("focus-tmpfs-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return shell("mount -t tmpfs -o size=64k,mode=0700 focus-test '\(dir)' && umount '\(dir)'") == 0
    }()

    /// The exit status of a shell command (chattr, mount, dd).
    @discardableResult
    static func shell(_ command: String) -> Int32 { (try? FocusBinary.shell(command).status) ?? -1 }

    @Test func missingHomeReadsAsEmptyAndIsCreatedOnlyToWrite() throws {
        let parent = try TempHome()
        let home = parent.path + "/not/yet"
        let stats = try FocusBinary.run(["stats"], home: home, now: Self.now)
        #expect(stats.status == 0 && stats.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home))
        #expect(try FocusBinary.run(Self.addArgs, home: home, now: Self.now).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: home + "/journal")[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test(arguments: [["stats"], addArgs, ["config", "set", "cycles", "2"]])
    func homeThatIsOrIsUnderARegularFileFailsInOneLine(_ args: [String]) throws {
        let parent = try TempHome()
        try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: parent.path + "/file"))
        for home in [parent.path + "/file/home", parent.path + "/file"] {
            let r = try FocusBinary.run(args, home: home, now: Self.now)
            #expect(r.status == 78, "\(r.status) \(r.stderr)")
            let said = home.hasSuffix("home") ? "cannot be a folder: \(parent.path)/file is a file" : "is a file"
            #expect(Self.errors(r).count == 1 && r.stderr.contains("FOCUS_HOME=\(home) \(said)"), "\(r.stderr)")
            #expect(FileManager.default.contents(atPath: parent.path + "/file") == Data("not a folder\n".utf8))
        }
    }

    /// A named pipe under a journal file's name, or a link to one, is refused in one line (exit 66) by every command
    /// that reads the journal, never waited on (`timeout` ends one that would wait for a writer: 124).
    @Test(arguments: [false, true])
    func aNamedPipeInTheJournalFolderIsRefusedNeverWaitedOn(linked: Bool) throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let name = home.path + "/journal/other-12345678.jsonl"
        let pipe = linked ? home.path + "/pipe" : name
        #expect(Self.shell("mkfifo '\(pipe)'") == 0)
        if linked { try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: pipe) }
        for command in ["stats", "log", "expedition", "export", "doctor"] {
            let r = try FocusBinary.shell("timeout 20 \"$FOCUS\" \(command)", home: home.path, now: Self.now)
            #expect(r.status == 66, "\(command): \(r.status) \(r.stderr)")
            #expect(
                Self.errors(r) == ["Error: cannot read \(name): not a regular file"], "\(command): \(r.stderr)")
        }
    }

    @Test(.enabled(if: chattrWorks, "chattr +i is not supported here"))
    func readOnlyJournalRefusesToAddAndChangesNothing() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let before = BadInputTests.snapshot(home.path)
        Self.shell("chattr +i '\(home.journalFile)'")
        defer { Self.shell("chattr -i '\(home.journalFile)'") }
        let r = try FocusBinary.run(Self.addArgs, home: home.path, now: Self.now)
        #expect(
            r.status == 73 && Self.errors(r).count == 1 && r.stderr.contains("Operation not permitted"), "\(r.stderr)")
        Self.shell("chattr -i '\(home.journalFile)'")
        #expect(BadInputTests.snapshot(home.path) == before)
    }

    /// A write the file-size limit cuts short (as a full disk does): the journal is cut back, not left torn.
    @Test func fullDiskLeavesTheJournalAsItWas() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let before = BadInputTests.snapshot(home.path)
        let note = String(repeating: "n", count: 900)
        let r = try Self.limited(Self.addArgs + ["--note", note], home: home.path, blocks: 1)
        #expect(
            r.status == 74 && Self.errors(r).count == 1 && r.stderr.contains("bytes were written (disk full?)"),
            "\(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }

    /// Runs focus under `ulimit -f blocks`, SIGXFSZ left as the shell has it: focus itself
    /// must turn a write past the limit into its one-line error instead of dying of the signal.
    static func limited(_ args: [String], home: String, blocks: Int) throws -> RunResult {
        try FocusBinary.shell(
            "ulimit -f \(blocks); exec \"$FOCUS\" " + args.map(ShellWord.singleQuoted).joined(separator: " "),
            home: home, now: now)
    }

    /// A journal already past `ulimit -f`: the next append makes the kernel send SIGXFSZ, which
    /// would kill focus (exit 153); instead the write fails with its one-line error, and a timer's
    /// session gets the command to add it back.
    @Test(arguments: [["start", "1s", "--tag", "big"], addArgs])
    func fileSizeLimitIsAnErrorNotADeath(_ args: [String]) throws {
        let journal = (0..<12).map { _ in BadInputTests.good }.joined(separator: "\n") + "\n"
        let home = try BadInputTests.journal(Array(journal.utf8))
        let before = BadInputTests.snapshot(home.path)
        let r = try Self.limited(args, home: home.path, blocks: 1)
        #expect(r.status == 74, "\(r.status) \(r.stderr)")
        let errors = Self.errors(r)
        #expect(errors.count == 1 && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(errors.first?.hasPrefix("Error: cannot write ") == true, "\(r.stderr)")
        if args[0] == "start" { #expect(r.stderr.contains("add it back with: focus log add --start")) }
        #expect(BadInputTests.snapshot(home.path).filter { $0.key != "state/running.lock" } == before)
    }

    /// The disk fills up mid-session: the countdown goes on and warns once; at the end the session is
    /// recorded if there is room again, or printed to add back if not.
    @Test(.enabled(if: tmpfsWorks, "cannot mount a tmpfs here"), arguments: [true, false])
    func fullDiskMidSessionKeepsCountingAndRecordsOrPrintsAtTheEnd(_ roomAgain: Bool) throws {
        let home = try TempHome()
        try #require(Self.shell("mount -t tmpfs -o size=64k,mode=0700 focus-test '\(home.path)'") == 0)
        defer { Self.shell("umount '\(home.path)'") }
        try TempHome.pin(TempHome.device, in: home.path)  // the mount hides the device file TempHome wrote
        let timer = try BackgroundFocus(["start", "3s", "--tag", "disk"], home: home.path)
        #expect(eventually { home.contents("state/running.json") != nil })
        Self.shell("dd if=/dev/zero of='\(home.path)/filler' bs=1k count=64 2>/dev/null")
        // A stop and a continue each save the state, which no longer fits.
        kill(timer.pid, SIGTSTP)
        #expect(eventually { SessionLifecycleEndToEndTests.processState(timer.pid) == "T" })
        kill(timer.pid, SIGCONT)
        if roomAgain { try FileManager.default.removeItem(atPath: home.path + "/filler") }
        let r = timer.finish()
        let warnings = r.stderr.split(separator: "\n").filter { $0.hasPrefix("focus: cannot save the session state") }
        #expect(warnings.count == 1, "\(r.stderr)")
        if roomAgain {
            #expect(r.status == 0 && r.stdout.contains("Done: 3s focused #disk."), "\(r.status) \(r.stderr)")
            #expect(home.journalLines().count == 1)
        } else {
            #expect([73, 74].contains(r.status), "\(r.status) \(r.stderr)")
            #expect(
                r.stderr.contains("The session was NOT recorded; once that is fixed, add it back with: focus log add"))
            #expect(home.journalLines().isEmpty)
        }
        #expect(home.contents("state/running.json") == nil)
    }

    /// A real full disk: a 64 KiB tmpfs, when this machine lets the tests mount one (root in CI).
    @Test(.enabled(if: tmpfsWorks, "cannot mount a tmpfs here"))
    func fullTmpfsRefusesToAddAndChangesNothing() throws {
        let home = try TempHome()
        try #require(Self.shell("mount -t tmpfs -o size=64k,mode=0700 focus-test '\(home.path)'") == 0)
        defer { Self.shell("umount '\(home.path)'") }
        #expect(try FocusBinary.run(Self.addArgs, home: home.path, now: Self.now).status == 0)
        Self.shell("dd if=/dev/zero of='\(home.path)/filler' bs=1k count=64")
        let before = BadInputTests.snapshot(home.path)
        let r = try FocusBinary.run(
            [
                "log", "add", "--start", "2026-11-29 11:00", "--duration", "5m", "--note",
                String(repeating: "n", count: 5000),
            ], home: home.path, now: Self.now)
        #expect(r.status == 74 && Self.errors(r).count == 1, "\(r.status) \(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }

    @Test(.enabled(if: chattrWorks, "chattr +i is not supported here"))
    func recordingThatCannotPersistPrintsTheCommandToAddItBack() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        Self.shell("chattr +i '\(home.journalFile)'")
        defer { Self.shell("chattr -i '\(home.journalFile)'") }
        let r = try FocusBinary.run(
            ["start", "2s", "--tag", "deep work", "--note", "it's"], home: home.path, tz: "Asia/Kolkata")
        #expect(r.status == 73 && Self.errors(r).count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("The session was NOT recorded"))
        #expect(
            !FileManager.default.fileExists(atPath: home.path + "/state/running.json"),
            "a later recovery would record it twice")
        let command = try #require(
            r.stderr.range(of: "add it back with: focus ").map {
                String(r.stderr[$0.upperBound...]).trimmingCharacters(in: .newlines)
            })
        #expect(
            command.hasPrefix("log add --start '")
                && command.hasSuffix(" --duration 2s --tag 'deep work' --note 'it'\\''s'"), "\(command)")
        Self.shell("chattr -i '\(home.journalFile)'")
        #expect(try FocusBinary.shell("\"$FOCUS\" " + command, home: home.path, tz: "Asia/Kolkata").status == 0)
        let added = try JournalCodec.decode(Array(try #require(home.journalLines().last).utf8))
        #expect(
            added.focused == 2 && added.tags.first == "deep work" && added.note == "it's" && added.source == .manual)
    }

    /// A timer died and the journal cannot take its session: every command still runs, warns, and leaves the state for
    /// a retry.
    @Test(.enabled(if: chattrWorks, "chattr +i is not supported here"))
    func recoveryThatCannotPersistWarnsAndRetriesLater() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let paths = DataPaths(dataDirectory: home.path, configDirectory: home.path)
        let started = try #require(UTCTimestamp.parse("2026-11-29T10:00:00Z"))
        try AppStore(paths: paths).saveRunningState(
            RunningState(
                id: "died", phase: .focus, startedAt: started, planned: 1500, counted: 300,
                updatedAt: started.addingTimeInterval(300),
                paused: false, tags: [], note: nil, tz: "UTC", pid: 1, cycle: 1, cycles: 1))
        Self.shell("chattr +i '\(home.journalFile)'")
        defer { Self.shell("chattr -i '\(home.journalFile)'") }
        let blocked = try FocusBinary.run(["stats"], home: home.path, now: Self.now)
        #expect(
            blocked.status == 0
                && blocked.stderr.hasPrefix(
                    "focus: a session that ended without its timer is not recorded (cannot open "),
            "\(blocked.stderr)")
        #expect(
            blocked.stderr.hasSuffix("; the next focus command tries again.\n")
                && blocked.stderr.split(separator: "\n").count == 1)
        #expect(FileManager.default.fileExists(atPath: paths.runningStateFile))
        Self.shell("chattr -i '\(home.journalFile)'")
        let retried = try FocusBinary.run(["status"], home: home.path, now: Self.now)
        #expect(
            retried.status == 0 && retried.stderr.contains("recorded 5m of focus as interrupted"), "\(retried.stderr)")
        #expect(home.journalLines().count == 2 && !FileManager.default.fileExists(atPath: paths.runningStateFile))
    }

    @Test(arguments: [
        ("config.json", #"{"cycles":"four"}"#, ["stats"], #"config.json: cycles must be a whole number"#),
        ("config.json", #"{"day-start":4}"#, ["stats"], "config.json: day-start must be a time HH:MM"),
        ("config.json", "\u{0}\u{1}garbage", ["stats"], "config.json is not valid JSON"),
        ("expeditions.json", #"{"deepFocusMinutes":50,"chapters":5}"#, ["expedition"], "expeditions.json: chapters"),
        (
            "expeditions.json", #"{"deepFocusMinutes":"50","chapters":[]}"#, ["profile"],
            "expeditions.json: deepFocusMinutes"
        ),
    ])
    func settingsOfTheWrongTypeAreRefusedInOneLine(file: String, content: String, args: [String], message: String)
        throws
    {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        try Data(content.utf8).write(to: URL(fileURLWithPath: home.path + "/" + file))
        let before = BadInputTests.snapshot(home.path)
        let r = try FocusBinary.run(args, home: home.path, now: Self.now)
        #expect(r.status == 65 && Self.errors(r).count == 1 && r.stderr.contains(message), "\(r.status) \(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }

    /// Binary garbage given to `focus import` in any format: exit 65 in one line, nothing written.
    @Test(arguments: SessionImporter.Format.allCases.map(\.rawValue))
    func importingGarbageIsADataErrorAndWritesNothing(_ format: String) throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let file = home.path + "/../garbage-\(UUID().uuidString)"
        try Data(BadInputTests.garbage).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let before = BadInputTests.snapshot(home.path)
        let r = try FocusBinary.run(["import", file, "--from", format], home: home.path, now: Self.now)
        #expect(r.status == 65 && Self.errors(r).count == 1 && r.stdout.isEmpty, "\(r.status) \(r.stdout) \(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }

    @Test(arguments: [
        ["log", "add", "--start", "2026-11-29 10:00", "--duration", "-5m"],
        ["log", "add", "--start", "2026-11-29 10:00", "--duration", "999999h"],
        ["log", "add", "--start", "2026-11-29 25:00", "--duration", "5m"],
        ["start", "0"], ["start", "25h"], ["start", "1e9"], ["break", "-1"],
        ["stats", "--from", "0001-01-01"], ["stats", "--from", "2026-01-01", "--to", "9999-12-31", "--heatmap"],
        ["stats", "--from", "0001-01-01", "--json"],
    ])
    func absurdDurationsAndTimesAreUsageErrors(_ args: [String]) throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let before = BadInputTests.snapshot(home.path)
        let r = try FocusBinary.run(args, home: home.path, now: Self.now)
        #expect(r.status == 64 && Self.errors(r).count == 1, "\(r.status) \(r.stderr)")
        #expect(BadInputTests.snapshot(home.path) == before)
    }
}
