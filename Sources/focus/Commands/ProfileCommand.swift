import FocusCore

/// `focus profile`: level, title, hours, streaks and badges.
enum ProfileCommand {
    static let command = Command(
        name: "profile",
        summary: "Show your growth: level, total hours, streaks and badges",
        usage: "focus profile [--json]",
        options: [.flag("json", "Print a JSON object instead of text")],
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpedition()
        let model = GrowthViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        ctx.out.line(
            args.has("json")
                ? ProfileView.json(model)
                : ProfileView.text(model, columns: ctx.columns, style: Style(enabled: ctx.colorEnabled)))
        return 0
    }
}
