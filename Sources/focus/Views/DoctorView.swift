import FocusCore

/// The lines of `focus doctor`'s report: findings quote the journal (ids, tags, file names), so they are
/// escaped, and on a terminal (`width` given) wrapped under their label; on a pipe each stays one line.
enum DoctorView {
    /// `Journal: PATH: 12 session records, 2 change records, 11 sessions in the history.`
    static func journal(_ directory: String, _ scan: JournalScan, width: Int?) -> [TerminalLine] {
        TerminalLine(
            """
            Journal: \(directory): \(scan.sessionRecords) session records, \
            \(scan.changes.count) change records, \(scan.sessions) sessions in the history.
            """ as Message
        ).folded(toWidth: width)
    }

    /// A section's heading: `Settings:`.
    static func heading(_ title: Message, width: Int?) -> [TerminalLine] {
        TerminalLine("\(title):" as Message).folded(toWidth: width)
    }

    /// A fact that is no problem, under a heading: `  ok`, `  expedition checkpoint: matches a rebuild`.
    static func fine(_ text: Message, width: Int?) -> [TerminalLine] {
        TerminalLine.hanging(TerminalLine("  "), TerminalLine(text), toWidth: width)
    }

    /// `  problem: …` or `  note: …`.
    static func finding(_ finding: JournalDoctor.Finding, width: Int?) -> [TerminalLine] {
        TerminalLine.hanging(
            TerminalLine(finding.isProblem ? "  problem: " : "  note: " as Message), TerminalLine(finding.text),
            toWidth: width)
    }

    /// `Healthy.` or `2 problems found.`
    static func verdict(problems: Int, width: Int?) -> [TerminalLine] {
        TerminalLine(
            problems == 0 ? "Healthy." : problems == 1 ? "1 problem found." : "\(problems) problems found." as Message
        )
        .folded(toWidth: width)
    }
}
