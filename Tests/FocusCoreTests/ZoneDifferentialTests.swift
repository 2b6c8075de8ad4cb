import FocusCore
import Foundation
import Testing

/// The proof: random journals in 14 zones, around DST changes, local midnights, day starts and
/// leap days, read by focus and by `Tests/Support/zone_oracle.py` (Python's zoneinfo and the documented
/// rules, written apart from the Swift code), which must agree on every date, range, streak and total.
@Suite struct ZoneDifferentialTests {
    /// Zones with every kind of change: an hour either way, in both hemispheres, half an hour (Lord
    /// Howe), at midnight (Santiago, Havana), negative DST (Dublin), Ramadan breaks (Casablanca), a
    /// skipped day (Apia), odd offsets (St John's, Chatham, Kathmandu), none recently (Kolkata, Shanghai).
    static let zones = [
        "America/New_York", "Europe/London", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago",
        "America/Havana", "Europe/Dublin", "Africa/Casablanca", "Pacific/Apia", "America/St_Johns",
        "Pacific/Chatham", "Asia/Kathmandu", "Asia/Kolkata", "Asia/Shanghai",
    ]
    static let dayStarts = [0, 0, 1800, 5400, 3 * 3600, 4 * 3600, 23 * 3600, 86_340]
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Support/zone_oracle.py").path

    /// One random journal, the reader's zone and day start, and the ranges asked for.
    struct Journal {
        var reader: String
        var dayStart: Int
        var now: Int
        var logs: [FocusLog]
        var ranges: [StatsRange]
    }

    @Test func focusAgreesWithPythonsZoneinfoOnEveryDateRangeStreakAndTotal() throws {
        var random = TestRandom(seed: 20_261_129)
        let journals = (0..<Self.zones.count * 8).map { Self.journal($0, &random) }
        let expected = try Self.runOracle(journals)
        #expect(expected.count == journals.count)
        var problems: [String] = []
        for (index, (journal, oracle)) in zip(journals, expected).enumerated() {
            let ours = Self.focusResult(journal)
            for key in oracle.keys.sorted() where !Self.same(ours[key], oracle[key]) {
                problems.append(
                    "journal \(index) (\(journal.reader), day start \(journal.dayStart), now \(journal.now)) \(key): "
                        + "focus \(Self.text(ours[key])), Python \(Self.text(oracle[key]))")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) disagreements: \(problems.prefix(5))")
    }

    /// Sessions near one anchor: a DST change of the reader's zone (mostly clocks going back, often with
    /// the day start inside the repeated hour), a leap day, or any instant from 1900 to 2100; starts near
    /// the anchor, near local midnights and day starts, and anywhere in the five weeks before; zones:
    /// mostly the reader's, some absent, some others (those ahead date some sessions tomorrow).
    static func journal(_ index: Int, _ random: inout TestRandom) -> Journal {
        let reader = zones[index % zones.count]
        let zone = Zone(identifier: reader)!
        var dayStart = dayStarts[random.next(in: 0...dayStarts.count - 1)]
        let anchor: Int
        var repeated = 3 * 3600
        switch index / zones.count % 3 {
        case 0:
            let changes = zone.changeCandidates(in: -2_208_988_800, 4_102_444_800).filter {
                zone.secondsFromGMT(at: $0) != zone.secondsFromGMT(at: $0 - 1)
            }
            let backs = changes.filter { zone.secondsFromGMT(at: $0) < zone.secondsFromGMT(at: $0 - 1) }
            let pool = backs.isEmpty || random.next(in: 0...3) == 0 ? changes : backs
            anchor = pool.isEmpty ? random.next(in: 0...4_000_000_000) : pool[random.next(in: 0...pool.count - 1)]
            let jump = zone.secondsFromGMT(at: anchor - 1) - zone.secondsFromGMT(at: anchor)
            if jump >= 120 && random.next(in: 0...2) != 0 {
                // A day start (whole minutes) the wall clock passes twice as it goes back.
                repeated = jump
                let wall = anchor - 1 + zone.secondsFromGMT(at: anchor - 1)
                let inside = wall - random.next(in: 60...jump - 60)
                dayStart = (inside - inside.floorDivision(86_400) * 86_400) / 60 * 60
            }
        case 1:
            let year = [1904, 1948, 1972, 2000, 2016, 2024, 2028, 2048, 2096][random.next(in: 0...8)]
            anchor = CivilDate(year: year, month: 2, day: 29).dayNumber * 86_400 - zone.secondsFromGMT(at: 0)
        default:
            anchor = random.next(in: -2_200_000_000...4_090_000_000)
        }
        var logs: [FocusLog] = []
        for n in 0..<random.next(in: 25...45) {
            let start: Int
            switch random.next(in: 0...3) {
            case 0: start = anchor + random.next(in: -2 * repeated...2 * repeated)
            case 1:
                // Near a local midnight or day start a few days around the anchor.
                let day = (anchor + zone.secondsFromGMT(at: anchor)).floorDivision(86_400) + random.next(in: -3...1)
                let local = day * 86_400 + [0, dayStart][random.next(in: 0...1)] + random.next(in: -5400...5400)
                start = local - zone.secondsFromGMT(at: local)
            default: start = anchor + random.next(in: -35 * 86_400...86_400)
            }
            let tz: String? =
                switch random.next(in: 0...9) {
                case 0, 1: nil
                case 2, 3: zones[random.next(in: 0...zones.count - 1)]
                default: reader
                }
            let focused = random.next(in: 60...5400)
            logs.append(
                FocusLog(
                    id: "s\(n)", start: Date(timeIntervalSince1970: Double(start)),
                    end: Date(timeIntervalSince1970: Double(start + focused)), planned: focused, focused: focused,
                    completed: random.next(in: 0...4) != 0, tz: tz))
        }
        let now = anchor + random.next(in: -3600...2 * 86_400)
        let today = LocalDays(timeZone: zone, dayStartSeconds: dayStart).date(
            of: Date(timeIntervalSince1970: Double(now)))
        let ranges: [StatsRange] = [
            .lastDays(7), .lastDays(30), .all, .dates(from: today.adding(days: -10), to: today.adding(days: -2)),
        ]
        return Journal(reader: reader, dayStart: dayStart, now: now, logs: logs, ranges: ranges)
    }

    /// What focus says, in the oracle's terms.
    static func focusResult(_ journal: Journal) -> [String: Any] {
        let days = LocalDays(timeZone: Zone(identifier: journal.reader)!, dayStartSeconds: journal.dayStart)
        let now = Date(timeIntervalSince1970: Double(journal.now))
        var result: [String: Any] = [
            "dates": journal.logs.map { days.date(of: $0).isoString },
            "today": days.date(of: now).isoString,
        ]
        var ranges: [[String: Any]] = []
        var last: StatsData?
        for range in journal.ranges {
            let data = StatsService.buildStatsData(focusLogs: journal.logs, range: range, now: now, days: days)
            ranges.append([
                "from": data.from.isoString, "to": data.to.isoString,
                "days": data.days.map { [$0.date.isoString, $0.focusedSeconds, $0.sessions] as [Any] },
                "focused": data.focusedSeconds, "sessions": data.sessions, "completed": data.completedSessions,
                "previous": [data.previous?.focusedSeconds ?? 0, data.previous?.sessions ?? 0], "byHour": data.byHour,
            ])
            last = data
        }
        result["ranges"] = ranges
        result["todayFocused"] = last!.today.focusedSeconds
        result["currentStreak"] = streak(last!.currentStreak)
        result["longestStreak"] = streak(last!.longestStreak)
        return result
    }

    static func streak(_ streak: Streak) -> [Any] {
        [streak.days, streak.start?.isoString ?? NSNull(), streak.end?.isoString ?? NSNull()]
    }

    /// Runs the oracle on `journals`; fails with the command to install what is missing.
    static func runOracle(_ journals: [Journal]) throws -> [[String: Any]] {
        let folder = try TemporaryFolder()
        let input = folder.path + "/journals.json"
        let output = folder.path + "/oracle.json"
        let payload: [String: Any] = [
            "journals": journals.map { journal in
                [
                    "reader": journal.reader, "dayStart": journal.dayStart, "now": journal.now,
                    "sessions": journal.logs.map { log in
                        [
                            "start": Int(log.start.timeIntervalSince1970), "focused": log.focused,
                            "completed": log.completed, "tz": log.tz ?? NSNull(),
                        ] as [String: Any]
                    },
                    "ranges": journal.ranges.map { range -> [String: Any] in
                        switch range {
                        case .lastDays(let n): ["kind": "last", "days": n]
                        case .all: ["kind": "all"]
                        case .dates(let from, let to), .period(_, let from, let to):
                            ["kind": "dates", "from": from.dayNumber, "to": to.dayNumber]
                        }
                    },
                ] as [String: Any]
            }
        ]
        try JSONSerialization.data(withJSONObject: payload).write(to: URL(fileURLWithPath: input))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", oracle, input, output]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus != 127 else {
            throw OracleError("python3 is missing: apt-get install -y python3 (it needs zoneinfo, Python 3.9 or later)")
        }
        guard process.terminationStatus == 0 else { throw OracleError("zone_oracle.py failed: \(message)") }
        let parsed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
        return (parsed as? [String: Any])?["journals"] as? [[String: Any]] ?? []
    }

    struct OracleError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Equality as JSON text.
    static func same(_ a: Any?, _ b: Any?) -> Bool { text(a) == text(b) }

    static func text(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: [value], options: .sortedKeys)
        else { return "nil" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Int {
    /// Division rounding towards negative infinity.
    fileprivate func floorDivision(_ d: Int) -> Int {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
