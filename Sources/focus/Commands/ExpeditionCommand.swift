import FocusCore

/// `focus expedition`: the open chapter, its missions, the miles and the next city.
enum ExpeditionCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON object instead of text")

    static let configuration = CommandConfiguration(
        name: "expedition",
        abstract: "Show the expedition: the current city, its missions, the miles",
        discussion: """
            Completed `focus start` sessions of at least 10 minutes (minimumSessionMinutes
            in the route) move the missions of the open chapter; shorter ones, and manual
            and imported sessions, count in statistics only. The route comes from
            expeditions.json in the config folder when it exists, else the built-in one.
            """,
        options: [json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpeditionOnly()
        let model = ExpeditionViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        if args[json] {
            ctx.out.json(ExpeditionView.json(model))
        } else {
            ctx.out.lines(ExpeditionView.lines(model, columns: ctx.columns))
        }
        return 0
    }
}
