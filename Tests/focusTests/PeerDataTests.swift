import Foundation
import Testing

/// `focus stats --json` against the peer benchmark's generator and its Python totals.
///
/// `Tests/Support/gen_sessions.py` (the peer benchmark's generator) writes N deterministic sessions and
/// `expected.json`; they are converted to the journal (focused = end - start,
/// planned = planned_minutes * 60) and every window must match exactly.
@Suite struct PeerDataTests {
    static let script = FocusBinary.packageRoot + "/Tests/Support/gen_sessions.py"
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The generator in the repository writes, byte for byte, what the benchmark's original writes for the same
    /// seed: the digest of every file it writes for 1,000 sessions, taken from the original.
    @Test func theGeneratorWritesTheOriginalsSessions() throws {
        let python = try #require(Self.python, "python3 is needed: apt-get install python3")
        let home = try TempHome()
        let out = home.path + "/g"
        let script = """
            import hashlib, os, subprocess, sys
            subprocess.run([sys.executable, sys.argv[1], "1000", "--now", "2026-11-29T18:00:00Z", "--out", sys.argv[2],
                            "--force"], check=True, stdout=subprocess.DEVNULL)
            out = sys.argv[2]
            files = sorted(os.path.relpath(os.path.join(d, f), out) for d, _, fs in os.walk(out) for f in fs)
            digest = lambda f: hashlib.sha256(open(os.path.join(out, f), "rb").read()).hexdigest()
            lines = "".join(digest(f) + "  ./" + f + "\\n" for f in files)
            print(hashlib.sha256(lines.encode()).hexdigest())
            """
        let r = try Spawned(
            executable: python, arguments: ["-c", script, Self.script, out],
            environment: ProcessInfo.processInfo.environment
        ).wait()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "5ad4611118488991424597fb19c1c408c9cc401cbff430611827760386f77569\n")
    }

    @Test func matchesExpectedTotals() throws {
        try #require(Self.python != nil, "python3 is needed: apt-get install python3")
        let home = try TempHome()
        let out = home.path + "/peers"
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: Self.python!)
        generator.arguments = [Self.script, "2000", "--out", out, "--force"]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        generator.waitUntilExit()
        try #require(generator.terminationStatus == 0)

        try home.writeJournal(try Self.convert(String(contentsOfFile: out + "/sessions.jsonl", encoding: .utf8)))
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/expected.json")))
                as? [String: Any])
        let windows = try #require(expected["windows"] as? [String: [String: Any]])
        for range in ["7d", "30d", "all"] {
            let window = try #require(windows[range])
            let result = try FocusBinary.run(
                ["stats", "--range", range, "--json"], home: home.path, tz: "UTC", now: "2026-11-29T18:00:00Z")
            #expect(result.status == 0, "\(result.stderr)")
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(stats["focusedSeconds"] as? Int == window["seconds"] as? Int, "\(range)")
            #expect(stats["sessions"] as? Int == window["count"] as? Int, "\(range)")
            #expect(stats["interruptedSessions"] as? Int == window["abandoned"] as? Int, "\(range)")
            #expect(stats["byTag"] as? [String: Int] == window["per_tag"] as? [String: Int], "\(range)")
        }
    }

    /// The generator's neutral lines as journal lines.
    static func convert(_ text: String) throws -> [String] {
        let parse = ISO8601DateFormatter()
        return try text.split(separator: "\n").map { line in
            let x = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let start = x["start"] as! String
            let end = x["end"] as! String
            let focused = Int(parse.date(from: end)!.timeIntervalSince(parse.date(from: start)!))
            return
                "{\"id\":\"\(x["id"]!)\",\"start\":\"\(start)\",\"end\":\"\(end)\","
                + "\"planned\":\((x["planned_minutes"] as! Int) * 60),"
                + "\"focused\":\(focused),\"completed\":\(x["completed"] as! Bool),\"tag\":\"\(x["tag"]!)\"}"
        }
    }
}
