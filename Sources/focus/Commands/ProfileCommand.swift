import FocusCore

/// `focus profile`: level, title, hours, streaks and badges.
enum ProfileCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON object instead of text")

    static let configuration = CommandConfiguration(
        name: "profile", abstract: "Show your growth: level, total hours, streaks and badges", options: [json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let days = try ctx.localDays()
        ctx.recoverCrashedSession()
        let model: GrowthViewModel
        // From the derived files when they match the journal; the history is read only when they cannot tell.
        if try ctx.store.loadDerivedExpedition(days: days) != nil,
            let derived = GrowthViewModel(derivedFrom: ctx.store, now: ctx.now(), days: days)
        {
            model = derived
        } else {
            try ctx.loadExpedition()
            model = GrowthViewModel(store: ctx.store, now: ctx.now(), days: days)
        }
        if args[json] {
            ctx.out.json(ProfileView.json(model))
        } else {
            ctx.out.lines(ProfileView.lines(model, columns: ctx.columns))
        }
        return 0
    }
}
