import FocusCore
import FoundationEssentials

/// `focus import`: sessions from Watson, Timewarrior, or our own CSV and JSONL.
enum ImportCommand {
    static let command = Command(
        name: "import",
        summary: "Import sessions from Watson, Timewarrior, CSV or JSON Lines",
        usage: "focus import FILE --from watson|timewarrior|csv|jsonl [--dry-run]",
        arguments: [("FILE", "Watson's frames file, a Timewarrior data folder or `timew export` JSON, or a focus CSV/JSONL export")],
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
        guard let name = args.value("from") else { throw FocusError(.usage, "--from is required: watson, timewarrior, csv or jsonl") }
        guard let format = SessionImporter.Format(rawValue: name) else {
            throw FocusError(.usage, "--from '\(name)' is not one of watson, timewarrior, csv, jsonl")
        }
        let path = args.positionals[0]
        let inputs = try InterchangeFiles.read(path, format: format)
        var parsed = SessionImporter.Parsed()
        for input in inputs {
            let part = SessionImporter.parse(input.bytes, format: format, name: input.name)
            parsed.sessions += part.sessions
            parsed.skipped += part.skipped
        }
        try ctx.loadJournal()
        var known = Set(ctx.store.history.sessions.map(\.id))
        var added: [FocusLog] = []
        var duplicates = 0
        for log in parsed.sessions {
            if known.insert(log.id).inserted { added.append(log) } else { duplicates += 1 }
        }
        if parsed.sessions.isEmpty && !parsed.skipped.isEmpty && parsed.skipped.count == 1 && inputs.count == 1,
            let only = parsed.skipped.first, only.place == "frames" || only.place == "file" || only.place == inputs[0].name || only.place == "row 1"
        {
            throw FocusError(.data, "\(path): \(only.reason)")
        }
        if parsed.sessions.isEmpty, let first = parsed.skipped.first {
            let more = parsed.skipped.count > 1 ? " (and \(parsed.skipped.count - 1) more like it)" : ""
            throw FocusError(.data, "\(path): nothing could be read as \(format.rawValue): \(first)\(more)")
        }
        if !args.has("dry-run") { try ctx.store.record(added) }
        let verb = args.has("dry-run") ? "Would add" : "Added"
        let seconds = added.reduce(0) { $0 + $1.focused }
        ctx.out.line("\(verb) \(added.count) session\(added.count == 1 ? "" : "s") (\(LocalTime.duration(seconds)) of focus) from \(path).")
        ctx.out.line("Duplicates: \(duplicates) (already in the journal).")
        ctx.out.line("Skipped: \(parsed.skipped.count)" + (parsed.skipped.isEmpty ? "." : ":"))
        for skip in parsed.skipped.prefix(20) { ctx.out.line("  \(skip)") }
        if parsed.skipped.count > 20 { ctx.out.line("  … and \(parsed.skipped.count - 20) more") }
        return 0
    }
}
