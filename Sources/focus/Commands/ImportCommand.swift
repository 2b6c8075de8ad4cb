import FocusCore
import FoundationEssentials

/// `focus import`: sessions from Watson, Timewarrior, or our own CSV and JSONL.
enum ImportCommand {
    static let command = Command(
        name: "import",
        summary: "Import sessions from Watson, Timewarrior, CSV or JSON Lines",
        usage: "focus import FILE --from watson|timewarrior|csv|jsonl [--dry-run]",
        arguments: [
            (
                "FILE",
                "Watson's frames file, a Timewarrior data folder or `timew export` JSON, or a focus CSV/JSONL export"
            )
        ],
        options: [
            .value("from", "FORMAT", "watson, timewarrior, csv or jsonl"),
            .flag("dry-run", "Report what would be imported without writing anything"),
        ],
        positionals: 1...1,
        discussion: """
            Ids come from the source records, so importing the same data again adds nothing.
            Imported sessions have source 'import' and do not advance the expedition.
            """,
        run: run)

    static func run(_ args: ParsedArguments, _ ctx: Context) throws(FocusError) -> Int32 {
        guard let name = args.value("from") else {
            throw FocusError(.usage, "--from is required: watson, timewarrior, csv or jsonl")
        }
        guard let format = SessionImporter.Format(rawValue: name) else {
            throw FocusError(.usage, "--from '\(name)' is not one of watson, timewarrior, csv, jsonl")
        }
        let path = args.positionals[0]
        let inputs = try InterchangeFiles.read(path, format: format)
        try ctx.loadJournal()
        let plan = try ImportPlan(
            inputs: inputs, format: format, known: Set(ctx.store.history.sessions.map(\.id)), path: path)
        let added = plan.added
        if !args.has("dry-run") { try ctx.store.record(added) }
        let verb = args.has("dry-run") ? "Would add" : "Added"
        let seconds = added.reduce(0) { $0 + $1.focused }
        ctx.out.line(
            "\(verb) \(added.count) session\(added.count == 1 ? "" : "s") (\(LocalTime.duration(seconds)) of focus) from \(path)."
        )
        ctx.out.line("Duplicates: \(plan.duplicates) (already in the journal).")
        ctx.out.line("Skipped: \(plan.skipped.count)" + (plan.skipped.isEmpty ? "." : ":"))
        for skip in plan.skipped.prefix(20) { ctx.out.line("  \(skip)") }
        if plan.skipped.count > 20 { ctx.out.line("  … and \(plan.skipped.count - 20) more") }
        return 0
    }
}
