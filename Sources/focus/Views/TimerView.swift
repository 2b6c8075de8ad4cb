import FocusCore

/// Draws the live timer: three lines fitted to the terminal width.
///
/// ```
///  Focus · 1/4 · #writing                           ends 09:25
///  ██████████████▌░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░  12:34
///  space pause · + 5 min · q stop
/// ```
///
/// One column is kept free, so no line reaches the last column and nothing wraps. Below the width the bar
/// line needs (``minimumBar`` cells beside the time), the frame is one short line: the time and the phase.
enum TimerView {
    /// The narrowest bar drawn; with less room the frame is one line.
    static let minimumBar = 5

    /// The lines for `model` at `columns` wide; the last one names `keys` (by default the machine's own, as
    /// `focus start` reads them; the dashboard's are its own).
    static func lines(_ model: TimerViewModel, columns: Int, keys: Message? = nil) -> [TerminalLine] {
        let width = max(0, columns - 1)
        let colour = style(model)
        let time = TerminalLine(verbatim: model.remainingText, .bold)
        guard width >= 1 + minimumBar + 2 + time.width else {
            return [
                (TerminalLine(" ") + time + TerminalLine(verbatim: " " + model.title.localized, colour)).truncated(
                    toWidth: width)
            ]
        }
        var left = TerminalLine(verbatim: " " + model.title.localized, colour)
        if let cycle = model.cycleText { left.append(verbatim: " · " + cycle, colour) }
        if let tags = FocusLog.hashtags(model.tags) { left.append(verbatim: " · " + tags, colour) }
        let right = TerminalLine(model.endText, .dim)
        let gap = width - left.width - right.width
        let header =
            gap >= 1
            ? left + TerminalLine(verbatim: String(repeating: " ", count: gap)) + right : left.truncated(toWidth: width)
        let bar = TerminalLine(verbatim: Bar.render(model.progress, width: width - time.width - 3), colour)
        var footer = " " + (keys ?? model.keysText).localized
        if let limit = model.limitText { footer += " · " + limit.localized }
        if let slept = model.suspendedText { footer += " · " + slept.localized }
        return [
            header, TerminalLine(" ") + bar + TerminalLine("  ") + time,
            TerminalLine(verbatim: footer, .dim).truncated(toWidth: width),
        ]
    }

    /// `Next: Break 05:00 · Enter to start · q to finish`: the one line shown while `step` waits for Enter.
    static func prompt(_ step: CyclePlan.Step, columns: Int) -> TerminalLine {
        let prompt = TimerViewModel.prompt(step)
        return (TerminalLine(prompt.next, .bold) + TerminalLine(verbatim: " · " + prompt.keys.localized, .dim))
            .truncated(toWidth: max(0, columns - 1))
    }

    /// The phase's colour: yellow while paused, red for focus, green for a break.
    private static func style(_ model: TimerViewModel) -> TextStyle {
        if model.isPaused { return .yellow }
        return model.session.phase.isFocus ? .red : .green
    }
}
