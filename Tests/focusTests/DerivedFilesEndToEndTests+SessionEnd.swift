import FocusCore
import Foundation
import Testing

/// The end of a session in a home without derived files: the countdown brings them up to date, so the end prints
/// what it prints with them, records its line once, and leaves them current.
extension DerivedFilesEndToEndTests {
    /// What happens while the session counts down.
    enum Meanwhile: String, CaseIterable {
        /// Nothing: the phase runs out.
        case nothing
        /// Another terminal records a session (`focus log add`).
        case anotherTerminalAppends
        /// SIGTERM stops the session (begun five minutes earlier, so it is recorded as interrupted), right as the
        /// countdown begins: with this history the preparation is still running then.
        case terminated
    }

    /// `count` timer sessions of 25 minutes, one every 3 hours up to two days ago, in the device's own file.
    static func history(count: Int) -> [String] {
        let tags = ["coding", "writing", "study", "写作"]
        let first = 1_795_996_800 - 2 * 86_400 - count * 10_800
        return (0..<count).map { i in
            let start = first + i * 10_800
            return
                #"{"id":"\#(String(format: "%032x", i + 1))","start":"\#(UTCTimestamp.format(epochSeconds: start))","#
                + #""end":"\#(UTCTimestamp.format(epochSeconds: start + 1_500))","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"\#(tags[i % tags.count])"}"#
        }
    }

    /// Runs a session in `home` with `meanwhile` happening; what it printed.
    static func endSession(in home: TempHome, _ meanwhile: Meanwhile) throws -> RunResult {
        switch meanwhile {
        case .nothing: return try FocusBinary.run(["start", "2s", "--tag", "ended"], home: home.path)
        case .anotherTerminalAppends:
            let timer = try BackgroundFocus(["start", "3s", "--tag", "ended"], home: home.path)
            #expect(eventually { home.contents("state/running.json") != nil })
            let other = try FocusBinary.run(
                ["log", "add", "--start", "-2h", "--duration", "25m", "--tag", "other"], home: home.path)
            #expect(other.status == 0, "\(other.stderr)")
            return timer.finish()
        case .terminated:
            let timer = try BackgroundFocus(["start", "25m", "--at", "-5m", "--tag", "ended"], home: home.path)
            #expect(eventually { home.contents("state/running.json") != nil })
            kill(timer.pid, SIGTERM)
            return timer.finish()
        }
    }

    @Test(arguments: Meanwhile.allCases)
    func aSessionEndingWithoutDerivedFilesPrintsWhatItPrintsWithThem(_ meanwhile: Meanwhile) throws {
        let warm = try TempHome()
        try warm.writeJournal(meanwhile == .terminated ? Self.history(count: 20_000) : Self.history())
        #expect(try FocusBinary.run(["expedition"], home: warm.path, now: Self.now).status == 0)
        let cold = try TempHome(device: nil)
        try FileManager.default.removeItem(atPath: cold.path)
        try FileManager.default.copyItem(atPath: warm.path, toPath: cold.path)
        try FileManager.default.removeItem(atPath: cold.path + "/state/cache")
        let before = Set(cold.journalLines())

        let got = try Self.endSession(in: cold, meanwhile)
        let reference = try Self.endSession(in: warm, meanwhile)
        #expect(got.status == reference.status)
        #expect(got.status == (meanwhile == .terminated ? 143 : 0))
        // The first line names the clock's minute; the others: the summary, today, the expedition's events.
        #expect(got.stdout.split(separator: "\n").dropFirst() == reference.stdout.split(separator: "\n").dropFirst())
        #expect(got.stderr == reference.stderr)
        #expect(got.stdout.contains(meanwhile == .terminated ? "Stopped early" : "Done"), "\(got.stdout)")

        // Each new session once: the timer's, and the other terminal's.
        let added = cold.journalLines().filter { !before.contains($0) }
        let ids = added.compactMap { line in line.split(separator: "\"").dropFirst(3).first.map(String.init) }
        #expect(added.count == (meanwhile == .anotherTerminalAppends ? 2 : 1), "\(added)")
        #expect(Set(ids).count == added.count)
        #expect(added.filter { $0.contains(#""tag":"ended""#) }.count == 1)

        // The derived files are current: the next commands read them and write nothing.
        let cache = cold.path + "/state/cache/stats-cache.bin"
        let left = try #require(FileManager.default.contents(atPath: cache))
        for command in [["stats", "--range", "7d"], ["expedition"], ["profile"]] {
            let fromCold = try FocusBinary.run(command, home: cold.path, now: Self.now)
            #expect(fromCold.stdout == (try FocusBinary.run(command, home: warm.path, now: Self.now)).stdout)
        }
        #expect(FileManager.default.contents(atPath: cache) == left, "the derived files were left behind the journal")
    }
}
