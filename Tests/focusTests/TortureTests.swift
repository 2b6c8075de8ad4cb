import FocusCore
import Foundation
import Synchronization
import Testing

/// How hard the torture tests push: small in `make test`, full in `make torture` (`FOCUS_TORTURE_SCALE=full`).
enum TortureScale {
    static let full = ProcessInfo.processInfo.environment["FOCUS_TORTURE_SCALE"] == "full"
    /// SIGKILLs at random moments.
    static let kills = full ? 200 : 10
    /// Concurrent `focus log add` processes, and adds each.
    static let writers = full ? 8 : 4
    static let addsPerWriter = full ? 500 : 25
    /// Rounds of two racing `focus start`.
    static let races = full ? 20 : 2
    /// Sessions in the big imports the torture kills.
    static let bigImport = full ? 10_000 : 2_000
    /// Concurrent `focus undo`, and concurrent imports of one file (of `concurrentImport` sessions).
    static let undoers = full ? 16 : 6
    static let importers = full ? 8 : 4
    static let concurrentImport = full ? 3_000 : 500
    /// Random cases of the derived-files fuzzer, steps in each, commands compared after each step (nil: all), and
    /// runs its shrinker may take to reduce a failing case.
    static let fuzzCases = full ? 40 : 2
    static let fuzzSteps = full ? 8 : 3
    static let fuzzCommands: Int? = full ? nil : 8
    static let shrinkRuns = full ? 40 : 10
}

/// Crash and concurrency torture on the built binary: SIGKILL at random moments,
/// concurrent writers, racing timers. Nothing committed is lost or doubled.
@Suite(.serialized) struct TortureTests {
    /// Iteration `i` runs at `base + i` hours (`FOCUS_NOW`), so sessions never overlap and are never in the future.
    static let base = 1_780_000_000 - 1_780_000_000 % 86_400

    static func env(_ i: Int, later: Int = 0) -> [String: String] {
        ["FOCUS_NOW": UTCTimestamp.format(epochSeconds: base + i * 3600 + later)]
    }

    static func local(_ seconds: Int) -> String {
        let text = UTCTimestamp.format(epochSeconds: seconds)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    enum Operation: CaseIterable {
        case start, recording, logAdd, importFile, configSet, recovery, logEdit, logDelete, undo, bigImport
    }

    /// Runs `args` and SIGKILLs it after a random delay of up to `maxDelay` seconds; its status, or `nil` when killed.
    static func killed(_ args: [String], home: String, env: [String: String], after delay: Double) throws -> Int32? {
        let process = try BackgroundFocus(args, home: home, env: env)
        usleep(useconds_t(delay * 1_000_000))
        kill(process.pid, SIGKILL)
        let result = process.finish()
        // Spawned reports a death by signal N as 128 + N; focus itself never exits 137.
        return result.status == 128 + SIGKILL ? nil : result.status
    }

    @Test func sigkillAtRandomMomentsLosesAndDoublesNothing() throws {
        let home = try TempHome()
        let paths = DataPaths(dataDirectory: home.path, configDirectory: home.path)
        var committed: [String: Int] = [:]  // tag → sessions that must be there
        var saved = Set<String>()  // every record id seen in the journal: never lost
        var cycles = 1
        var rng = SystemRandomNumberGenerator()
        var previous = AppStore(paths: paths)
        for i in 0..<TortureScale.kills {
            let op = Operation.allCases[i % Operation.allCases.count]
            let tag = "t\(i)"
            let now = Self.base + i * 3600
            var status: Int32?
            // A deletion or an undo may change what an earlier round committed: what it would change.
            var changes: [String: Int] = [:]
            switch op {
            case .start:
                status = try Self.killed(
                    ["start", "25", "--tag", tag], home: home.path, env: Self.env(i),
                    after: .random(in: 0...0.08, using: &rng))
                #expect(status == nil || status == 0, "start \(i): \(String(describing: status))")
            case .recording:
                status = try Self.killed(
                    ["start", "1s", "--tag", tag], home: home.path, env: Self.env(i),
                    after: .random(in: 0.9...1.3, using: &rng))
                if status == 0 { committed[tag] = 1 }
            case .logAdd:
                let args = ["log", "add", "--start", Self.local(now - 1800), "--duration", "10m", "--tag", tag]
                status = try Self.killed(
                    args, home: home.path, env: Self.env(i), after: .random(in: 0...0.03, using: &rng))
                if status == 0 { committed[tag] = 1 }
            case .importFile:
                let file = home.path + "/../import-\(i)-\(UUID().uuidString).jsonl"
                let lines = (0..<3).map { k in
                    "{\"id\":\"imp-\(i)-\(k)\",\"start\":\"\(UTCTimestamp.format(epochSeconds: now - 3000 + k * 300))\""
                        + ",\"end\":\"\(UTCTimestamp.format(epochSeconds: now - 2900 + k * 300))\",\"planned\":100,"
                        + "\"focused\":100,\"completed\":true,\"tag\":\"\(tag)\"}"
                }
                try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(atPath: file) }
                status = try Self.killed(
                    ["import", file, "--from", "jsonl"], home: home.path, env: Self.env(i),
                    after: .random(in: 0...0.03, using: &rng))
                if status == 0 { committed[tag] = 3 }
            case .configSet:
                let value = 1 + i % 99
                status = try Self.killed(
                    ["config", "set", "cycles", "\(value)"], home: home.path, env: Self.env(i),
                    after: .random(in: 0...0.03, using: &rng))
                let now = try FocusBinary.run(["config", "get", "cycles"], home: home.path, env: Self.env(i))
                #expect(now.status == 0, "config \(i): \(now.stderr)")
                let read = Int(now.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                #expect(read == value || (status == nil && read == cycles), "config \(i): \(now.stdout)")
                cycles = read ?? cycles
            case .recovery:
                // A timer that died after five minutes of focus; the recovering command is killed too.
                let state = RunningState(
                    id: "crash-\(i)", phase: .focus, startedAt: Date(timeIntervalSince1970: Double(now - 600)),
                    planned: 1500, counted: 300,
                    updatedAt: Date(timeIntervalSince1970: Double(now - 300)), paused: false, tags: [tag], note: nil,
                    tz: "UTC", pid: 1, cycle: 1, cycles: 1)
                try AppStore(paths: paths).saveRunningState(state)
                status = try Self.killed(
                    ["status"], home: home.path, env: Self.env(i), after: .random(in: 0...0.03, using: &rng))
                committed[tag] = 1
            case .logEdit, .logDelete:
                // The session the last `log add` round recorded (or any other when that one was killed).
                guard let target = previous.focusLogs.last(where: { $0.source == .manual }) ?? previous.focusLogs.last
                else { continue }
                let args =
                    op == .logEdit
                    ? ["log", "edit", target.id, "--note", "edited \(i)"] : ["log", "delete", target.id]
                status = try Self.killed(
                    args, home: home.path, env: Self.env(i), after: .random(in: 0...0.03, using: &rng))
                if op == .logDelete, let t = target.tags.first { changes[t] = -1 }
            case .undo:
                switch previous.lastUndoable() {
                case .session(let log)?: changes[log.tags.first ?? ""] = -1
                case .delete(_, let session?)?: changes[session.tags.first ?? ""] = 1
                case .batch(_, let sessions, _)?: for log in sessions { changes[log.tags.first ?? "", default: 0] -= 1 }
                default: break
                }
                status = try Self.killed(
                    ["undo"], home: home.path, env: Self.env(i), after: .random(in: 0...0.03, using: &rng))
            case .bigImport:
                // Fifteen days a round, years before the other rounds' hours, so no two sessions overlap.
                let file = try ImportFile(
                    count: TortureScale.bigImport, from: Self.base - 4000 * 86_400 + i / 10 * 15 * 86_400, tag: tag,
                    prefix: "big\(i)")
                status = try Self.killed(
                    ["import", file.path, "--from", "jsonl"], home: home.path, env: Self.env(i),
                    after: .random(in: 0...1.5, using: &rng))
                if status == 0 { committed[tag] = TortureScale.bigImport }
            }
            for (t, change) in changes where committed[t] != nil {
                // Done (exit 0) or not: the count before or after the change, and exactly that after a success.
                let counts = try Self.counts(paths)
                let after = (committed[t] ?? 0) + change
                #expect(
                    counts[t, default: 0] == after || (status == nil && counts[t, default: 0] == committed[t]),
                    "\(op) \(i): \(counts[t, default: 0]) sessions tagged \(t), expected \(after)")
                committed[t] = counts[t, default: 0]
            }
            // The next command recovers whatever was left, exactly once; the journal stays healthy.
            let next = try FocusBinary.run(["status"], home: home.path, env: Self.env(i))
            #expect(next.status == 0 && next.stdout == "idle\n", "after \(op) \(i): \(next.stdout) \(next.stderr)")
            #expect(
                !FileManager.default.fileExists(atPath: paths.runningStateFile), "after \(op) \(i): state left behind")
            let doctor = try FocusBinary.run(["doctor"], home: home.path, env: Self.env(i, later: 1800))
            #expect(doctor.status == 0, "doctor after \(op) \(i): \(doctor.stdout)\(doctor.stderr)")
            let temps = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.contains(".tmp-") }
            #expect(temps.count <= 3, "after \(op) \(i): temp files pile up: \(temps)")
            let store = AppStore(paths: paths)
            try store.load()
            // Every line reads, or is a record a kill cut short (never saved); no id is read twice; nothing seen is
            // ever gone.
            #expect(store.issues.isEmpty, "after \(op) \(i): \(store.issues)")
            #expect(store.duplicates.isEmpty, "after \(op) \(i): \(store.duplicates)")
            let ids = Set(store.history.sessions.map(\.id) + store.history.changes.map(\.id))
            #expect(saved.isSubset(of: ids), "after \(op) \(i): lost \(saved.subtracting(ids).sorted().prefix(5))")
            saved = ids
            previous = store
            let counts = Dictionary(grouping: store.focusLogs, by: { $0.tags.first ?? "" }).mapValues(\.count)
            let mine = counts[tag] ?? 0
            let most: Int =
                switch op {
                case .importFile: 3
                case .bigImport: TortureScale.bigImport
                case .start, .configSet, .logEdit, .logDelete, .undo: 0
                case .recording, .logAdd, .recovery: 1
                }
            #expect(
                mine == 0 || mine == most || op != .bigImport,
                "after \(op) \(i): \(mine) of \(most) imported: an import is all or nothing")
            #expect(mine <= most, "after \(op) \(i): \(mine) sessions tagged \(tag)")
            if mine > 0 { committed[tag] = max(committed[tag] ?? 0, mine) }
            for (t, expected) in committed {
                #expect(
                    counts[t, default: 0] == expected,
                    "after \(op) \(i): \(counts[t] ?? 0) sessions tagged \(t), expected \(expected)")
            }
        }
    }

    /// Effective sessions by tag.
    static func counts(_ paths: DataPaths) throws -> [String: Int] {
        let store = AppStore(paths: paths)
        try store.load()
        return Dictionary(grouping: store.focusLogs, by: { $0.tags.first ?? "" }).mapValues(\.count)
    }

    @Test func concurrentLogAddsKeepEveryRecord() throws {
        let home = try TempHome()
        let writers = TortureScale.writers
        let adds = TortureScale.addsPerWriter
        let start = Self.base - 30 * 86_400
        let failures = Mutex(0)
        let path = home.path
        DispatchQueue.concurrentPerform(iterations: writers) { w in
            for k in 0..<adds {
                let slot = start + (w * adds + k) * 120
                let args = ["log", "add", "--start", Self.local(slot), "--duration", "1m", "--tag", "w\(w)"]
                if (try? FocusBinary.run(args, home: path, env: Self.env(0)).status) != 0 {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        let lines = home.journalLines()
        #expect(lines.count == writers * adds)
        #expect(lines.allSatisfy { (try? JournalCodec.decode(Array($0.utf8))) != nil })
        let store = AppStore(paths: DataPaths(dataDirectory: home.path, configDirectory: home.path))
        try store.load()
        #expect(store.issues.isEmpty && store.duplicates.isEmpty)
        #expect(store.focusLogs.count == writers * adds)
        #expect(try FocusBinary.run(["doctor"], home: home.path, env: Self.env(0)).status == 0)
    }

    @Test func twoRacingStartsRunExactlyOne() throws {
        for round in 0..<TortureScale.races {
            let home = try TempHome()
            let a = try BackgroundFocus(["start", "2s", "--tag", "a"], home: home.path, env: Self.env(round))
            let b = try BackgroundFocus(["start", "2s", "--tag", "b"], home: home.path, env: Self.env(round))
            let results = [a.finish(), b.finish()]
            #expect(
                results.map(\.status).sorted() == [0, 75],
                "round \(round): \(results.map { "\($0.status) \($0.stderr)" })")
            #expect(home.journalLines().count == 1)
        }
    }

    /// Many `focus undo` at once take back that many records, each once: the newest undoable record is chosen
    /// and taken back under the change lock. Before issue 13 two undos could choose the same record.
    @Test func concurrentUndosTakeBackEachRecordOnce() throws {
        let home = try TempHome()
        let n = TortureScale.undoers
        for k in 0..<n {
            let args = ["log", "add", "--start", Self.local(Self.base - (k + 1) * 3600), "--duration", "10m"]
            #expect(try FocusBinary.run(args, home: home.path, env: Self.env(0)).status == 0)
        }
        let undos = try (0..<n).map { _ in try BackgroundFocus(["undo"], home: home.path, env: Self.env(0)) }
        let results = undos.map { $0.finish() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map { "\($0.status) \($0.stderr)" })")
        let store = AppStore(paths: DataPaths(dataDirectory: home.path, configDirectory: home.path))
        try store.load()
        let targets = store.history.changes.map(\.target)
        #expect(targets.count == n && Set(targets).count == n, "\(targets)")
        #expect(store.focusLogs.isEmpty)
        #expect(try FocusBinary.run(["undo"], home: home.path, env: Self.env(0)).status == 1)
    }

    /// Imports of one file at once add it once: the second finds the first's sessions in the journal. Before issue
    /// 13 each appended the whole file (9,000 lines for 3,000 sessions).
    @Test func concurrentImportsOfOneFileAddItOnce() throws {
        let home = try TempHome()
        let n = TortureScale.concurrentImport
        let file = try ImportFile(count: n, from: Self.base - 30 * 86_400, tag: "same", prefix: "c")
        let imports = try (0..<TortureScale.importers).map { _ in
            try BackgroundFocus(["import", file.path, "--from", "jsonl"], home: home.path, env: Self.env(0))
        }
        let results = imports.map { $0.finish() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map { "\($0.status) \($0.stderr)" })")
        #expect(results.filter { $0.stdout.hasPrefix("Added \(n) sessions") }.count == 1)
        let store = AppStore(paths: DataPaths(dataDirectory: home.path, configDirectory: home.path))
        try store.load()
        #expect(store.history.sessions.count == n && store.duplicates.isEmpty, "\(store.duplicates.count) duplicates")
        let batches = try FileManager.default.contentsOfDirectory(atPath: home.path + "/journal").filter {
            $0.contains(".batch-")
        }
        #expect(batches.count == 1, "\(batches)")
    }

    /// A reader that starts while an append is half written (the writer holds the journal's exclusive lock, as
    /// every append does) waits for it and then reads the whole record: it never reports half a line. Before
    /// issue 13 readers took no lock and warned about the half line as unreadable.
    @Test func readersWaitForAnAppendInProgress() throws {
        let home = try TempHome()
        try home.writeJournal([BadInputTests.good])
        let line =
            Array(
                BadInputTests.good.replacingOccurrences(of: "good", with: "late").replacingOccurrences(
                    of: "T09:", with: "T11:"
                ).utf8) + [10]
        let fd = open(home.journalFile, O_WRONLY | O_APPEND)
        #expect(fd >= 0 && flock(fd, LOCK_EX) == 0)
        #expect(write(fd, line, 40) == 40)
        let reader = try BackgroundFocus(["log"], home: home.path, env: ["FOCUS_NOW": BadInputTests.now])
        usleep(300_000)
        let waited = reader.isRunning
        #expect(line[40...].withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) } == line.count - 40)
        close(fd)
        let r = reader.finish()
        #expect(waited, "the reader did not wait for the append: \(r.stderr)")
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains("late") && r.stdout.contains("good"), "\(r.stdout)")
    }
}
