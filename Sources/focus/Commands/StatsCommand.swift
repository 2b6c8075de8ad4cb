import FocusCore

/// `focus stats`: totals, streaks and charts for a range of local dates.
enum StatsCommand {
    static let command = Command(
        name: "stats",
        summary: "Show focus totals, streaks and charts for a range of days",
        usage: "focus stats [--range 7d|30d|90d|1y|all] [--from DATE [--to DATE]] [--tag T] [--heatmap] [--json]",
        options: [
            .value(
                "range", "R", "7d (default), 30d, 90d, 1y, all, or any number of days like 14d",
                completion: .words(StatsRange.names)),
            .value("from", "DATE", "First local date, YYYY-MM-DD (instead of --range)"),
            .value("to", "DATE", "Last local date, included (default today)"),
            .value("tag", "T", "Count only sessions with this tag"),
            .flag("heatmap", "Draw a calendar heatmap (default for 1y and all)"),
            .flag("json", "Print one JSON object instead of text"),
        ],
        discussion: """
            7d is today and the 6 local dates before it. A session belongs to the local
            date it started on, in the zone it was recorded in. With no sessions yet,
            the numbers come from a labelled demo that is never saved.
            """,
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let now = ctx.now()
        let days = try ctx.localDays()
        let range = try StatsRange.parse(
            range: args.value("range"), from: args.value("from"), to: args.value("to"), today: days.date(of: now))
        let tag = args.value("tag")
        if tag?.isEmpty == true { throw FocusError(.usage, "--tag is empty") }
        let config = try ctx.loadConfig()
        let model = StatsViewModel(
            store: ctx.store, range: range, tag: tag, heatmapRequested: args.has("heatmap"),
            now: now, days: days, dailyGoalMinutes: config.dailyGoalMinutes)
        let data = try model.data
        ctx.reportIssues()
        if args.has("json") {
            ctx.out.line(StatsJSON.render(data, range: range))
        } else {
            ctx.out.write(
                StatsView.text(model, data: data, columns: ctx.columns, style: Style(enabled: ctx.colorEnabled)))
        }
        return 0
    }
}
