import Foundation
import Testing

/// `focus stats` end to end: the built binary on a generated journal, with pinned `FOCUS_NOW` and `TZ`.
@Suite struct StatsCommandTests {
    static let now = "2026-11-29T18:00:00Z"

    /// One 25-minute session at 14:00Z on each of the 60 days to 2026-11-29, plus one at
    /// 2026-11-23T03:30Z: Monday in UTC, Sunday evening in New York.
    static func generatedJournal() -> [String] {
        let first = instant("2026-10-01T14:00:00Z")
        var lines = (0..<60).map { offset in
            line(
                id: "d\(offset)", start: first.addingTimeInterval(Double(offset) * 86_400), minutes: 25,
                tag: offset % 2 == 0 ? "coding" : "writing")
        }
        lines.append(line(id: "evening", start: instant("2026-11-23T03:30:00Z"), minutes: 50, tag: nil))
        lines.append(
            line(id: "old", start: instant("2025-12-01T14:00:00Z"), minutes: 10, tag: "coding", completed: false))
        return lines
    }

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func line(id: String, start: Date, minutes: Int, tag: String?, completed: Bool = true) -> String {
        let f = ISO8601DateFormatter()
        let end = start.addingTimeInterval(Double(minutes * 60))
        let tagField = tag.map { ",\"tag\":\"\($0)\"" } ?? ""
        return
            "{\"id\":\"\(id)\",\"start\":\"\(f.string(from: start))\",\"end\":\"\(f.string(from: end))\","
            + "\"planned\":1500,\"focused\":\(minutes * 60),\"completed\":\(completed)\(tagField)}"
    }

    static func json(_ result: RunResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The evening session counts in the 7 days in UTC, but belongs to 2026-11-22 in New York.
    @Test(arguments: [
        ("UTC", "7d", 8, 7 * 1500 + 3000, "2026-11-23", "2026-11-29"),
        ("America/New_York", "7d", 7, 7 * 1500, "2026-11-23", "2026-11-29"),
        ("UTC", "30d", 31, 30 * 1500 + 3000, "2026-10-31", "2026-11-29"),
        // now is 02:00 on the 30th there
        ("Asia/Shanghai", "all", 62, 60 * 1500 + 3000 + 600, "2025-12-01", "2026-11-30"),
        ("UTC", "week", 8, 7 * 1500 + 3000, "2026-11-23", "2026-11-29"),
        ("America/New_York", "week", 7, 7 * 1500, "2026-11-23", "2026-11-29"),
        ("America/New_York", "last-week", 8, 7 * 1500 + 3000, "2026-11-16", "2026-11-22"),
        ("UTC", "yesterday", 1, 1500, "2026-11-28", "2026-11-28"),
        ("UTC", "month", 30, 29 * 1500 + 3000, "2026-11-01", "2026-11-29"),
        ("UTC", "last-month", 31, 31 * 1500, "2026-10-01", "2026-10-31"),
    ])
    func totalsUnderPinnedZone(tz: String, range: String, sessions: Int, seconds: Int, from: String, to: String) throws
    {
        let home = try TempHome()
        try home.writeJournal(Self.generatedJournal())
        let result = try FocusBinary.run(["stats", "--range", range, "--json"], home: home.path, tz: tz, now: Self.now)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try Self.json(result)
        #expect(object["sessions"] as? Int == sessions)
        #expect(object["focusedSeconds"] as? Int == seconds)
        #expect(object["from"] as? String == from && object["to"] as? String == to)
        #expect(object["range"] as? String == range)
        #expect(object["isDemo"] as? Bool == false)
    }

    @Test func textReportWithTagAndDates() throws {
        let home = try TempHome()
        try home.writeJournal(Self.generatedJournal())
        let result = try FocusBinary.run(
            ["stats", "--from", "2026-11-01", "--to", "2026-11-10", "--tag", "coding"], home: home.path,
            tz: "America/New_York", now: Self.now,
            env: ["COLUMNS": "40"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Focus stats · 10 days · #coding\n"))
        #expect(result.stdout.contains("Focused    2h05m in 5 sessions"))
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 40 })
    }

    @Test func emptyJournalShowsDemoAndWritesNothing() throws {
        let home = try TempHome(device: nil)
        let text = try FocusBinary.run(["stats"], home: home.path, now: Self.now, env: ["NO_COLOR": "1"])
        #expect(text.status == 0 && text.stdout.contains("Demo data") && !text.stdout.contains("\u{1B}"))
        let json = try FocusBinary.run(["stats", "--range", "1y", "--json"], home: home.path, now: Self.now)
        #expect(try Self.json(json)["isDemo"] as? Bool == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test(arguments: [
        (["--range", "8x"], "not a range"),
        (["--range", "7d", "--from", "2026-11-01"], "not both"),
        (["--from", "2026-11-30", "--to", "2026-11-01"], "after --to"),
        (["--to", "2026-11-01"], "needs --from"),
        (["--from", "2026-13-01"], "not a date"),
        (["--weekly"], "unknown option"),
        (["--tag", ""], "--tag is empty"),
    ])
    func usageErrorsExit64(args: [String], reason: String) throws {
        let home = try TempHome()
        let result = try FocusBinary.run(["stats"] + args, home: home.path, now: Self.now)
        #expect(result.status == 64)
        #expect(result.stderr.contains(reason) && result.stderr.contains("Usage: focus stats"))
    }
}
