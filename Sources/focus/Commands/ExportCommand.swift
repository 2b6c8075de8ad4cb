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
        // The sessions are streamed from the journal to the output: memory stays flat however long the history.
        ctx.recoverCrashedSession()
        let include = HistoryViewModel(store: ctx.store, range: range, limit: nil, now: now, days: days).filter
        var writer = SessionExporter.Writer(format: format, days: days, now: now)
        let meter = args[out] == nil ? nil : ProgressMeter(ctx)
        func produce(_ write: ([UInt8]) throws(FocusError) -> Void) throws(FocusError) {
            var buffer = Array(writer.start().utf8)
            buffer.reserveCapacity(1 << 17)
            // Written in pieces that end a line: on a terminal, a document is written line by line.
            func flush(all: Bool) throws(FocusError) {
                let cut = all || buffer.last == 10 ? buffer.count : (buffer.lastIndex(of: 10).map { $0 + 1 } ?? 0)
                guard cut > 0 else { return }
                guard cut < buffer.count else {
                    // Most pieces end a line (every format but JSON): written as they are, the buffer kept.
                    try write(buffer)
                    return buffer.removeAll(keepingCapacity: true)
                }
                try write(Array(buffer[..<cut]))
                buffer.removeSubrange(..<cut)
            }
            defer { meter?.finish() }
            var reported = false
            _ = try ctx.store.streamSessions(progress: meter?.report) { (log, _, line) throws(FocusError) in
                if !reported {
                    // Before the first session, as a load reports them; the meter's line goes first.
                    meter?.finish()
                    ctx.reportIssues()
                    reported = true
                }
                guard include(log) else { return }
                writer.append(log, line: line, to: &buffer)
                if buffer.count >= 1 << 16 { try flush(all: false) }
            }
            meter?.finish()
            ctx.reportIssues()
            buffer += writer.end().utf8
            try flush(all: true)
        }
        if let out = args[Self.out] {
            try ctx.store.export(to: out, producing: produce)
            let count = writer.count
            ctx.err.line(count == 1 ? "Exported 1 session to \(out)." : "Exported \(count) sessions to \(out).")
        } else {
            try produce { (bytes) throws(FocusError) in ctx.out.document(bytes: bytes) }
        }
        return 0
    }
}
