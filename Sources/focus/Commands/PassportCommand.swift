import FocusCore

/// `focus passport`: the stamps, the soundscapes they unlocked and the chapters ahead.
enum PassportCommand: ParsableCommand {
    static let json = Flag("json", "Print a JSON object instead of text")

    static let configuration = CommandConfiguration(
        name: "passport", abstract: "Show your passport: stamped cities, soundscapes, the road ahead",
        options: [json])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpeditionOnly()
        let model = PassportViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        if args[json] {
            ctx.out.json(PassportView.json(model))
        } else {
            ctx.out.lines(PassportView.lines(model, columns: ctx.columns))
        }
        return 0
    }
}
