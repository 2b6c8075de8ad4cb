import FocusCore
import Foundation
import Testing

/// `focus dashboard` reads its tabs through the derived files (as the commands do) and the journal only when they
/// cannot tell: every frame is the same whether they are current, missing, or cannot be written (then it reads the
/// whole journal, as it did before), and a session another process records reaches the Log.
@Suite(.serialized) struct DashboardDerivedEndToEndTests {
    static let now = DashboardEndToEndTests.now

    /// The derived files of the home the dashboard starts in.
    enum Derived: String, CaseIterable {
        /// Built by `focus expedition` and `focus stats` before.
        case current
        /// None: the dashboard's first read builds them.
        case missing
        /// A folder stands where the stats cache would be: it can be neither read nor written, so every read goes to
        /// the journal.
        case unwritable
    }

    /// 260 sessions, one a day up to yesterday (Shanghai), more than the derived files keep of the newest; a few with
    /// two tags, and with `deepTies` two tags used only together, long ago (their order is the sessions' there).
    static func history(deepTies: Bool) -> [String] {
        let tags = ["coding", "writing", "study", "写作"]
        let today = 1_795_881_600  // 2026-11-29 00:00 in Shanghai
        return (0..<260).map { i in
            let start = today - (260 - i) * 86_400 + 3_600 + (i % 5) * 1_800
            var tagged = [tags[i % tags.count]]
            if i % 50 == 7 { tagged.append("review") }
            if deepTies, i == 3 { tagged = ["zeta", "alpha"] }
            let list = tagged.map { "\"\($0)\"" }.joined(separator: ",")
            return
                #"{"id":"\#(String(format: "%032x", i + 1))","start":"\#(UTCTimestamp.format(epochSeconds: start))","#
                + #""end":"\#(UTCTimestamp.format(epochSeconds: start + 1_500 - i % 3 * 300))","planned":1500,"#
                + #""focused":\#(1_500 - i % 3 * 300),"completed":\#(i % 9 != 4),"tag":"\#(tagged[0])","#
                + #""tags":[\#(list)]}"#
        }
    }

    static func home(_ derived: Derived, deepTies: Bool) throws -> TempHome {
        let home = try TempHome()
        try home.writeJournal(Self.history(deepTies: deepTies))
        switch derived {
        case .current:
            for command in [["expedition"], ["stats"]] {
                let r = try FocusBinary.run(command, home: home.path, tz: "Asia/Shanghai", now: Self.now)
                #expect(r.status == 0, "\(r.stderr)")
            }
            #expect(FileManager.default.fileExists(atPath: home.path + "/state/cache/stats-cache.bin"))
        case .missing: break
        case .unwritable:
            try FileManager.default.createDirectory(
                atPath: home.path + "/state/cache/stats-cache.bin/kept", withIntermediateDirectories: true)
        }
        return home
    }

    /// The keys pressed in turn: every tab, every range and two tags of the Stats tab, the Log scrolled to its
    /// bottom (past the newest sessions the derived files keep) and back, a deletion asked and declined.
    static let keys: [String] = [
        "2", "r", "r", "r", "r", "r", "t", "t", "t", "3", "4", "5", "6", "j", "j", "d", "n", "NPage", "NPage", "G",
        "k", "g", "1",
    ]

    /// The screen after each of ``keys``, once it stopped changing.
    static func frames(_ home: TempHome) throws -> [String] {
        let tmux = try Tmux(command: try DashboardEndToEndTests.script(home), width: 80, height: 24)
        #expect(try eventually(timeout: 30) { try settled(tmux).contains("No session is running") })
        var frames: [String] = []
        for key in keys {
            try tmux.send(key)
            frames.append(try settled(tmux))
        }
        return frames
    }

    /// The screen once three looks 150 ms apart saw the same.
    static func settled(_ tmux: Tmux) throws -> String {
        var last = try DashboardEndToEndTests.text(tmux)
        var same = 0
        for _ in 0..<200 where same < 3 {
            usleep(150_000)
            let now = try DashboardEndToEndTests.text(tmux)
            same = now == last ? same + 1 : 0
            last = now
        }
        return last
    }

    @Test(arguments: [false, true])
    func everyFrameIsTheSameWhateverTheDerivedFiles(deepTies: Bool) throws {
        guard Tmux.path != nil else {
            Issue.record("tmux is needed for the dashboard tests (.ci/run installs it)")
            return
        }
        let reference = try Self.frames(try Self.home(.unwritable, deepTies: deepTies))
        #expect(reference[12].contains("History · 1–"), "\(reference[12])")
        #expect(reference[19].contains("of 260"), "\(reference[19])")
        for derived in [Derived.current, .missing] {
            let frames = try Self.frames(try Self.home(derived, deepTies: deepTies))
            for (index, (got, expected)) in zip(frames, reference).enumerated() {
                #expect(
                    got == expected, "\(derived), after \(Self.keys[index]) (key \(index)):\n\(got)\n---\n\(expected)")
            }
        }
    }

    @Test func aSessionAnotherProcessRecordsReachesTheLogAsAFreshStartShowsIt() throws {
        guard Tmux.path != nil else {
            Issue.record("tmux is needed for the dashboard tests (.ci/run installs it)")
            return
        }
        let home = try Self.home(.current, deepTies: false)
        let tmux = try Tmux(command: try DashboardEndToEndTests.script(home), width: 80, height: 24)
        #expect(try eventually(timeout: 30) { try DashboardEndToEndTests.text(tmux).contains("No session is running") })
        try tmux.send("6")
        #expect(try eventually { try DashboardEndToEndTests.text(tmux).contains("of 260") })
        let added = try FocusBinary.run(
            ["log", "add", "--start", "2026-11-29 08:00", "--duration", "20m", "--tag", "elsewhere"], home: home.path,
            tz: "Asia/Shanghai", now: Self.now)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try eventually { try DashboardEndToEndTests.text(tmux).contains("of 261") })
        // It arrived above the selected session, which stays selected; at the top, it is the one selected.
        try tmux.send("g")
        let shown = try Self.settled(tmux)
        let row = shown.split(separator: "\n").first { $0.contains("2026-11-29  08:00–08:20  20m") }
        #expect(row?.hasPrefix("› ") == true, "\(shown)")
        // The same as a dashboard started afresh on the home as it is now.
        let fresh = try Tmux(command: try DashboardEndToEndTests.script(home), width: 80, height: 24)
        #expect(
            try eventually(timeout: 30) { try DashboardEndToEndTests.text(fresh).contains("No session is running") })
        try fresh.send("6")
        #expect(try eventually { try DashboardEndToEndTests.text(fresh).contains("of 261") })
        try fresh.send("g")
        #expect(try Self.settled(fresh) == shown)
    }
}
