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

    enum Operation: CaseIterable { case start, recording, logAdd, importFile, configSet, recovery }

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
        var cycles = 1
        var rng = SystemRandomNumberGenerator()
        for i in 0..<TortureScale.kills {
            let op = Operation.allCases[i % Operation.allCases.count]
            let tag = "t\(i)"
            let now = Self.base + i * 3600
            var status: Int32?
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
                    updatedAt: Date(timeIntervalSince1970: Double(now - 300)), paused: false, tag: tag, note: nil,
                    tz: "UTC", pid: 1, cycle: 1, cycles: 1)
                try AppStore(paths: paths).saveRunningState(state)
                status = try Self.killed(
                    ["status"], home: home.path, env: Self.env(i), after: .random(in: 0...0.03, using: &rng))
                committed[tag] = 1
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
            #expect(store.issues.isEmpty, "after \(op) \(i): \(store.issues)")
            let counts = Dictionary(grouping: store.focusLogs, by: { $0.tag ?? "" }).mapValues(\.count)
            let mine = counts[tag] ?? 0
            let most = op == .importFile ? 3 : (op == .start || op == .configSet ? 0 : 1)
            #expect(mine <= most, "after \(op) \(i): \(mine) sessions tagged \(tag)")
            if mine > 0 { committed[tag] = max(committed[tag] ?? 0, mine) }
            for (t, expected) in committed {
                #expect(
                    counts[t] == expected,
                    "after \(op) \(i): \(counts[t] ?? 0) sessions tagged \(t), expected \(expected)")
            }
        }
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
}
