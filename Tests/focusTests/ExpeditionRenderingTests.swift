import FocusCore
import Foundation
import Testing

@testable import focus

@Suite("Expedition rendering")
struct ExpeditionRenderingTests {
    let days = LocalDays(timeZone: Zone(identifier: "UTC")!)
    /// 2026-11-29T18:00:00Z
    let now = Date(timeIntervalSince1970: 1_795_975_200)
    /// `lines` as they show with colour off, joined by newlines.
    func plain(_ lines: [TerminalLine]) -> String { lines.map(\.text).joined(separator: "\n") }

    /// A store with `count` daily timer sessions of `minutes` from 2026-11-02 09:00 UTC, expedition loaded.
    func store(_ count: Int, minutes: Int = 25) throws -> AppStore {
        let logs = (0..<count).map { n in
            let start = Date(timeIntervalSince1970: 1_793_610_000 + Double(n) * 86_400)
            return FocusLog(
                id: "s\(n)", start: start, end: start.addingTimeInterval(Double(minutes * 60)), planned: minutes * 60,
                focused: minutes * 60,
                completed: true, tz: "UTC")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)").path
        let store = AppStore(paths: DataPaths(dataDirectory: dir, configDirectory: dir), focusLogs: logs)
        try store.loadExpedition(days: days)
        return store
    }

    @Test func expeditionSnapshot() throws {
        let text = plain(
            ExpeditionView.lines(ExpeditionViewModel(store: try store(4), now: now, days: days), columns: 80))
        #expect(
            text == """
                Chapter 2 of 11 · Seville, Spain
                Orange trees line the river road east, and the bells of the Giralda mark each
                hour of work.

                  Four sessions in the shade       ███████▌░░░░░░░░░░░░░░░░░░░░░░  1/4 sessions
                  An hour and a half of flamenco…  ████████▍░░░░░░░░░░░░░░░░░░░░░  25/90 min
                ✓ Two days in a row                ██████████████████████████████  2/2 days

                Miles: 180 · Stamps: 1 of 11 · Next city: Madrid, Spain
                """)
    }

    @Test func passportSnapshot() throws {
        let text = plain(PassportView.lines(PassportViewModel(store: try store(4), now: now, days: days), columns: 80))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(7)) == [
                "Passport · 1 stamp · 180 miles",
                "",
                "╭──────────────────────╮",
                "│ 01 LISBON            │",
                "│ Portugal             │",
                "│ 2026-11-04 · 180 mi  │",
                "╰──────────────────────╯",
            ])
        #expect(text.contains("Sounds · 5 of 17 unlocked\n  ♪ white   White noise"))
        #expect(text.contains("  ♪ lisbon  Tram 28 on the hill"))
        #expect(text.contains("  02 Seville, Spain  (in progress)"))
        #expect(lines.allSatisfy { $0.unicodeScalars.count <= 80 })
    }

    @Test func passportFitsThreeStampsIn80Columns() throws {
        let text = plain(
            PassportView.lines(PassportViewModel(store: try store(20, minutes: 60), now: now, days: days), columns: 80))
        let top = text.split(separator: "\n").first { $0.hasPrefix("╭") }
        #expect(top?.unicodeScalars.count == 76)
        #expect(text.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 80 })
    }

    @Test func profileSnapshot() throws {
        let text = plain(ProfileView.lines(GrowthViewModel(store: try store(4), now: now, days: days), columns: 80))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Level 1 · Wanderer")
        #expect(lines[1].hasSuffix("  33% to level 2, Day Tripper (5h00m)"))
        #expect(lines[2] == "Total focus: 1h40m · Streak: 0 days (longest 4 days)")
        #expect(lines[4] == "Badges · 2 of 12")
        #expect(lines[5] == "  ✓ First Step          2026-11-02  Complete a focus session")
        #expect(lines[6] == "  ✓ First Stamp         2026-11-04  Stamp a chapter of the expedition")
    }

    @Test func demoIsLabelled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)").path
        let empty = AppStore(paths: DataPaths(dataDirectory: dir, configDirectory: dir))
        for text in [
            plain(ExpeditionView.lines(ExpeditionViewModel(store: empty, now: now, days: days), columns: 80)),
            plain(PassportView.lines(PassportViewModel(store: empty, now: now, days: days), columns: 80)),
            plain(ProfileView.lines(GrowthViewModel(store: empty, now: now, days: days), columns: 80)),
        ] {
            #expect(text.hasPrefix("Demo data: nothing is recorded yet."))
            #expect(text.split(separator: "\n").allSatisfy { $0.unicodeScalars.count <= 80 })
        }
        #expect(
            ExpeditionView.json(ExpeditionViewModel(store: empty, now: now, days: days)).contains("\"isDemo\":true"))
    }

    @Test func expeditionJSON() throws {
        let json = ExpeditionView.json(ExpeditionViewModel(store: try store(1), now: now, days: days))
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect(object["isDemo"] as? Bool == false)
        #expect(object["nextCity"] as? String == "Seville, Spain")
        let current = object["current"] as! [String: Any]
        #expect(current["id"] as? String == "lisbon")
        #expect(current["unlockedOn"] as? String == "2026-11-02")
        let missions = current["missions"] as! [[String: Any]]
        #expect(missions.map { $0["progress"] as? Int } == [1, 25, 1])
    }
}
