import FocusCore

/// What the timer prints as a phase or a run of cycles ends, each line wrapped to `width` on a terminal.
enum SessionSummaryView {
    /// A focus phase: the session, today, and the expedition's news.
    static func lines(_ model: SessionSummaryViewModel, width: Int?) -> [TerminalLine] {
        var lines = [TerminalLine(model.headline, .bold)]
        if let slept = model.suspendedLine { lines.append(TerminalLine(slept)) }
        lines.append(TerminalLine(model.todayLine))
        lines += model.expeditionLines.map { TerminalLine($0, .cyan) }
        return lines.flatMap { $0.folded(toWidth: width) }
    }

    /// `Break over.` or `Break ended early.`
    static func breakLines(_ summary: PhaseSummary, width: Int?) -> [TerminalLine] {
        TerminalLine(SessionSummaryViewModel.breakLine(summary)).folded(toWidth: width)
    }

    /// `All 4 cycles done: 1h40m focused.`
    static func runLines(_ run: RunSummary, width: Int?) -> [TerminalLine] {
        TerminalLine(SessionSummaryViewModel.runLine(run), .bold).folded(toWidth: width)
    }
}
