import FocusCore

/// `focus profile`: level, title, hours, streaks and badges.
enum ProfileCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON object instead of text")

    static let configuration = CommandConfiguration(
        name: "profile", abstract: "Show your growth: level, total hours, streaks and badges", options: [json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpedition()
        let model = GrowthViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        if args[json] {
            ctx.out.json(ProfileView.json(model))
        } else {
            ctx.out.lines(ProfileView.lines(model, columns: ctx.columns))
        }
        return 0
    }
}
