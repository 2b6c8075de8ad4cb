import FocusCore

/// `focus passport`: the stamps, the soundscapes they unlocked and the chapters ahead.
enum PassportCommand {
    static let command = Command(
        name: "passport",
        summary: "Show your passport: stamped cities, soundscapes and the road ahead",
        usage: "focus passport [--json]",
        options: [.flag("json", "Print a JSON object instead of text")],
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        try ctx.loadExpedition()
        let model = PassportViewModel(store: ctx.store, now: ctx.now(), days: try ctx.localDays())
        ctx.out.line(
            args.has("json")
                ? PassportView.json(model)
                : PassportView.text(model, columns: ctx.columns, style: Style(enabled: ctx.colorEnabled)))
        return 0
    }
}
