import FocusCore
import FoundationEssentials

/// `focus log`: the history, newest first, and `log add | edit | delete` to change it.
enum LogCommand {
    static let command = Command(
        name: "log",
        summary: "List past sessions; add, edit or delete one",
        usage:
            "focus log [--range R] [--tag T] [--limit N] [--json] | log add --start TIME --duration D | log edit ID [...] | log delete ID",
        arguments: [
            (
                "add",
                "Record a session by hand: --start \"2026-11-29 09:00\" (local time) --duration 25m [--tag T] [--note N]"
            ),
            (
                "edit ID",
                "Change a session: any of --start, --duration, --tag, --note (an empty value clears tag or note)"
            ),
            (
                "delete ID",
                "Remove a session from the history (the journal keeps the record; focus undo brings it back)"
            ),
        ],
        options: [
            .value("range", "R", "Sessions on these local dates: 7d, 30d, 90d, 1y, all (default) or Nd"),
            .value("tag", "T", "Only sessions with this tag (with add and edit: the tag to set)"),
            .value("limit", "N", "Show at most N sessions (default 20; 0 shows all)"),
            .flag("json", "Print a JSON array instead of text"),
            .value("start", "TIME", "add/edit: local start time, YYYY-MM-DD HH:MM"),
            .value("duration", "D", "add/edit: focused time, like 25m or 1h30m"),
            .value("note", "N", "add/edit: the note to set"),
        ],
        positionals: 0...2,
        discussion: """
            An ID may be shortened to any unique prefix, as in git. Nothing is rewritten:
            edits and deletions are new journal records, and 'focus undo' takes back the last one.
            """,
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        switch args.positionals.first {
        case nil: return try list(args, ctx)
        case "add": return try add(args, ctx)
        case "edit": return try edit(args, ctx)
        case "delete", "rm": return try delete(args, ctx)
        case let other?:
            let hint =
                Suggestion.closest(to: other, among: ["add", "edit", "delete"]).map { "; did you mean '\($0)'?" } ?? ""
            throw FocusError(.usage, "'\(other)' is not a log action (add, edit, delete)\(hint)")
        }
    }

    /// Refuses options that make no sense for the action, so a typo never silently does something else.
    static func allow(_ allowed: Set<String>, _ args: ParsedArguments, action: String, positionals: Int)
        throws(FocusError)
    {
        let given = Set(args.values.keys).union(args.flags)
        if let wrong = given.subtracting(allowed).sorted().first {
            throw FocusError(.usage, "--\(wrong) does not apply to 'focus log\(action.isEmpty ? "" : " " + action)'")
        }
        if args.positionals.count > positionals {
            throw FocusError(.usage, "unexpected argument '\(args.positionals[positionals])' for 'focus log \(action)'")
        }
    }

    static func list(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try allow(["range", "tag", "limit", "json"], args, action: "", positionals: 0)
        let now = ctx.now()
        let days = try ctx.localDays()
        let range = try StatsRange.parse(
            range: args.value("range") ?? "all", from: nil, to: nil, today: days.date(of: now))
        var limit: Int? = 20
        if let text = args.value("limit") {
            guard let n = Int(text), n >= 0 else {
                throw FocusError(.usage, "--limit '\(text)' must be a whole number, 0 for all")
            }
            limit = n == 0 ? nil : n
        }
        let tag = args.value("tag")
        if tag?.isEmpty == true { throw FocusError(.usage, "--tag is empty") }
        try ctx.loadJournal()
        let model = HistoryViewModel(store: ctx.store, range: range, tag: tag, limit: limit, now: now, days: days)
        if args.has("json") {
            ctx.out.line(HistoryView.json(model.rows))
        } else {
            ctx.out.write(HistoryView.text(model.rows, hidden: model.hiddenCount))
        }
        return 0
    }

    static func add(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try allow(["start", "duration", "tag", "note"], args, action: "add", positionals: 1)
        guard let startText = args.value("start") else {
            throw FocusError(.usage, "'focus log add' needs --start \"YYYY-MM-DD HH:MM\"")
        }
        guard let durationText = args.value("duration") else {
            throw FocusError(.usage, "'focus log add' needs --duration, like 25m")
        }
        let log = try SessionEditor.manualSession(
            id: UUID().uuidString, start: try LocalDateTime.parse(startText, in: ctx.timeZone),
            seconds: try duration(durationText),
            tz: ctx.timeZoneIdentifier, tag: try args.text("tag"), note: try args.text("note"),
            now: ctx.now(), zone: ctx.timeZone)
        try ctx.loadJournal()
        warnOverlap(log, ctx)
        try ctx.store.record(log)
        ctx.out.line("Added \(HistoryView.describe(log, ctx)) (\(shortID(log.id, ctx))).")
        return 0
    }

    static func edit(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try allow(["start", "duration", "tag", "note"], args, action: "edit", positionals: 2)
        guard args.positionals.count == 2 else { throw FocusError(.usage, "'focus log edit' needs the session ID") }
        guard args.values.count > 0 else {
            throw FocusError(.usage, "nothing to change: give --start, --duration, --tag or --note")
        }
        try ctx.loadJournal()
        let id = try ShortID.resolve(args.positionals[1], among: ctx.store.focusLogs.map(\.id))
        let old = ctx.store.session(id: id)!
        // The session is shown in its own zone, so a new start is read in that zone too.
        let zone = try ctx.localDays().zone(old.tz)
        let patch = try SessionEditor.patch(
            old,
            start: try args.value("start").map { text throws(FocusError) in try LocalDateTime.parse(text, in: zone) },
            seconds: try args.value("duration").map(duration),
            tag: args.value("tag").map(clearable), note: args.value("note").map(clearable),
            now: ctx.now(), zone: zone)
        let new = patch.applied(to: old)
        guard new != old else {
            ctx.out.line("Nothing changed: \(HistoryView.describe(old, ctx)) already reads that way.")
            return 0
        }
        if patch.start != nil || patch.end != nil { warnOverlap(new, ctx) }
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .edit, target: id, at: ctx.now(), patch: patch))
        ctx.out.line("Edited \(shortID(id, ctx)): \(HistoryView.describe(new, ctx)).")
        return 0
    }

    static func delete(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try allow([], args, action: "delete", positionals: 2)
        guard args.positionals.count == 2 else { throw FocusError(.usage, "'focus log delete' needs the session ID") }
        try ctx.loadJournal()
        let id = try ShortID.resolve(args.positionals[1], among: ctx.store.focusLogs.map(\.id))
        let old = ctx.store.session(id: id)!
        try ctx.store.record(JournalChange(id: UUID().uuidString, kind: .delete, target: id, at: ctx.now()))
        ctx.out.line("Deleted \(shortID(id, ctx)): \(HistoryView.describe(old, ctx)). 'focus undo' brings it back.")
        return 0
    }

    /// An edit's new tag or note: trimmed, and empty means "clear it".
    static func clearable(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    static func duration(_ text: String) throws(FocusError) -> Int {
        do { return try DurationParser.seconds(text) } catch { throw FocusError(.usage, "--duration: \(error.reason)") }
    }

    static func shortID(_ id: String, _ ctx: Context) -> String {
        String(id.prefix(ShortID.length(for: ctx.store.focusLogs.map(\.id))))
    }

    static func warnOverlap(_ log: FocusLog, _ ctx: Context) {
        if let other = SessionEditor.overlap(of: log, in: ctx.store.focusLogs) {
            ctx.err.line("focus: note: this overlaps \(HistoryView.describe(other, ctx)) (\(shortID(other.id, ctx))).")
        }
    }
}
