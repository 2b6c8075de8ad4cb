import Foundation
import Testing

@Suite("Expedition end to end")
struct ExpeditionEndToEndTests {
    static let now = "2026-11-29T18:00:00Z"

    /// Journal lines for `count` daily 25-minute sessions from 2026-11-02 09:00 UTC.
    static func journal(_ count: Int, source: String? = nil) -> [String] {
        (0..<count).map { n in
            let day = n + 2 < 10 ? "0\(n + 2)" : "\(n + 2)"
            let extra = source.map { ",\"source\":\"\($0)\"" } ?? ""
            return
                "{\"id\":\"e\(n)\",\"start\":\"2026-11-\(day)T09:00:00Z\",\"end\":\"2026-11-\(day)T09:25:00Z\","
                + "\"planned\":1500,\"focused\":1500,\"completed\":true,\"tz\":\"UTC\"\(extra)}"
        }
    }

    /// The binary copied alone into an empty folder still has its route: resources are embedded, no `Bundle.module`.
    @Test func binaryCopiedAloneShowsTheExpedition() throws {
        let folder = try TempHome(device: nil)
        let home = try TempHome()
        let alone = folder.path + "/focus"
        try FileManager.default.copyItem(atPath: FocusBinary.path, toPath: alone)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: alone)
        process.arguments = ["expedition"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.environment = ["FOCUS_HOME": home.path, "FOCUS_NOW": Self.now, "TZ": "UTC", "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        // A child another test forks while the copy is still open for writing keeps it "busy" (ETXTBSY) for an
        // instant: try again rather than fail.
        for attempt in 1...20 {
            do {
                try process.run()
                break
            } catch let error as NSError where attempt < 20 && "\(error)".contains("Text file busy") {
                usleep(50_000)
            }
        }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("Demo data: nothing is recorded yet."))
        #expect(text.contains("of 11 ·"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["focus"])
    }

    @Test(arguments: ["UTC", "Asia/Shanghai", "America/New_York"])
    func expeditionFromTheJournal(tz: String) throws {
        let home = try TempHome()
        try home.writeJournal(Self.journal(3))
        let result = try FocusBinary.run(["expedition"], home: home.path, tz: tz, now: Self.now)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Chapter 2 of 11 · Seville, Spain"))
        #expect(result.stdout.contains("Miles: 180 · Stamps: 1 of 11 · Next city: Madrid, Spain"))
        #expect(home.contents("state/cache/expedition.json") != nil)
    }

    @Test func manualSessionsCountInStatsNotInTheGame() throws {
        let home = try TempHome()
        try home.writeJournal(Self.journal(5, source: "manual"))
        let result = try FocusBinary.run(["expedition", "--json"], home: home.path, now: Self.now)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["isDemo"] as? Bool == false)
        #expect(object["started"] as? Bool == false)
        #expect(object["totalMiles"] as? Int == 0)
    }

    @Test func passportAndProfileJSON() throws {
        let home = try TempHome()
        try home.writeJournal(Self.journal(3))
        let passport = try FocusBinary.run(["passport", "--json"], home: home.path, now: Self.now)
        let stamps =
            (try JSONSerialization.jsonObject(with: Data(passport.stdout.utf8)) as! [String: Any])["stamps"]
            as! [[String: Any]]
        #expect(stamps.map { $0["stampedOn"] as? String } == ["2026-11-04"])
        let profile = try FocusBinary.run(["profile", "--json"], home: home.path, now: Self.now)
        let object = try JSONSerialization.jsonObject(with: Data(profile.stdout.utf8)) as! [String: Any]
        #expect((object["level"] as? [String: Any])?["title"] as? String == "Wanderer")
        #expect(object["totalFocusSeconds"] as? Int == 4500)
        #expect(object["longestStreak"] as? Int == 3)
        let text = try FocusBinary.run(["passport"], home: home.path, now: Self.now)
        #expect(text.stdout.contains("│ 01 LISBON            │"))
    }

    @Test func invalidUserDefinitionsExit65NamingFilePlaceAndProblem() throws {
        let home = try TempHome()
        let file = home.path + "/expeditions.json"
        try
            (#"{"deepFocusMinutes":50,"chapters":[{"id":"a","title":"A","country":"B","story":"C","soundscape":"D","#
            + #""missions":[{"id":"m","title":"M","kind":"pages","targetValue":3,"rewardMiles":1}]}]}"#)
            .write(toFile: file, atomically: false, encoding: .utf8)
        for command in ["expedition", "passport", "profile"] {
            let result = try FocusBinary.run([command], home: home.path, now: Self.now)
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("Error: \(file): chapters[0].missions[0].kind: unknown mission kind"))
        }
    }

    @Test func userDefinitionsReplaceTheRoute() throws {
        let home = try TempHome()
        try
            (#"{"deepFocusMinutes":50,"chapters":[{"id":"home","title":"Hometown","country":"Here","story":"Start "#
            + #"close.","soundscape":"Rain","missions":[{"id":"h","title":"Two sessions","kind":"sessionCount","#
            + #""targetValue":2,"rewardMiles":7}]}]}"#)
            .write(toFile: home.path + "/expeditions.json", atomically: false, encoding: .utf8)
        try home.writeJournal(Self.journal(2))
        let result = try FocusBinary.run(["expedition"], home: home.path, now: Self.now)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Expedition complete: all 1 chapters stamped, 7 miles."))
    }
}
