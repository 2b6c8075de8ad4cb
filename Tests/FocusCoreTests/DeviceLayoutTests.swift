import FocusCore
import Foundation
import Synchronization
import Testing

@testable import FocusStore

@Suite struct DeviceLayoutTests {
    @Test(arguments: [
        ("laptop", "laptop"), ("Ana's MacBook.local", "ana-s-macbook"), ("ws-01.corp.example.com", "ws-01"),
        ("--x__y--", "x-y"), ("", "device"), ("专注", "device"),
        ("a" + String(repeating: "b", count: 60), "a" + String(repeating: "b", count: 31)),
    ])
    func hostNamesBecomeSafeFileNames(host: String, name: String) {
        #expect(Device.sanitizedName(host) == name)
    }

    /// A name that is already safe is kept without the walk over its characters: for every name, the walk (as it
    /// was, the reference here) gives the same, over names near the edges and random ones.
    @Test func aSafeNameIsKeptAsTheWalkWouldKeepIt() {
        func walked(_ hostName: String) -> String {
            let host = hostName.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            var out = ""
            for scalar in host.unicodeScalars {
                let c = Character(scalar)
                if scalar.isASCII, c.isLetter || c.isNumber {
                    out.append(c.lowercased())
                } else if !out.isEmpty, out.last != "-" {
                    out.append("-")
                }
                if out.count >= 32 { break }
            }
            while out.last == "-" { out.removeLast() }
            return out.isEmpty ? "device" : out
        }
        var names = [
            "a", "-", "a-", "-a", "a--b", "a-b", "0", "laptop", "device", String(repeating: "x", count: 32),
            String(repeating: "x", count: 33), String(repeating: "x-", count: 16),
            String(repeating: "x-", count: 17) + "x",
            "A", "é", "a_b", "a.b", "a b", "\u{0}", "",
        ]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ab0-9-.Z_é")
        for _ in 0..<2000 {
            names.append(String((0..<Int.random(in: 0...36, using: &random)).map { _ in alphabet.randomElement()! }))
        }
        for name in names { #expect(Device.sanitizedName(name) == walked(name), "\(name)") }
    }

    @Test(arguments: [
        ("laptop-1a2b3c4d.jsonl", JournalFileName.device(Device(id: "1a2b3c4d", name: "laptop"))),
        ("focus.jsonl", .legacy),
        ("laptop-1a2b3c4d.sync-conflict-20261129-101500-ABCDEFG.jsonl", .conflictCopy(of: "laptop-1a2b3c4d.jsonl")),
        ("laptop-1a2b3c4d (conflicted copy 2026-11-29).jsonl", .conflictCopy(of: "laptop-1a2b3c4d.jsonl")),
        ("laptop-1a2b3c4d (Ana's conflicted copy 2026-11-29).jsonl", .conflictCopy(of: "laptop-1a2b3c4d.jsonl")),
        ("focus.jsonl.orig", .conflictCopy(of: "focus.jsonl")),
        ("export.jsonl", .other), ("laptop-1A2B3C4D.jsonl", .other), ("laptop-1a2b3c4.jsonl", .other),
    ])
    func journalFileNamesAreRecognised(name: String, kind: JournalFileName) {
        #expect(JournalFileName(name) == kind)
    }

    @Test(arguments: [
        ".stfolder", ".syncthing.laptop-1a2b3c4d.jsonl.tmp", "~syncthing~x.jsonl.tmp", "notes.txt", ".git",
    ])
    func syncEnginesOwnFilesAreNotJournal(name: String) {
        #expect(JournalFileName(name) == nil)
    }

    @Test func folderLayoutKeepsWhatIsLocalOutOfTheSyncedFolder() {
        let xdg = DataPaths(
            environment: [
                "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c", "XDG_CONFIG_HOME": "/k",
            ],
            home: "/h")
        #expect(xdg.journalDirectory == "/d/focus/journal" && xdg.runningStateFile == "/s/focus/running.json")
        #expect(xdg.sessionLockFile == "/s/focus/running.lock" && xdg.deviceFile == "/s/focus/device.json")
        #expect(
            xdg.statsCacheFile == "/c/focus/stats-cache.bin"
                && xdg.expeditionCheckpointFile == "/c/focus/expedition.json")
        #expect(xdg.configFile == "/k/focus/config.json")
        let defaults = DataPaths(environment: [:], home: "/h")
        #expect(defaults.journalDirectory == "/h/.local/share/focus/journal")
        #expect(defaults.runningStateFile == "/h/.local/state/focus/running.json")
        #expect(defaults.statsCacheFile == "/h/.cache/focus/stats-cache.bin")
        let home = DataPaths(environment: ["FOCUS_HOME": "/f", "XDG_STATE_HOME": "/s"], home: "/h")
        #expect(home.journalDirectory == "/f/journal" && home.runningStateFile == "/f/state/running.json")
        #expect(home.statsCacheFile == "/f/state/cache/stats-cache.bin" && home.configFile == "/f/config.json")
        #expect(
            home.legacy.runningStateFile == "/f/running.json" && home.legacy.journalFile == "/f/journal/focus.jsonl")
    }

    @Test func theFirstWriteCreatesOneDeviceAndItsFileAndReadingCreatesNothing() throws {
        let paths = try Sessions.temporaryPaths()
        let reader = AppStore(paths: paths, hostName: "Laptop.local")
        try reader.load()
        #expect(try reader.existingDevice() == nil)
        #expect(!FileManager.default.fileExists(atPath: paths.stateDirectory))
        let store = AppStore(paths: paths, hostName: "Laptop.local")
        try store.record(Sessions.log("a", "2026-11-29T09:00:00Z"))
        let device = try store.device()
        #expect(device.name == "laptop" && Device.isID(device.id))
        #expect(try FileManager.default.contentsOfDirectory(atPath: paths.journalDirectory) == [device.journalFileName])
        // Another store on the same machine, later, is the same device.
        #expect(try AppStore(paths: paths, hostName: "renamed").device() == device)
    }

    @Test func racingFirstWritesAgreeOnOneDevice() throws {
        let paths = try Sessions.temporaryPaths()
        try FileManager.default.createDirectory(atPath: paths.stateDirectory, withIntermediateDirectories: true)
        let devices = Mutex<[Device]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let device = try? AppStore(paths: paths, hostName: "box").device()
            devices.withLock { $0.append(device!) }
        }
        #expect(Set(devices.withLock { $0 }).count == 1)
    }

    @Test func aStateFolderCopiedFromAnotherMachineGetsADeviceOfItsOwn() throws {
        let paths = try Sessions.temporaryPaths()
        try FileManager.default.createDirectory(atPath: paths.stateDirectory, withIntermediateDirectories: true)
        try #"{"id":"0badc0de","name":"other","machine":"not-this-machine"}"#.write(
            toFile: paths.deviceFile, atomically: true, encoding: .utf8)
        let device = try AppStore(paths: paths, hostName: "here").device()
        #expect(device.id != "0badc0de" && device.name == "here")
        #expect(try AppStore(paths: paths, hostName: "here").device() == device)
    }

    /// Two homes on one machine (one machine id) whose whole `FOCUS_HOME`s are synced: the copied device file is
    /// told apart by the folder it was made in.
    @Test func aStateFolderCopiedToAnotherFolderOnTheSameMachineGetsADeviceOfItsOwn() throws {
        let laptop = AppStore(paths: try Sessions.temporaryPaths(), hostName: "laptop")
        let desktop = AppStore(paths: try Sessions.temporaryPaths(), hostName: "desktop")
        let original = try laptop.device()
        try FileManager.default.createDirectory(atPath: desktop.paths.stateDirectory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: laptop.paths.deviceFile, toPath: desktop.paths.deviceFile)
        #expect(try desktop.existingDevice() == nil)
        let own = try desktop.device()
        #expect(own.id != original.id && own.name == "desktop")
        #expect(try AppStore(paths: desktop.paths).device() == own)
        #expect(try AppStore(paths: laptop.paths).device() == original)
    }

    /// A running state another device wrote, copied into this state folder, is neither recorded nor removed here;
    /// the device that wrote it still recovers it when its timer died.
    @Test func anotherDevicesRunningStateIsNeverRecoveredHere() throws {
        let laptop = AppStore(paths: try Sessions.temporaryPaths(), hostName: "laptop")
        let desktop = AppStore(paths: try Sessions.temporaryPaths(), hostName: "desktop")
        try desktop.record(Sessions.log("d1", "2026-11-20T09:00:00Z"))
        try laptop.saveRunningState(RunningMarkerTests.state(counted: 600, at: 600))
        try FileManager.default.copyItem(atPath: laptop.paths.runningStateFile, toPath: desktop.paths.runningStateFile)
        #expect(try desktop.recover() == nil)
        #expect(FileManager.default.fileExists(atPath: desktop.paths.runningStateFile))
        try desktop.load()
        #expect(desktop.focusLogs.map(\.id) == ["d1"])
        let recovered = try AppStore(paths: laptop.paths).recover()
        guard case .recorded(let log)? = recovered?.outcome else {
            Issue.record("the laptop's own session was not recovered: \(String(describing: recovered))")
            return
        }
        #expect(log.focused == 600)
    }

    /// The timer recorded its session, and a sync that never deletes brought its state file back: nothing is
    /// recorded again and nothing is said.
    @Test func aRunningStateWhoseSessionIsRecordedIsRemovedQuietly() throws {
        let store = AppStore(paths: try Sessions.temporaryPaths(), hostName: "laptop")
        let state = RunningMarkerTests.state(counted: 1500, at: 1500)
        try store.saveRunningState(state)
        let log = try #require(state.sessionLog)
        try store.record(log)
        let again = AppStore(paths: store.paths)
        #expect(try again.recover() == nil)
        #expect(!FileManager.default.fileExists(atPath: store.paths.runningStateFile))
        try again.load()
        #expect(again.history.sessions.map(\.id) == [log.id] && again.duplicates.isEmpty)
    }

    /// Within one device's file the later line wins, even after its clock was set back; across devices `at` orders.
    @Test func editsApplyInAnOrderEveryMachineComputesAlike() throws {
        let paths = try Sessions.temporaryPaths()
        try FileManager.default.createDirectory(atPath: paths.journalDirectory, withIntermediateDirectories: true)
        let session = Sessions.log("s", "2026-11-20T09:00:00Z")
        func edit(_ id: String, _ tag: String, _ at: String) -> String {
            JournalCodec.encode(
                JournalChange(
                    id: id, kind: .edit, target: "s", at: UTCTimestamp.parse(at)!, patch: SessionPatch(tags: [tag]))
            )
        }
        // Laptop edits at 10:00 and then, with its clock set back, at 09:00; the desktop edits at 09:30.
        let laptop = [
            JournalCodec.encode(session), edit("e1", "first", "2026-11-29T10:00:00Z"),
            edit("e2", "laptop-later", "2026-11-29T09:00:00Z"),
        ]
        let desktop = [edit("e3", "desktop", "2026-11-29T09:30:00Z")]
        try (laptop.joined(separator: "\n") + "\n").write(
            toFile: paths.journalDirectory + "/laptop-00000001.jsonl", atomically: true, encoding: .utf8)
        try (desktop.joined(separator: "\n") + "\n").write(
            toFile: paths.journalDirectory + "/desktop-00000002.jsonl", atomically: true, encoding: .utf8)
        let store = AppStore(paths: paths)
        try store.load()
        // e3 (09:30) < e1 (10:00) < e2 (dated 10:00 by its file, after e1): the laptop's last edit wins.
        #expect(store.focusLogs.map(\.tags.first) == ["laptop-later"])
        #expect(store.device(ofSession: "s") == "laptop")
    }

    @Test func conflictCopiesAreReadOnceAndNamedWithWhatTheyHold() throws {
        let paths = try Sessions.temporaryPaths()
        try FileManager.default.createDirectory(atPath: paths.journalDirectory, withIntermediateDirectories: true)
        let a = JournalCodec.encode(Sessions.log("a", "2026-11-20T09:00:00Z"))
        let b = JournalCodec.encode(Sessions.log("b", "2026-11-21T09:00:00Z"))
        let dir = paths.journalDirectory + "/"
        try (a + "\n").write(toFile: dir + "laptop-00000001.jsonl", atomically: true, encoding: .utf8)
        try (a + "\n").write(
            toFile: dir + "laptop-00000001.sync-conflict-20261129-101500-ABC.jsonl", atomically: true, encoding: .utf8)
        try (a + "\n" + b + "\n").write(
            toFile: dir + "laptop-00000001 (conflicted copy 2026-11-29).jsonl", atomically: true, encoding: .utf8)
        let store = AppStore(paths: paths)
        try store.load()
        #expect(store.focusLogs.map(\.id) == ["a", "b"])
        #expect(store.conflictCopies.map(\.onlyHere).sorted() == [0, 1])
        let notes = JournalDoctor.check(
            history: store.history, sessions: store.focusLogs, issues: store.issues, duplicates: store.duplicates,
            conflictCopies: store.conflictCopies, now: Fixtures.now, days: Fixtures.days())
        #expect(notes.count == 2 && notes.allSatisfy { !$0.isProblem })
        #expect(
            notes.contains {
                $0.text.description.contains("sync-conflict") && $0.text.description.contains("can be deleted")
            })
        #expect(
            notes.contains {
                $0.text.description.contains("conflicted copy")
                    && $0.text.description.contains("1 record(s) no other file has")
            })
    }
}

@Suite struct RunningMarkerTests {
    static let start = UTCTimestamp.parse("2026-11-29T09:00:00Z")!
    static let reading = ClockReading(active: 5000, elapsed: 5000, wall: start.addingTimeInterval(700))

    static func state(counted: Int, at seconds: Int, paused: Bool = false, planned: Int = 1500) -> RunningState {
        RunningState(
            id: "S1", phase: .focus, startedAt: start, planned: planned, counted: counted,
            updatedAt: start.addingTimeInterval(Double(seconds)), paused: paused, tags: ["writing"], note: nil,
            tz: "UTC", pid: 1, cycle: 1, cycles: 1)
    }

    /// Two devices share a journal folder (one `paths.journalDirectory`, two state folders).
    static func twoDevices() throws -> (laptop: AppStore, desktop: AppStore, journal: String) {
        let root = try Sessions.temporaryPaths().dataDirectory
        func paths(_ name: String) -> DataPaths {
            DataPaths(
                dataDirectory: root, stateDirectory: root + "/" + name, cacheDirectory: root + "/" + name + "/cache",
                configDirectory: root + "/" + name)
        }
        return (
            AppStore(paths: paths("l"), hostName: "laptop"), AppStore(paths: paths("d"), hostName: "desktop"),
            root + "/journal"
        )
    }

    @Test func theMarkerChangesOnlyWhenOtherDevicesWouldSeeSomethingNew() throws {
        let (laptop, desktop, journal) = try Self.twoDevices()
        try laptop.saveRunningState(Self.state(counted: 0, at: 0))
        let marker = journal + "/" + (try laptop.device().name) + "-" + (try laptop.device().id) + ".running"
        let first = try FileManager.default.attributesOfItem(atPath: marker)[.systemFileNumber] as? Int
        // A heartbeat 30 s later says the same: the marker file is not replaced.
        try laptop.saveRunningState(Self.state(counted: 30, at: 30))
        #expect(try FileManager.default.attributesOfItem(atPath: marker)[.systemFileNumber] as? Int == first)
        let seen = try desktop.sessionsOnOtherDevices(at: Self.start.addingTimeInterval(60))
        #expect(seen.map(\.device.name) == ["laptop"] && seen[0].endsAt == Self.start.addingTimeInterval(1500))
        // A pause is news.
        try laptop.saveRunningState(Self.state(counted: 60, at: 60, paused: true))
        #expect(try FileManager.default.attributesOfItem(atPath: marker)[.systemFileNumber] as? Int != first)
        #expect(try desktop.sessionsOnOtherDevices(at: Self.start.addingTimeInterval(90)).first?.paused == true)
        // A device never sees its own marker; the end removes it.
        #expect(try laptop.sessionsOnOtherDevices(at: Self.start).isEmpty)
        try laptop.clearRunningState()
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(try desktop.sessionsOnOtherDevices(at: Self.start.addingTimeInterval(90)).isEmpty)
    }

    @Test(arguments: [
        (false, 1500 + RunningMarker.graceSeconds, false), (false, 1500 + RunningMarker.graceSeconds + 1, true),
        (true, RunningMarker.pausedSeconds, false), (true, RunningMarker.pausedSeconds + 1, true),
    ])
    func aMarkerThatOutlivedItsSessionIsStale(paused: Bool, after seconds: Int, stale: Bool) throws {
        let (laptop, desktop, _) = try Self.twoDevices()
        try laptop.saveRunningState(Self.state(counted: 0, at: 0, paused: paused))
        let seen = try desktop.sessionsOnOtherDevices(at: Self.start.addingTimeInterval(Double(seconds)))
        #expect(seen.isEmpty == stale)
    }
}

@Suite struct LegacyLayoutTests {
    /// A journal of an earlier focus is read and never written; its derived files leave the synced folder.
    @Test func theOldJournalIsReadNeverWrittenAndOldDerivedFilesAreRemoved() throws {
        let paths = try Sessions.temporaryPaths()
        try FileManager.default.createDirectory(atPath: paths.journalDirectory, withIntermediateDirectories: true)
        let old = JournalCodec.encode(Sessions.log("old", "2026-11-20T09:00:00Z")) + "\n"
        try old.write(toFile: paths.legacy.journalFile, atomically: true, encoding: .utf8)
        for file in paths.legacy.derivedFiles { try "x".write(toFile: file, atomically: true, encoding: .utf8) }
        let store = AppStore(paths: paths, hostName: "laptop")
        try store.load()
        #expect(store.focusLogs.map(\.id) == ["old"])
        // reading writes nothing
        #expect(paths.legacy.derivedFiles.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        try store.record(Sessions.log("new", "2026-11-21T09:00:00Z"))
        #expect(try String(contentsOfFile: paths.legacy.journalFile, encoding: .utf8) == old)
        #expect(paths.legacy.derivedFiles.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        let reread = AppStore(paths: paths, hostName: "laptop")
        try reread.load()
        #expect(reread.focusLogs.map(\.id) == ["old", "new"])
        // Undo takes back only what this device wrote: the new session, never the old file's.
        #expect(reread.lastUndoable()?.recordIDs == ["new"])
    }

    /// A session an earlier focus left running (its `running.json` in the data folder): while its timer lives it is
    /// that timer's; once it is gone it is recorded exactly once, even when a take-over was interrupted.
    @Test func aSessionRunningUnderTheOldLayoutIsTakenOverExactlyOnce() throws {
        let paths = try Sessions.temporaryPaths()
        let state = RunningMarkerTests.state(counted: 600, at: 600)
        let bytes = try JSONValueEncoder.text(state) + "\n"
        try bytes.write(toFile: paths.legacy.runningStateFile, atomically: true, encoding: .utf8)
        // An earlier focus's timer still holds its lock: it is shown, not recorded, and a new session waits.
        let fd = open(paths.legacy.sessionLockFile, O_RDWR | O_CREAT, 0o600)
        #expect(flock(fd, LOCK_EX) == 0)
        let store = AppStore(paths: paths, hostName: "laptop")
        #expect(try store.liveSession()?.id == state.id)
        #expect(try store.recover() == nil)
        let refused = #expect(throws: FocusError.self) {
            try store.claimSession(at: RunningMarkerTests.reading, timeZone: Zone(identifier: "UTC")!)
        }
        #expect(refused?.kind == .temporary)
        close(fd)
        // Its timer is gone: the next command records it once and removes the old files.
        let recovery = try #require(try AppStore(paths: paths, hostName: "laptop").recover())
        #expect(recovery.outcome.recorded?.focused == 600)
        #expect(!FileManager.default.fileExists(atPath: paths.legacy.runningStateFile))
        #expect(try AppStore(paths: paths, hostName: "laptop").recover() == nil)
        // A take-over cut short after recording (the old state came back): nothing is appended again.
        try bytes.write(toFile: paths.legacy.runningStateFile, atomically: true, encoding: .utf8)
        _ = try AppStore(paths: paths, hostName: "laptop").recover()
        let reread = AppStore(paths: paths)
        try reread.load()
        #expect(reread.history.sessions.map(\.id) == [state.id] && reread.duplicates.isEmpty)
    }
}
