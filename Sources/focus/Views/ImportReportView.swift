import FocusCore

/// What `focus import` says it did: how many sessions it added, updated and deleted, the duplicates, and the records
/// it skipped
/// with where and why. Places and reasons quote the file, so each line is escaped, and wrapped to `width` when
/// there is one (a terminal).
enum ImportReportView {
    static func lines(_ plan: ImportSummary, from path: String, dryRun: Bool, width: Int?) -> [TerminalLine] {
        let seconds = plan.focused
        let count = plan.added
        let summary: Message =
            switch (dryRun, count == 1) {
            case (true, true): "Would add 1 session (\(duration: seconds) of focus) from \(path)."
            case (true, false): "Would add \(count) sessions (\(duration: seconds) of focus) from \(path)."
            case (false, true): "Added 1 session (\(duration: seconds) of focus) from \(path)."
            case (false, false): "Added \(count) sessions (\(duration: seconds) of focus) from \(path)."
            }
        var lines = [TerminalLine(summary)]
        let updated = plan.updated.count
        lines.append(
            TerminalLine(
                dryRun
                    ? "Would update \(updated) (changed in the source since the last import)."
                    : "Updated \(updated) (changed in the source since the last import)." as Message))
        if plan.moved > 0 {
            lines.append(TerminalLine("Of those, \(plan.moved) moved to another start in the source." as Message))
        }
        if !plan.pruned.isEmpty {
            let pruned = plan.pruned.count
            lines.append(
                TerminalLine(
                    dryRun
                        ? "Would delete \(pruned) (no longer in the source)."
                        : "Deleted \(pruned) (no longer in the source)." as Message))
        }
        if plan.missing > 0, let peer = plan.format.peerName {
            lines.append(
                TerminalLine(
                    plan.missing == 1
                        ? "1 session \(peer) no longer has; --prune deletes it." as Message
                        : "\(plan.missing) sessions \(peer) no longer has; --prune deletes them."))
        }
        lines.append(TerminalLine("Duplicates: \(plan.duplicates) (already in the journal)." as Message))
        if plan.differing > 0 {
            lines.append(
                TerminalLine(
                    plan.differing == 1
                        ? "1 session differs from the one here: kept as it is here." as Message
                        : "\(plan.differing) sessions differ from the ones here: kept as they are here."))
        }
        if !dryRun, !plan.writesNothing {
            lines.append(TerminalLine("focus undo takes back this whole import in one step."))
        }
        lines.append(
            TerminalLine(
                plan.skippedCount == 0 ? "Skipped: 0." as Message : "Skipped: \(plan.skippedCount):" as Message))
        var report = lines.flatMap { $0.folded(toWidth: width) }
        let indent = TerminalLine("  ")
        for skip in plan.skipped {
            report += TerminalLine.hanging(indent, TerminalLine(skip.message), toWidth: width)
        }
        if plan.skippedCount > plan.skipped.count {
            report.append(indent + TerminalLine("… and \(plan.skippedCount - plan.skipped.count) more"))
        }
        return report
    }
}
