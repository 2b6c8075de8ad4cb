import FocusCore

/// `focus stats --json`: one stable JSON object, keys in a fixed order (documented in docs/stats.md).
enum StatsJSON {
    static func render(_ data: StatsData, range: StatsRange) -> String {
        var members: [JSONValue.Member] = [
            .init("range", .string(range.name)),
            .init("from", .string(data.from.isoString)),
            .init("to", .string(data.to.isoString)),
            .init("dayCount", .int(data.dayCount)),
            .init("tag", .string(data.tag)),
            .init("focusedSeconds", .int(data.focusedSeconds)),
            .init("sessions", .int(data.sessions)),
            .init("completedSessions", .int(data.completedSessions)),
            .init("interruptedSessions", .int(data.interruptedSessions)),
            .init("completionRate", fraction(data.completionRate)),
            .init("averageSessionSeconds", .int(data.averageSessionSeconds)),
            .init("longestSessionSeconds", .int(data.longestSessionSeconds)),
            .init("bestDay", data.bestDay.map(day) ?? .null),
            .init(
                "byTag",
                .object(data.byTag.compactMap { t in t.tag.map { JSONValue.Member($0, .int(t.focusedSeconds)) } })),
            .init("untaggedSeconds", .int(data.byTag.first { $0.tag == nil }?.focusedSeconds ?? 0)),
            .init("tagsOverlap", .bool(data.tagsOverlap)),
            .init("byHour", .array(data.byHour.map(JSONValue.int))),
            .init("previous", data.previous.map(previous) ?? .null),
        ]
        members += streak("currentStreak", data.currentStreak) + streak("longestStreak", data.longestStreak)
        members += [
            .init(
                "today",
                .object([
                    "date": .string(data.today.date.isoString), "focusedSeconds": .int(data.today.focusedSeconds),
                    "goalSeconds": .int(data.today.goalSeconds),
                ])),
            .init("days", .array(data.days.map(day))),
            .init("isDemo", .bool(data.isDemo)),
        ]
        return JSONValue.object(members).text()
    }

    private static func day(_ d: StatsData.Day) -> JSONValue {
        .object([
            "date": .string(d.date.isoString), "focusedSeconds": .int(d.focusedSeconds), "sessions": .int(d.sessions),
        ])
    }

    private static func previous(_ p: StatsData.Comparison) -> JSONValue {
        .object([
            "from": .string(p.from.isoString), "to": .string(p.to.isoString), "focusedSeconds": .int(p.focusedSeconds),
            "sessions": .int(p.sessions), "changeSeconds": .int(p.changeSeconds),
            "changeRatio": fraction(p.changeRatio),
        ])
    }

    private static func streak(_ key: String, _ s: Streak) -> [JSONValue.Member] {
        [
            .init(key, .int(s.days)), .init(key + "Start", .string(s.start?.isoString)),
            .init(key + "End", .string(s.end?.isoString)),
        ]
    }

    /// A fraction rounded to four decimals, or `null`.
    private static func fraction(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .double((value * 10_000).rounded() / 10_000)
    }
}
