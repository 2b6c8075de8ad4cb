import FocusCore

/// What `focus import` says it did: how many sessions it added, updated and deleted, the duplicates, and the records
/// it skipped
/// with where and why. Places and reasons quote the file, so each line is escaped, and wrapped to `width` when
/// there is one (a terminal).
enum ImportReportView {
    /// Skipped records listed one by one; the rest are counted.
    static let listedSkips = 20

    static func lines(_ plan: ImportPlan, from path: String, dryRun: Bool, width: Int?) -> [TerminalLine] {
        let added = plan.added
        let verb = dryRun ? "Would add" : "Added"
        let seconds = added.reduce(0) { $0 + $1.focused }
        var lines = [
            TerminalLine(
                "\(verb) \(added.count) session\(added.count == 1 ? "" : "s") (\(LocalTime.duration(seconds)) of "
                    + "focus) from \(path).")
        ]
        let changed = dryRun ? "Would update" : "Updated"
        lines.append(TerminalLine("\(changed) \(plan.updated.count) (changed in the source since the last import)."))
        if !plan.pruned.isEmpty {
            let deleted = dryRun ? "Would delete" : "Deleted"
            lines.append(TerminalLine("\(deleted) \(plan.pruned.count) (no longer in the source)."))
        }
        lines.append(TerminalLine("Duplicates: \(plan.duplicates) (already in the journal)."))
        if !dryRun, !plan.records.isEmpty {
            lines.append(TerminalLine("focus undo takes back this whole import in one step."))
        }
        lines.append(TerminalLine("Skipped: \(plan.skipped.count)" + (plan.skipped.isEmpty ? "." : ":")))
        var report = lines.flatMap { $0.folded(toWidth: width) }
        let indent = TerminalLine("  ")
        for skip in plan.skipped.prefix(listedSkips) {
            report += TerminalLine.hanging(indent, TerminalLine(skip.description), toWidth: width)
        }
        if plan.skipped.count > listedSkips {
            report.append(indent + TerminalLine("… and \(plan.skipped.count - listedSkips) more"))
        }
        return report
    }
}
