import FocusCore
import FoundationEssentials

/// `focus export`: the effective sessions as CSV, JSON, JSONL or iCalendar.
enum ExportCommand: ParsableCommand {
    static let format = Option<SessionExporter.Format>(
        "format", "F",
        """
        csv (RFC 4180), json, jsonl (journal format) or ical (one event per session); default jsonl, except on a \
        terminal
        """,
        parser: .choice())
    static let range = Option<String>(
        "range", "R", "Sessions on these local dates: today, week, month, 30d, all (default)…", parser: .string,
        completion: .list(StatsRange.names))
    static let out = Option<String>(
        "out", "FILE", "Write to FILE (replaced atomically) instead of standard output", parser: .path)

    static let configuration = CommandConfiguration(
        name: "export",
        abstract: "Export sessions as CSV, JSON, JSON Lines or iCalendar",
        discussion: """
            Edits and deletions are applied: the export is the history as 'focus log'
            shows it, oldest first. Without --format the export is JSON Lines, the journal's
            own format, whenever it goes to a pipe or a file; on a terminal --format must be
            given.
            """,
        options: [format, range, out])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard let format = args[Self.format] ?? (args[out] != nil || !ctx.out.isTerminal ? .jsonl : nil) else {
            throw FocusError(.usage, "on a terminal, 'focus export' needs --format: csv, json, jsonl or ical")
        }
        let now = ctx.now()
        let days = try ctx.localDays()
        let range = try StatsRange.parse(
            range: args[Self.range] ?? "all", from: nil, to: nil, today: days.date(of: now),
            weekStart: try ctx.loadConfig().weekStartDay)
        try ctx.loadJournal()
        let model = HistoryViewModel(store: ctx.store, range: range, limit: nil, now: now, days: days)
        let text = SessionExporter.export(model.matching.reversed(), as: format, days: days, now: now)
        if let out = args[Self.out] {
            try ctx.store.export(to: out, chunks: [Array(text.utf8)])
            let count = model.matching.count
            ctx.err.line(count == 1 ? "Exported 1 session to \(out)." : "Exported \(count) sessions to \(out).")
        } else {
            ctx.out.document(text)
        }
        return 0
    }
}
