import FocusCore
import Foundation
import Testing

/// Two local accounts attacking each other (``LocalUsers``): what `focus-eve` plants never makes the victim (root,
/// the tests' own user, or `focus-ana`) write where eve chose, run eve's code, or read eve's folders as its own.
///
/// Each test fails on focus before issue 13: its temp file `PATH.tmp-PID` was opened without `O_EXCL` or
/// `O_NOFOLLOW` (a link planted under that name received the data), `--out` replaced anyone's file with mode 0644,
/// a `FOCUS_HOME` or XDG folder was used whoever owned it (so a journal link planted there appended to a file of the
/// victim's choosing... or of eve's), and a hook ran wherever it lived.
@Suite(.enabled(if: LocalUsers.unavailable == nil, "\(LocalUsers.unavailable ?? "")"))
struct AccountSafetyTests {
    static let addArgs = BadPlaceTests.addArgs

    /// A folder under `/tmp` that everyone may write to and that is not sticky: a team's shared folder, where anyone
    /// can plant, rename and remove files.
    final class SharedFolder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("focus-shared-\(UUID().uuidString)")
            .path

        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            chmod(path, 0o777)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A file of the victim's that eve wants changed (think `~/.bashrc`).
    static func victimFile(in home: TempHome) throws -> (path: String, bytes: Data) {
        let path = home.path + "/bashrc"
        let bytes = Data("alias ls='ls --color'\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        return (path, bytes)
    }

    // MARK: Files redirected by another user

    /// Eve plants a link under the temp name of the victim's export (the pid is the shell's, which `exec` keeps);
    /// focus's temp file is its own (`O_EXCL|O_NOFOLLOW`, a random name), so the link receives nothing.
    @Test func aLinkPlantedUnderTheTempNameReceivesNothing() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let shared = try SharedFolder()
        let victim = try Self.victimFile(in: home)
        let out = shared.path + "/focus.csv"
        let eve = try #require(LocalUsers.eve)
        let script = """
            setpriv --reuid=\(eve.uid) --regid=\(eve.gid) --clear-groups -- ln -s '\(victim.path)' "\(out).tmp-$$"
            exec "$FOCUS" export --format csv --out '\(out)'
            """
        let r = try FocusBinary.shell(script, home: home.path, now: BadInputTests.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: victim.path) == victim.bytes)
        let exported = String(decoding: FileManager.default.contents(atPath: out) ?? Data(), as: UTF8.self)
        #expect(exported.contains("good,2026-11-29"), "\(exported)")
        let kind = try FileManager.default.attributesOfItem(atPath: out)[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
    }

    /// `--out` naming a link eve planted (to a file of the victim's) or a file of eve's is refused in one line (73),
    /// and neither file changes.
    @Test(arguments: [true, false])
    func outNeverWritesThroughALinkOrOverAnotherUsersFile(_ link: Bool) throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let shared = try SharedFolder()
        let victim = try Self.victimFile(in: home)
        let eve = try #require(LocalUsers.eve)
        let out = shared.path + "/report.csv"
        let plant = link ? "ln -s '\(victim.path)' '\(out)'" : "printf 'eve was here\\n' > '\(out)'"
        #expect(try LocalUsers.shell(plant, as: eve).status == 0)
        let before = try FileManager.default.destinationOfSymbolicLinkOrNil(out)
        let r = try FocusBinary.run(
            ["export", "--format", "csv", "--out", out], home: home.path, now: BadInputTests.now)
        #expect(r.status == 73 && BadPlaceTests.errors(r).count == 1, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains(link ? "is a symbolic link" : "belongs to uid \(eve.uid)"), "\(r.stderr)")
        #expect(FileManager.default.contents(atPath: victim.path) == victim.bytes)
        #expect(try FileManager.default.destinationOfSymbolicLinkOrNil(out) == before)
        if !link { #expect(FileManager.default.contents(atPath: out) == Data("eve was here\n".utf8)) }
    }

    /// The next replace removes what a killed writer of this user left (`PATH.tmp-PID-RANDOM` of a process that is
    /// gone), and never another user's file of that name, nor a link of that name (unlink removes the link itself,
    /// and a link is never taken for a temp file).
    @Test func staleTempsAreRemovedOnlyWhenTheyAreThisUsersFiles() throws {
        let eve = try #require(LocalUsers.eve)
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let shared = try SharedFolder()
        let victim = try Self.victimFile(in: home)
        let out = shared.path + "/report.csv"
        let gone = try Spawned(executable: "/bin/true", arguments: [], environment: [:])
        _ = gone.wait()
        let mine = "\(out).tmp-\(gone.pid)-1f2e3d"
        try Data("left by a killed export\n".utf8).write(to: URL(fileURLWithPath: mine))
        let plant =
            "printf 'eve\\n' > '\(out).tmp-\(gone.pid)-aa' && ln -s '\(victim.path)' '\(out).tmp-\(gone.pid)-bb'"
        #expect(try LocalUsers.shell(plant, as: eve).status == 0)
        let r = try FocusBinary.run(
            ["export", "--format", "csv", "--out", out], home: home.path, now: BadInputTests.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: mine), "this user's stale temp file was left")
        #expect(FileManager.default.contents(atPath: "\(out).tmp-\(gone.pid)-aa") == Data("eve\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLinkOrNil("\(out).tmp-\(gone.pid)-bb") == victim.path)
        #expect(FileManager.default.contents(atPath: victim.path) == victim.bytes)
    }

    /// A file of the user's that `--out` replaces keeps its mode (here 0640, not focus's 0644 for new files).
    @Test func outKeepsTheModeOfTheFileItReplaces() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let out = home.path + "/mine.csv"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: out))
        chmod(out, 0o640)
        let r = try FocusBinary.run(
            ["export", "--format", "csv", "--out", out], home: home.path, now: BadInputTests.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o640)
        #expect(String(decoding: FileManager.default.contents(atPath: out)!, as: UTF8.self).hasPrefix("id,date"))
    }

    /// The folders eve can get the victim to use: made by eve first, writable by others, or under a folder of eve's.
    enum Trap: String, CaseIterable, CustomTestStringConvertible {
        /// `FOCUS_HOME=/shared/x`, made by eve before the victim ever ran focus, with a journal that is a link.
        case homeMadeByEve
        /// The victim's own `FOCUS_HOME`, but anyone may write to it.
        case homeWritableByOthers
        /// The victim's own folder, inside a folder eve owns (eve can rename it away and put hers in its place).
        case homeUnderEvesFolder
        /// No `FOCUS_HOME`: `XDG_DATA_HOME` points at a folder eve made.
        case xdgDataMadeByEve
        /// No `FOCUS_HOME`: `XDG_CONFIG_HOME` points at a folder eve made (hooks, settings).
        case xdgConfigMadeByEve

        var testDescription: String { rawValue }
    }

    /// Every command refuses such a folder in one line (exit 73) and writes nothing: no journal line lands in the
    /// victim's file that eve's link points to, and nothing is created in eve's folder. For root too.
    @Test(arguments: Trap.allCases)
    func foldersAnotherUserControlsAreRefused(_ trap: Trap) throws {
        let eve = try #require(LocalUsers.eve)
        let home = try TempHome()
        let victim = try Self.victimFile(in: home)
        let shared = try SharedFolder()
        let trapped = shared.path + "/focus"
        var env: [String: String] = [:]
        var focusHome = trapped
        switch trap {
        case .homeMadeByEve, .xdgDataMadeByEve, .xdgConfigMadeByEve:
            // Eve prepares a device and a journal that is a link to the victim's file.
            let data =
                trap == .xdgConfigMadeByEve ? trapped : (trap == .xdgDataMadeByEve ? trapped + "/focus" : trapped)
            let script = """
                mkdir -p '\(data)/journal' '\(data)/state' && chmod -R 755 '\(trapped)' &&
                printf '{"id":"00000001","name":"test"}' > '\(data)/state/device.json' &&
                ln -s '\(victim.path)' '\(data)/journal/test-00000001.jsonl'
                """
            #expect(try LocalUsers.shell(script, as: eve).status == 0)
            if trap != .homeMadeByEve {
                focusHome = ""
                env["HOME"] = home.path
                env[trap == .xdgDataMadeByEve ? "XDG_DATA_HOME" : "XDG_CONFIG_HOME"] = trapped
            }
        case .homeWritableByOthers:
            try FileManager.default.createDirectory(atPath: trapped, withIntermediateDirectories: true)
            chmod(trapped, 0o777)
        case .homeUnderEvesFolder:
            #expect(try LocalUsers.shell("mkdir '\(trapped)' && chmod 755 '\(trapped)'", as: eve).status == 0)
            focusHome = trapped + "/mine"
            try FileManager.default.createDirectory(atPath: focusHome, withIntermediateDirectories: true)
            chmod(focusHome, 0o700)
        }
        let before = BadInputTests.snapshot(shared.path)
        for args in [Self.addArgs, ["stats"], ["status"], ["config", "set", "cycles", "2"]] {
            let r = try FocusBinary.run(args, home: focusHome, now: BadInputTests.now, env: env)
            #expect(r.status == 73 && BadPlaceTests.errors(r).count == 1, "\(trap) \(args): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("Error: refusing to use "), "\(r.stderr)")
        }
        #expect(FileManager.default.contents(atPath: victim.path) == victim.bytes)
        #expect(BadInputTests.snapshot(shared.path) == before)
    }

    /// A symbolic link where focus keeps a file of its own (planted before the folder was locked down, or by a
    /// sync engine) is never written through: an append to a journal file that is a link is refused (exit 73), a
    /// state file that is a link is reported, and a derived file that is a link is replaced by a file; the file a
    /// link points to never changes.
    @Test func linksWhereFocusKeepsItsOwnFilesAreNeverFollowed() throws {
        let home = try BadInputTests.journal(Array((BadInputTests.good + "\n").utf8))
        let victim = try Self.victimFile(in: home)
        let fm = FileManager.default
        try fm.removeItem(atPath: home.journalFile)
        try fm.createSymbolicLink(atPath: home.journalFile, withDestinationPath: victim.path)
        let add = try FocusBinary.run(Self.addArgs, home: home.path, now: BadInputTests.now)
        #expect(add.status == 73 && add.stderr.contains("is a symbolic link"), "\(add.status) \(add.stderr)")
        try fm.removeItem(atPath: home.journalFile)
        try home.writeJournal([BadInputTests.good])
        try fm.createDirectory(atPath: home.path + "/state/cache", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: home.path + "/state/cache/stats-cache.bin", withDestinationPath: victim.path)
        try fm.createSymbolicLink(atPath: home.path + "/state/running.json", withDestinationPath: victim.path)
        let stats = try FocusBinary.run(["stats"], home: home.path, now: BadInputTests.now)
        #expect(stats.status == 0 && stats.stderr.contains("is a symbolic link"), "\(stats.stderr)")
        #expect(try fm.destinationOfSymbolicLinkOrNil(home.path + "/state/cache/stats-cache.bin") == nil)
        #expect(fm.contents(atPath: victim.path) == victim.bytes)
    }

    /// What focus accepts: a folder the victim made in sticky `/tmp` (eve cannot rename or remove it), and a
    /// folder of its own reached through a link in a folder of its own.
    @Test func foldersOnlyTheUserControlsAreUsed() throws {
        let sticky = FileManager.default.temporaryDirectory.appendingPathComponent("focus-mine-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: sticky) }
        #expect(try FocusBinary.run(Self.addArgs, home: sticky, now: BadInputTests.now).status == 0)
        let home = try TempHome()
        try FileManager.default.createSymbolicLink(atPath: home.path + "/linked", withDestinationPath: sticky)
        let r = try FocusBinary.run(["log"], home: home.path + "/linked", now: BadInputTests.now)
        #expect(r.status == 0 && r.stdout.contains("#new"), "\(r.stderr)")
    }

    /// A group write bit is harmless only when the group is the user's own private group (distributions with
    /// `umask 002` make `~/.config` 0775 that way); eve's group on ana's folder is refused, with the repair named.
    @Test(arguments: [true, false])
    func aGroupWriteBitIsHarmlessOnlyInTheUsersPrivateGroup(_ privateGroup: Bool) throws {
        let eve = try #require(LocalUsers.eve)
        let ana = try #require(LocalUsers.ana)
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("focus-upg-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let home = parent + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // The folder above is group-writable in ana's own group too, as umask 002 leaves it.
        #expect(chown(parent, ana.uid, ana.gid) == 0 && chmod(parent, 0o775) == 0)
        #expect(chown(home, ana.uid, privateGroup ? ana.gid : eve.gid) == 0 && chmod(home, 0o770) == 0)
        let r = try LocalUsers.focus(Self.addArgs, as: ana, home: home)
        if privateGroup {
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: home + "/journal").count) == 1)
        } else {
            #expect(r.status == 73 && BadPlaceTests.errors(r).count == 1, "\(r.stderr)")
            #expect(r.stderr.contains("\(home) can be changed by its group focus-eve (gid \(eve.gid)) (mode 0770)"))
            #expect(r.stderr.contains("`chmod go-w '\(home)'` makes it yours alone"), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home + "/journal"))
        }
    }

    /// A victim who is not root is held to the same rule: ana's `FOCUS_HOME` made by eve is refused, her own is used.
    @Test func aVictimWhoIsNotRootIsProtectedToo() throws {
        let eve = try #require(LocalUsers.eve)
        let ana = try #require(LocalUsers.ana)
        let shared = try SharedFolder()
        let evesHome = shared.path + "/eve-made"
        #expect(try LocalUsers.shell("mkdir -m 755 '\(evesHome)'", as: eve).status == 0)
        let refused = try LocalUsers.focus(Self.addArgs, as: ana, home: evesHome)
        #expect(refused.status == 73 && refused.stderr.contains("belongs to uid \(eve.uid)"), "\(refused.stderr)")
        // Her own, in sticky /tmp: eve can neither rename nor remove it.
        let own = FileManager.default.temporaryDirectory.appendingPathComponent("focus-ana-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: own) }
        let added = try LocalUsers.focus(Self.addArgs, as: ana, home: own)
        #expect(added.status == 0, "\(added.stderr)")
        let journal = try FileManager.default.contentsOfDirectory(atPath: own + "/journal")
        let owner = try FileManager.default.attributesOfItem(atPath: own + "/journal/" + journal[0])[.ownerAccountID]
        #expect((owner as? NSNumber)?.uint32Value == ana.uid)
    }

    // MARK: Hooks trusted blindly

    /// Where eve can reach a hook: a hooks folder others may write to, a hook that is a link into a folder others
    /// may write to, a hook eve owns.
    enum HookTrap: String, CaseIterable, CustomTestStringConvertible {
        case folderWritableByOthers, linkIntoASharedFolder, hookOwnedByEve
        var testDescription: String { rawValue }
    }

    /// The hook never runs, not even from the `on-stop` a plain `focus status` runs for a dead timer's session: one
    /// warning names it and why, and `focus doctor` reports it (exit 65).
    @Test(arguments: HookTrap.allCases)
    func hooksSomeoneElseCouldChangeNeverRun(_ trap: HookTrap) throws {
        let eve = try #require(LocalUsers.eve)
        let home = try TempHome()
        let shared = try SharedFolder()
        let ran = home.path + "/hook-ran"
        let hooks = home.path + "/hooks"
        try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
        let body = "#!/bin/sh\ntouch '\(ran)'\n"
        let hook = hooks + "/on-stop"
        switch trap {
        case .folderWritableByOthers:
            try Data(body.utf8).write(to: URL(fileURLWithPath: hook))
            chmod(hook, 0o755)
            chmod(hooks, 0o777)
        case .linkIntoASharedFolder:
            let target = shared.path + "/on-stop"
            try Data(body.utf8).write(to: URL(fileURLWithPath: target))
            chmod(target, 0o755)
            try FileManager.default.createSymbolicLink(atPath: hook, withDestinationPath: target)
        case .hookOwnedByEve:
            try Data(body.utf8).write(to: URL(fileURLWithPath: hook))
            chmod(hook, 0o755)
            LocalUsers.give(hook, to: eve)
        }
        let paths = DataPaths(dataDirectory: home.path, configDirectory: home.path)
        let started = try #require(UTCTimestamp.parse("2026-11-29T10:00:00Z"))
        try AppStore(paths: paths).saveRunningState(
            RunningState(
                id: "died", phase: .focus, startedAt: started, planned: 1500, counted: 300,
                updatedAt: started.addingTimeInterval(300), paused: false, tags: [], note: nil, tz: "UTC", pid: 1,
                cycle: 1, cycles: 1))
        let status = try FocusBinary.run(["status"], home: home.path, now: BadInputTests.now)
        #expect(status.status == 0, "\(status.stderr)")
        let warnings = status.stderr.split(separator: "\n").filter { $0.hasPrefix("focus: hook on-stop not run: ") }
        #expect(warnings.count == 1, "\(status.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ran), "\(trap): the hook ran")
        let doctor = try FocusBinary.run(["doctor"], home: home.path, now: BadInputTests.now)
        #expect(
            doctor.status == 65 && doctor.stdout.contains("problem: hook \(hook) will not run: "), "\(doctor.stdout)")
        #expect(!FileManager.default.fileExists(atPath: ran))
    }

    /// A hook that is a link to a file of the user's in a folder of the user's runs (the file it leads to runs).
    @Test func aHookTheUserAloneControlsRuns() throws {
        let home = try TempHome()
        let ran = home.path + "/hook-ran"
        try FileManager.default.createDirectory(atPath: home.path + "/hooks", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.path + "/scripts", withIntermediateDirectories: true)
        let script = home.path + "/scripts/started"
        try Data("#!/bin/sh\necho \"$FOCUS_EVENT\" > '\(ran)'\n".utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o700)
        try FileManager.default.createSymbolicLink(atPath: home.path + "/hooks/on-start", withDestinationPath: script)
        let r = try FocusBinary.run(["start", "1s"], home: home.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(eventually { FileManager.default.contents(atPath: ran) == Data("start\n".utf8) })
        #expect(try FocusBinary.run(["doctor"], home: home.path).status == 0)
    }
}

extension FileManager {
    /// Where the link at `path` points, or `nil` when `path` is not a link.
    func destinationOfSymbolicLinkOrNil(_ path: String) throws -> String? {
        try? destinationOfSymbolicLink(atPath: path)
    }
}
