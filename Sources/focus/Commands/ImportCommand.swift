import FocusCore
import FoundationEssentials

/// `focus import`: sessions from Watson, Timewarrior, or our own CSV, JSON and JSONL; again, what changed there.
enum ImportCommand: ParsableCommand {
    static let file = Argument<String>(
        "FILE",
        "Watson's frames file, a Timewarrior data folder or `timew export` JSON, or a focus CSV/JSON/JSONL export",
        parser: .path, required: true)
    static let from = Option<SessionImporter.Format>(
        "from", "FORMAT", "watson, timewarrior, csv, json or jsonl", parser: .choice(), required: true)
    static let dryRun = Flag("dry-run", "Report what would be imported without writing anything")
    static let prune = Flag("prune", "Also delete sessions imported from Watson or Timewarrior that it no longer has")

    static let configuration = CommandConfiguration(
        name: "import",
        abstract: "Import sessions from Watson, Timewarrior or a focus export",
        discussion: """
            Importing the same data again adds nothing; what Watson or Timewarrior changed since
            (a frame edited there, an interval shortened or retagged) is applied as edits, and
            --prune deletes what it no longer has. focus undo takes back a whole import.
            Sessions from the peers have source 'import' and do not advance the expedition;
            a focus export keeps each session's own source.
            """,
        arguments: [file],
        options: [from, dryRun, prune])

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        let format = args.required(from)
        let path = args.required(file)
        if args[prune], format.peer == nil {
            throw FocusError(.usage, "--prune follows Watson or Timewarrior; a focus export is only ever added")
        }
        let inputs = try InterchangeFiles.open(path, format: format)
        let now = ctx.now()
        let meter = ProgressMeter(ctx)
        func run() throws(FocusError) -> ImportSummary {
            defer { meter?.finish() }
            return try ctx.store.importSessions(
                inputs, format: format, prune: args[prune], path: path, now: now, newID: { UUID().uuidString },
                dryRun: args[dryRun], progress: meter?.report)
        }
        let plan: ImportSummary
        if args[dryRun] {
            try ctx.loadJournal()
            plan = try run()
        } else {
            // Planned and recorded under the change lock: two imports of one file add it once.
            plan = try ctx.changingJournal(run)
        }
        ctx.out.lines(ImportReportView.lines(plan, from: path, dryRun: args[dryRun], width: ctx.lineWidth))
        return 0
    }
}
