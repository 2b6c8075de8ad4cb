import FocusCore

/// `focus profile`: level, title, hours, streaks and badges.
enum ProfileCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON object instead of text")

    static let configuration = CommandConfiguration(
        name: "profile", abstract: "Show your growth: level, total hours, streaks and badges", options: [json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpedition()
        let model = GrowthViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        ctx.out.line(
            args[json]
                ? ProfileView.json(model)
                : ProfileView.text(model, columns: ctx.columns, style: Style(enabled: ctx.colorEnabled)))
        return 0
    }
}
