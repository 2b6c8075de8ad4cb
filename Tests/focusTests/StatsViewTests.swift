import FocusCore
import Foundation
import Testing

@testable import focus

@Suite struct StatsViewTests {
    static let now = UTCTimestamp.parse("2026-11-29T18:00:00Z")!

    static func log(_ start: String, _ minutes: Int, completed: Bool = true, tags: [String] = []) -> FocusLog {
        let begin = UTCTimestamp.parse(start)!
        return FocusLog(
            id: start, start: begin, end: begin.addingTimeInterval(Double(minutes * 60)), planned: 1500,
            focused: minutes * 60, completed: completed, tags: tags)
    }

    static let logs = [
        log("2026-11-29T09:00:00Z", 50, tags: ["writing"]),
        log("2026-11-29T14:10:00Z", 25, tags: ["coding"]),
        log("2026-11-27T09:30:00Z", 90, tags: ["coding"]),
        log("2026-11-26T20:00:00Z", 10, completed: false),
        log("2026-11-25T08:00:00Z", 25, tags: ["reading"]),
        log("2026-11-20T09:00:00Z", 100, tags: ["writing"]),
    ]

    static func model(_ logs: [FocusLog] = logs, range: StatsRange = .lastDays(7), heatmap: Bool = false)
        -> StatsViewModel
    {
        let paths = DataPaths(dataDirectory: "/nonexistent/focus", configDirectory: "/nonexistent/focus")
        return StatsViewModel(
            store: AppStore(paths: paths, focusLogs: logs), range: range, heatmapRequested: heatmap, now: now,
            days: LocalDays(timeZone: Zone(identifier: "UTC")!))
    }

    static func render(_ model: StatsViewModel, columns: Int, colour: Bool = false) throws -> String {
        TerminalRenderer(color: colour).render(StatsView.lines(model, data: try model.data, columns: columns))
    }

    @Test func snapshot80() throws {
        #expect(try Self.render(Self.model(), columns: 80) == Self.expected80 + "\n")
    }

    @Test func snapshot40() throws {
        #expect(try Self.render(Self.model(), columns: 40) == Self.expected40 + "\n")
    }

    @Test func heatmapSnapshot40() throws {
        #expect(
            try Self.render(Self.model(range: .lastDays(30), heatmap: true), columns: 40).contains(
                Self.expectedHeatmap40))
    }

    /// Every range, with real and demo data, fits the width it was given.
    @Test(arguments: [40, 60, 80, 120], [StatsRange.lastDays(7), .lastDays(30), .lastDays(90), .lastDays(365), .all])
    func fitsTheWidth(columns: Int, range: StatsRange) throws {
        for logs in [Self.logs, []] {
            let text = try Self.render(Self.model(logs, range: range), columns: columns)
            let widest = text.split(separator: "\n").map(\.displayWidth).max() ?? 0
            #expect(widest <= min(columns, 80))
        }
    }

    @Test func colourOnlyWhenEnabled() throws {
        #expect(try !Self.render(Self.model(), columns: 80).contains("\u{1B}"))
        #expect(try Self.render(Self.model(), columns: 80, colour: true).contains("\u{1B}["))
    }

    @Test func demoIsLabelled() throws {
        let text = try Self.render(Self.model([]), columns: 40)
        #expect(text.contains("Demo data") && text.contains("`focus start`"))
    }

    @Test func jsonSchema() throws {
        let json = StatsJSON.render(try Self.model().data, range: .lastDays(7))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "range", "from", "to", "dayCount", "tag", "focusedSeconds", "sessions", "completedSessions",
                "interruptedSessions", "completionRate", "averageSessionSeconds", "longestSessionSeconds", "bestDay",
                "byTag", "untaggedSeconds", "tagsOverlap", "byHour", "previous", "currentStreak", "currentStreakStart",
                "currentStreakEnd",
                "longestStreak", "longestStreakStart", "longestStreakEnd", "today", "days", "isDemo",
            ])
        #expect(
            object["range"] as? String == "7d" && object["from"] as? String == "2026-11-23"
                && object["to"] as? String == "2026-11-29")
        #expect(object["focusedSeconds"] as? Int == 200 * 60 && object["sessions"] as? Int == 5)
        #expect(object["completedSessions"] as? Int == 4 && object["interruptedSessions"] as? Int == 1)
        #expect(object["byTag"] as? [String: Int] == ["coding": 115 * 60, "writing": 50 * 60, "reading": 25 * 60])
        #expect(object["untaggedSeconds"] as? Int == 600 && object["isDemo"] as? Bool == false)
        #expect(object["currentStreak"] as? Int == 1 && object["currentStreakStart"] as? String == "2026-11-29")
        #expect(object["longestStreak"] as? Int == 1 && object["tag"] is NSNull)
        #expect((object["byHour"] as? [Int])?.count == 24 && object["completionRate"] as? Double == 0.8)
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 7 && Set(days[0].keys) == ["date", "focusedSeconds", "sessions"])
        #expect(days.map { $0["sessions"] as? Int } == [0, 0, 1, 1, 1, 0, 2])
        let previous = try #require(object["previous"] as? [String: Any])
        #expect(
            previous["focusedSeconds"] as? Int == 6000 && previous["changeSeconds"] as? Int == 6000
                && previous["changeRatio"] as? Double == 1)
        let today = try #require(object["today"] as? [String: Any])
        #expect(today["focusedSeconds"] as? Int == 75 * 60 && today["goalSeconds"] as? Int == 6000)
        #expect(json.hasPrefix("{\"range\":\"7d\",\"from\":"))
    }

    static let expected80 = """
        Focus stats · 7 days

        Dates      2026-11-23 → 2026-11-29
        Focused    3h20m in 5 sessions
        Completed  4 · interrupted 1 · 80%
        Average    40m · longest 1h30m
        Best day   Fri 2026-11-27 · 1h30m
        Change     +1h40m (+100%) vs previous
        Streak     1 day · longest 1 day
        Today      1h15m / 1h40m ███████████████░░░░░ 75%

        Per day
        Mon 11-23                                                                      -
        Tue 11-24                                                                      -
        Wed 11-25 █████████████████▊                                                 25m
        Thu 11-26 ███████▏                                                           10m
        Fri 11-27 ████████████████████████████████████████████████████████████████ 1h30m
        Sat 11-28                                                                      -
        Sun 11-29 █████████████████████████████████████████████████████▍           1h15m

        By hour            ▂█    ▂     ▁
                   0     6     12    18

        By tag
        coding   1h55m  57% ███████████████████████████████████████████████████████████
        writing    50m  25% █████████████████████████▋
        reading    25m  13% ████████████▉
        (no tag)   10m   5% █████▏
        """

    static let expected40 = """
        Focus stats · 7 days

        Dates      2026-11-23 → 2026-11-29
        Focused    3h20m in 5 sessions
        Completed  4 · interrupted 1 · 80%
        Average    40m · longest 1h30m
        Best day   Fri 2026-11-27 · 1h30m
        Change     +1h40m (+100%) vs previous
        Streak     1 day · longest 1 day
        Today      1h15m / 1h40m ███████▌░░ 75%

        Per day
        Mon 11-23                              -
        Tue 11-24                              -
        Wed 11-25 ██████▋                    25m
        Thu 11-26 ██▋                        10m
        Fri 11-27 ████████████████████████ 1h30m
        Sat 11-28                              -
        Sun 11-29 ████████████████████     1h15m

        By hour            ▂█    ▂     ▁
                   0     6     12    18

        By tag
        coding   1h55m  57% ███████████████████
        writing    50m  25% ████████▎
        reading    25m  13% ████▏
        (no tag)   10m   5% █▋
        """

    static let expectedHeatmap40 = """
        Calendar (weeks from Monday)
            Nov
        Mon  ····
        Tue  ····
        Wed  ···░
        Thu  ···░
        Fri  ··██
        Sat ·····
        Sun ····▓
            less ·░▒▓█ more
        """
}
