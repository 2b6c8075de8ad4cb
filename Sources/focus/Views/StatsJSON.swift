import FocusCore

/// `focus stats --json`: one stable JSON object, keys in a fixed order (documented in docs/stats.md).
enum StatsJSON {
    static func render(_ data: StatsData, range: StatsRange) -> String {
        var fields: [(String, String)] = [
            ("range", quoted(range.name)),
            ("from", quoted(data.from.isoString)),
            ("to", quoted(data.to.isoString)),
            ("dayCount", "\(data.dayCount)"),
            ("tag", data.tag.map(JournalCodec.quoted) ?? "null"),
            ("focusedSeconds", "\(data.focusedSeconds)"),
            ("sessions", "\(data.sessions)"),
            ("completedSessions", "\(data.completedSessions)"),
            ("interruptedSessions", "\(data.interruptedSessions)"),
            ("completionRate", number(data.completionRate)),
            ("averageSessionSeconds", "\(data.averageSessionSeconds)"),
            ("longestSessionSeconds", "\(data.longestSessionSeconds)"),
            ("bestDay", data.bestDay.map(day) ?? "null"),
            ("byTag", object(data.byTag.compactMap { t in t.tag.map { ($0, "\(t.focusedSeconds)") } })),
            ("untaggedSeconds", "\(data.byTag.first { $0.tag == nil }?.focusedSeconds ?? 0)"),
            ("byHour", "[" + data.byHour.map(String.init).joined(separator: ",") + "]"),
            ("previous", data.previous.map(previous) ?? "null"),
        ]
        fields += streak("currentStreak", data.currentStreak) + streak("longestStreak", data.longestStreak)
        fields += [
            (
                "today",
                object([
                    ("date", quoted(data.today.date.isoString)), ("focusedSeconds", "\(data.today.focusedSeconds)"),
                    ("goalSeconds", "\(data.today.goalSeconds)"),
                ])
            ),
            ("days", "[" + data.days.map(day).joined(separator: ",") + "]"),
            ("isDemo", "\(data.isDemo)"),
        ]
        return object(fields)
    }

    private static func day(_ d: StatsData.Day) -> String {
        object([
            ("date", quoted(d.date.isoString)), ("focusedSeconds", "\(d.focusedSeconds)"),
            ("sessions", "\(d.sessions)"),
        ])
    }

    private static func previous(_ p: StatsData.Comparison) -> String {
        object([
            ("from", quoted(p.from.isoString)), ("to", quoted(p.to.isoString)),
            ("focusedSeconds", "\(p.focusedSeconds)"),
            ("sessions", "\(p.sessions)"), ("changeSeconds", "\(p.changeSeconds)"),
            ("changeRatio", number(p.changeRatio)),
        ])
    }

    private static func streak(_ key: String, _ s: Streak) -> [(String, String)] {
        [
            (key, "\(s.days)"), (key + "Start", s.start.map { quoted($0.isoString) } ?? "null"),
            (key + "End", s.end.map { quoted($0.isoString) } ?? "null"),
        ]
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { JournalCodec.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// A fraction rounded to four decimals, or `null`.
    private static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        return "\((value * 10_000).rounded() / 10_000)"
    }
}
