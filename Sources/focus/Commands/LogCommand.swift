import FocusCore
import FoundationEssentials

/// `focus log`: the history, newest first; `log add | edit | delete` change it.
enum LogCommand: ParsableCommand {
    static let range = Option<String>(
        "range", "R", "Sessions on these local dates: today, week, month, 30d, all (default)…", parser: .string,
        completion: .list(StatsRange.names))
    static let tag = Option<String>(
        "tag", "T", "Only sessions with this tag", parser: .text, completion: .dynamic(.tags))
    static let device = Option<String>(
        "device", "NAME", "Only sessions this device recorded", parser: .text, completion: .dynamic(.devices))
    static let limit = Option<Int>(
        "limit", "N", "Show at most N sessions (default 20; 0 shows all)",
        parser: .wholeNumber(0...Int.max, meaning: "0 shows all"))
    static let json = Flag("json", "Print a JSON array instead of text")
    /// The ID the subcommands that change one session take.
    static let sessionID = Argument<String>(
        "ID", "The session's id, or a unique prefix of it (4 characters or more)", parser: .string, required: true)

    static let configuration = CommandConfiguration(
        name: "log",
        abstract: "List past sessions; add, edit or delete one",
        discussion: """
            An ID may be shortened to a unique prefix of 4 characters or more, as in git.
            Nothing is rewritten: edits and deletions are new journal records, and
            'focus undo' takes back the last one.
            """,
        options: [range, tag, device, limit, json],
        subcommands: [
            LogAddCommand.self, LogEditCommand.self, LogMoveCommand.self, LogSplitCommand.self, LogDeleteCommand.self,
        ])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let now = ctx.now()
        let days = try ctx.localDays()
        let range = try StatsRange.parse(
            range: args[Self.range] ?? "all", from: nil, to: nil, today: days.date(of: now),
            weekStart: try ctx.loadConfig().weekStartDay)
        let limit = args[Self.limit] ?? 20
        let model: HistoryViewModel
        // The newest sessions of the whole history come from the derived files; anything else reads the journal.
        ctx.recoverCrashedSession()
        if limit == 0,
            try writeWhole(
                HistoryViewModel(
                    store: ctx.store, range: range, tag: args[tag], device: args[device], limit: nil, now: now,
                    days: days), json: args[json], ctx)
        {
            return 0
        }
        if range == .all, args[tag] == nil, args[device] == nil, limit > 0,
            let newest = HistoryViewModel(newestOf: ctx.store, limit: limit, now: now, days: days)
        {
            model = newest
        } else if let streamed = try HistoryViewModel(
            streaming: ctx.store, range: range, tag: args[tag], device: args[device], limit: limit == 0 ? nil : limit,
            now: now, days: days)
        {
            // The journal streamed by, only the rows shown held: the short ids' length from the derived files.
            model = streamed
            ctx.reportIssues()
        } else {
            try ctx.loadJournal()
            model = HistoryViewModel(
                store: ctx.store, range: range, tag: args[tag], device: args[device], limit: limit == 0 ? nil : limit,
                now: now, days: days)
            ctx.store.saveDerived(days: days)
        }
        if args[json] {
            ctx.out.json(HistoryView.json(model.rows))
        } else {
            ctx.out.lines(HistoryView.lines(model.rows, hidden: model.hiddenCount, width: ctx.lineWidth))
        }
        return 0
    }

    /// `--limit 0`: every matching row written as the journal streams by (newest first, as the table or JSON array
    /// of ``HistoryView`` would hold them), so a whole history is never held; `false`, with nothing written, when the
    /// journal must be loaded instead (``HistoryViewModel/streamRows(restart:measure:show:)``).
    private static func writeWhole(_ model: HistoryViewModel, json: Bool, _ ctx: Context) throws(FocusError) -> Bool {
        var layout = HistoryView.Layout()
        var batch: [TerminalLine] = []
        var text = ""
        var started = false
        let width = ctx.lineWidth
        func flush() {
            if json {
                ctx.out.exact(JSONText.terminalSafe(text))
                text = ""
            } else {
                ctx.out.lines(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        let streamed = try model.streamRows(
            restart: { layout = HistoryView.Layout() },
            measure: { if !json { layout.measure($0) } },
            show: { row in
                if !started {
                    // Unreadable lines are known once the journal was read: said before the rows, as a load says them.
                    ctx.reportIssues()
                    started = true
                    if json { text = "[" }
                } else if json {
                    text += ","
                }
                if json { text += HistoryView.json(row) } else { batch.append(layout.line(row, width: width)) }
                if batch.count == 512 || text.utf8.count >= 1 << 16 { flush() }
            })
        guard streamed else { return false }
        guard started else {
            ctx.reportIssues()
            if json { ctx.out.json(HistoryView.json([])) } else { ctx.out.lines([HistoryView.noSessions]) }
            return true
        }
        if json { text += "]\n" } else { batch += layout.footnote(width: width) }
        flush()
        return true
    }
}
