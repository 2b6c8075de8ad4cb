import FocusCore
import FoundationEssentials

/// `focus export`: the effective sessions as CSV, JSON, JSONL or iCalendar.
enum ExportCommand {
    static let command = Command(
        name: "export",
        summary: "Export sessions as CSV, JSON, JSON Lines or iCalendar",
        usage: "focus export --format csv|json|jsonl|ical [--range R] [--out FILE]",
        options: [
            .value("format", "F", "csv (RFC 4180), json, jsonl (journal format) or ical (one event per session)"),
            .value("range", "R", "Sessions on these local dates: 7d, 30d, 90d, 1y, all (default) or Nd"),
            .value("out", "FILE", "Write to FILE (replaced atomically) instead of standard output"),
        ],
        discussion: "Edits and deletions are applied: the export is the history as 'focus log' shows it, oldest first.",
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard let name = args.value("format") else {
            throw FocusError(.usage, "--format is required: csv, json, jsonl or ical")
        }
        guard let format = SessionExporter.Format(rawValue: name) else {
            throw FocusError(.usage, "--format '\(name)' is not one of csv, json, jsonl, ical")
        }
        let now = ctx.now()
        let days = try ctx.localDays()
        let range = try StatsRange.parse(
            range: args.value("range") ?? "all", from: nil, to: nil, today: days.date(of: now))
        if args.value("out")?.isEmpty == true { throw FocusError(.usage, "--out is empty") }
        try ctx.loadJournal()
        let model = HistoryViewModel(store: ctx.store, range: range, limit: nil, now: now, days: days)
        let text = SessionExporter.export(model.matching.reversed(), as: format, days: days, now: now)
        if let out = args.value("out") {
            try ctx.store.export(to: out, chunks: [Array(text.utf8)])
            ctx.err.line("Exported \(model.matching.count) session\(model.matching.count == 1 ? "" : "s") to \(out).")
        } else {
            ctx.out.write(text)
        }
        return 0
    }
}
