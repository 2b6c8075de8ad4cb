import FocusCore
import Foundation
import Testing

/// The verbs of people who track rather than time (issue 16): `start --open`, `start --at`, `continue`, `cancel`.
@Suite struct TrackingEndToEndTests {
    static func logs(_ home: TempHome) throws -> [[String: Any]] {
        let result = try FocusBinary.run(["log", "--json", "--limit", "0"], home: home.path)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// An open session begun two minutes ago counts up, says so, and is recorded as completed when stopped.
    @Test func anOpenSessionCountsUpAndIsRecordedAsCompleted() throws {
        let home = try TempHome()
        let timer = try BackgroundFocus(["start", "--open", "--at", "-2m", "--tag", "tracking"], home: home.path)
        #expect(try eventually { home.contents("state/running.json") != nil })
        let status = try FocusBinary.run(["status"], home: home.path)
        #expect(status.stdout.hasPrefix("Focus · open · 02:0") && status.stdout.contains("so far · #tracking"))
        let format = try FocusBinary.run(["status", "--format", "[{remaining}|{ends}|{elapsed}]"], home: home.path)
        #expect(format.stdout.hasPrefix("[||02:0"), "\(format.stdout)")
        let stop = try FocusBinary.run(["stop"], home: home.path)
        #expect(stop.status == 0 && stop.stdout.contains("as completed #tracking"), "\(stop.stdout)")
        #expect(timer.finish().status == 0)
        let row = try #require(try Self.logs(home).first)
        #expect(row["completed"] as? Bool == true && row["planned"] as? Int == row["focused"] as? Int)
        #expect((row["focused"] as? Int ?? 0) >= 120)
    }

    /// `--at` a time longer ago than the plan records the session as it ran: from then, for the plan. A time of day
    /// alone is the latest that has passed: at 13:50, 23:00 is yesterday's.
    @Test(arguments: [
        ("08:00", "2026-12-07T08:00:00Z", "2026-12-07T08:25:00Z", "started 08:00 · ends 08:25"),
        ("23:00", "2026-12-06T23:00:00Z", "2026-12-06T23:25:00Z", "started 23:00 · ends 23:25"),
    ])
    func aPlanUsedUpBeforeTheTimerBeganEndsWhereItRanOut(_ at: String, _ start: String, _ end: String, _ shown: String)
        throws
    {
        let home = try TempHome()
        let result = try FocusBinary.run(["start", "25", "--at", at], home: home.path, now: "2026-12-07T13:50:00Z")
        #expect(result.status == 0 && result.stdout.contains(shown), "\(result.stdout)")
        let row = try #require(try Self.logs(home).first)
        #expect(row["start"] as? String == start && row["end"] as? String == end)
        #expect(row["focused"] as? Int == 1500 && row["completed"] as? Bool == true)
        #expect(home.contents("state/running.json") == nil)
    }

    /// A start in the past that overlaps a recorded session gets `log add`'s note naming it, and still runs.
    @Test(arguments: [("9:10", true), ("9:25", false)])
    func aStartInThePastThatOverlapsARecordedSessionIsNoted(_ at: String, _ overlaps: Bool) throws {
        let home = try TempHome()
        _ = try FocusBinary.run(
            ["log", "add", "--start", "09:00", "--duration", "25m", "--tag", "写作"], home: home.path,
            now: "2026-12-07T09:30:00Z")
        let id = String(try #require(try Self.logs(home).first?["id"] as? String).prefix(8))
        let result = try FocusBinary.run(["start", "25", "--at", at], home: home.path, now: "2026-12-07T13:50:00Z")
        let note = "focus: note: this overlaps 2026-12-07 09:00–09:25 (25m) #写作 (\(id)).\n"
        #expect(result.status == 0 && result.stderr == (overlaps ? note : ""), "\(result.stderr)")
        #expect(try Self.logs(home).count == 2)
    }

    @Test func cancelDropsTheRunningSessionAndRecordsNothing() throws {
        let home = try TempHome()
        let timer = try BackgroundFocus(["start", "10m", "--at", "-5m", "--tag", "gone"], home: home.path)
        #expect(try eventually { home.contents("state/running.json") != nil })
        let cancel = try FocusBinary.run(["cancel"], home: home.path)
        #expect(cancel.status == 0 && cancel.stdout.contains("(5m) is not recorded"), "\(cancel.stdout)")
        #expect(timer.finish().status == 0)
        #expect(try Self.logs(home).isEmpty && home.contents("state/running.json") == nil)
        let again = try FocusBinary.run(["cancel"], home: home.path)
        #expect(again.status == 1 && again.stderr == "Error: no session is running\n")
    }

    @Test func continueStartsWithTheLastSessionsTag() throws {
        let home = try TempHome()
        let none = try FocusBinary.run(["continue", "1s"], home: home.path)
        #expect(none.status == 1 && none.stderr.contains("nothing to continue"))
        _ = try FocusBinary.run(
            ["log", "add", "--start", "2026-11-28 09:00", "--duration", "25m", "--tag", "thesis"], home: home.path,
            now: "2026-11-29T18:00:00Z")
        let next = try FocusBinary.run(["continue", "1s"], home: home.path)
        #expect(next.status == 0 && next.stdout.contains("#thesis"), "\(next.stdout)")
        #expect(try Self.logs(home).first?["tag"] as? String == "thesis")
    }

    @Test(arguments: [
        (["start", "--open", "25"], "--open counts up with no end"),
        (["start", "--open", "--cycles", "2"], "--open counts up with no end"),
        (["start", "--at", "+10m"], "--at"),
        (["start", "--at", "2999-01-01 09:00"], "later than now; give a time that has passed"),
        (["start", "--at", "2000-01-01 09:00"], "more than 24 hours ago"),
    ])
    func badCombinationsAreUsageErrors(_ args: [String], _ message: String) throws {
        let home = try TempHome()
        let result = try FocusBinary.run(args, home: home.path)
        #expect(result.status == 64 && result.stderr.contains(message), "\(result.stderr)")
        #expect(home.contents("state/running.json") == nil)
    }

    /// Change after the fact: shorten, lengthen, split and move, each a record of its own that undo takes back.
    @Test func shortenLengthenSplitAndMove() throws {
        let home = try TempHome()
        let now = "2026-11-29T18:00:00Z"
        func focus(_ args: [String]) throws -> RunResult { try FocusBinary.run(args, home: home.path, now: now) }
        _ = try focus(["log", "add", "--start", "2026-11-29 09:00", "--end", "10:00", "--tag", "t"])
        let id = String(try #require(try Self.logs(home).first?["id"] as? String).prefix(6))
        #expect(try focus(["log", "split", id, "09:20"]).stdout.contains("09:00–09:20 (20m) #t and"))
        #expect(try focus(["log", "edit", id, "--shorten", "5m"]).stdout.contains("09:00–09:15 (15m)"))
        #expect(try focus(["log", "edit", id, "--lengthen", "1m"]).stdout.contains("09:00–09:16 (16m)"))
        #expect(try focus(["log", "move", id, "--start", "08:00"]).stdout.contains("08:00–08:16 (16m)"))
        let rows = try Self.logs(home)
        #expect(rows.map { $0["focused"] as? Int } == [2400, 960])
        let wrong = try focus(["log", "split", id, "12:00"])
        #expect(wrong.status == 64 && wrong.stderr.contains("is not inside the session"))
        let both = try focus(["log", "edit", id, "--shorten", "1m", "--lengthen", "1m"])
        #expect(both.status == 64 && both.stderr.contains("not both"))
        for _ in 0..<5 { _ = try focus(["undo"]) }
        #expect(try Self.logs(home).map { $0["focused"] as? Int } == [3600])
    }
}
