import FocusCore
import FoundationEssentials

/// `focus import`: sessions from Watson, Timewarrior, or our own CSV and JSONL.
enum ImportCommand: ParsableCommand {
    static let file = Argument<String>(
        "FILE", "Watson's frames file, a Timewarrior data folder or `timew export` JSON, or a focus CSV/JSONL export",
        parser: .path, required: true)
    static let from = Option<SessionImporter.Format>(
        "from", "FORMAT", "watson, timewarrior, csv or jsonl", parser: .choice(), required: true)
    static let dryRun = Flag("dry-run", "Report what would be imported without writing anything")

    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Import sessions from Watson, Timewarrior, CSV or JSON Lines",
        discussion: """
            Ids come from the source records, so importing the same data again adds nothing.
            Imported sessions have source 'import' and do not advance the expedition.
            """,
        arguments: [file],
        options: [from, dryRun])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let format = args.required(from)
        let path = args.required(file)
        let inputs = try InterchangeFiles.read(path, format: format)
        func makePlan() throws(FocusError) -> ImportPlan {
            try ImportPlan(inputs: inputs, format: format, known: Set(ctx.store.history.sessions.map(\.id)), path: path)
        }
        let plan: ImportPlan
        if args[dryRun] {
            try ctx.loadJournal()
            plan = try makePlan()
        } else {
            // Planned and recorded under the change lock: two imports of one file add it once.
            plan = try ctx.changingJournal { () throws(FocusError) -> ImportPlan in
                let plan = try makePlan()
                try ctx.store.record(plan.added)
                return plan
            }
        }
        ctx.out.lines(ImportReportView.lines(plan, from: path, dryRun: args[dryRun], width: ctx.lineWidth))
        return 0
    }
}
