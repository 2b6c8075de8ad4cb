import FocusCore

/// `focus expedition`: the open chapter, its missions, the miles and the next city.
enum ExpeditionCommand {
    static let command = Command(
        name: "expedition",
        summary: "Show the expedition: the current city, its missions and the miles so far",
        usage: "focus expedition [--json]",
        options: [.flag("json", "Print a JSON object instead of text")],
        discussion: """
            Completed `focus start` sessions move the missions of the open chapter; manual
            and imported sessions count in statistics only. The route comes from
            expeditions.json in the config folder when it exists, else the built-in one.
            """,
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpedition()
        let model = ExpeditionViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        ctx.out.line(
            args.has("json")
                ? ExpeditionView.json(model)
                : ExpeditionView.text(model, columns: ctx.columns, style: Style(enabled: ctx.colorEnabled)))
        return 0
    }
}
