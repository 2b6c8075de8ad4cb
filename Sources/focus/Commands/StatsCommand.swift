import FocusCore

/// `focus stats`: totals, streaks and charts for a range of local dates.
enum StatsCommand: ParsableCommand {
    static let range = Option<String>(
        "range", "R", "today, yesterday, week, last-week, month, last-month, year, 7d (default), 30d, 1y, all, Nd",
        parser: .string,
        completion: .list(StatsRange.names))
    static let from = Option<String>(
        "from", "DATE", "First local date: YYYY-MM-DD, yesterday, mon… (instead of --range)", parser: .string)
    static let to = Option<String>(
        "to", "DATE", "Last local date, included: YYYY-MM-DD, today (default)…", parser: .string)
    static let tag = Option<String>(
        "tag", "T", "Count only sessions with this tag", parser: .text, completion: .dynamic(.tags))
    static let device = Option<String>(
        "device", "NAME", "Count only sessions this device recorded (a name focus log shows)", parser: .text,
        completion: .dynamic(.devices))
    static let heatmap = Flag("heatmap", "Draw a calendar heatmap (default for 1y and all)")
    static let json = Flag("json", "Print one JSON object instead of text")

    static let configuration = CommandConfiguration(
        name: "stats",
        abstract: "Show focus totals, streaks and charts for a range of days",
        discussion: """
            7d is today and the 6 local dates before it. A session belongs to the local
            date it started on, in the zone it was recorded in. With no sessions yet,
            the numbers come from a labelled demo that is never saved.
            """,
        options: [range, from, to, tag, device, heatmap, json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let now = ctx.now()
        let days = try ctx.localDays()
        let range = try StatsRange.parse(
            range: args[Self.range], from: args[from], to: args[to], today: days.date(of: now),
            weekStart: try ctx.loadConfig().weekStartDay)
        let tag = args[Self.tag]
        let config = try ctx.loadConfig()
        ctx.recoverCrashedSession()
        let model = StatsViewModel(
            store: ctx.store, range: range, tag: tag, device: args[device], heatmapRequested: args[heatmap],
            now: now, days: days, dailyGoalMinutes: config.dailyGoalMinutes)
        let data = try model.data
        ctx.reportIssues()
        if args[json] {
            ctx.out.json(StatsJSON.render(data, range: range))
        } else {
            ctx.out.lines(StatsView.lines(model, data: data, columns: ctx.columns))
        }
        return 0
    }
}
