import FocusCore

/// Draws the live timer: three lines fitted to the terminal width.
///
/// ```
///  Focus · 1/4 · #writing                           ends 09:25
///  ██████████████▌░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░  12:34
///  space pause · + 5 min · q stop
/// ```
enum TimerView {
    /// The lines for `model` at `columns` wide (one column is kept free so nothing wraps).
    static func lines(_ model: TimerViewModel, columns: Int, style: Style) -> [String] {
        let width = max(20, columns - 1)
        var left = " " + model.title
        if let cycle = model.cycleText { left += " · " + cycle }
        if let tag = model.tag { left += " · #" + tag }
        let right = model.endText
        let gap = width - left.cellWidth - right.cellWidth
        let header =
            gap >= 1
            ? colour(model, style)(left) + String(repeating: " ", count: gap) + style.dim(right)
            : colour(model, style)(left.truncated(to: width))
        let time = model.remainingText
        let barWidth = max(1, width - time.cellWidth - 3)
        let bar = " " + colour(model, style)(Bar.render(model.progress, width: barWidth)) + "  " + style.bold(time)
        var footer = " " + model.keysText
        if let limit = model.limitText { footer += " · " + limit }
        if let slept = model.suspendedText { footer += " · " + slept }
        return [header, bar, style.dim(footer.truncated(to: width))]
    }

    /// Escape codes that redraw `lines` over the previous frame of `previousCount` lines.
    static func frame(_ lines: [String], previousCount: Int) -> String {
        var out = "\r"
        if previousCount > 1 { out += "\u{1B}[\(previousCount - 1)A" }
        out += "\u{1B}[J" + lines.joined(separator: "\n")
        return out
    }

    private static func colour(_ model: TimerViewModel, _ style: Style) -> (String) -> String {
        if model.isPaused { return { style.yellow($0) } }
        if model.session.phase.isFocus { return { style.red($0) } }
        return { style.green($0) }
    }
}
