import FocusCore

/// `focus stats` as text: a summary block, a bar chart, an hour profile,
/// an optional calendar heatmap and a per-tag table.
///
/// Everything is laid out for `min(columns, 80)` cells and still reads at 40.
enum StatsView {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    private static let ticks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    private static let labelWidth = 11

    /// The whole report, ending in a newline.
    static func text(_ model: StatsViewModel, data: StatsData, columns: Int, style: Style) -> String {
        let width = max(30, min(columns, 80))
        var sections = [summary(model, data, width, style), chart(data, width, style), hours(data, style)]
        if model.showsHeatmap { sections.append(heatmap(data, width, style)) }
        if !data.byTag.isEmpty { sections.append(tags(data, width, style)) }
        let lines = sections.map { $0 + [""] }.joined().dropLast()
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    private static func summary(_ model: StatsViewModel, _ data: StatsData, _ width: Int, _ style: Style) -> [String] {
        var title = "Focus stats · \(plural(data.dayCount, "day"))"
        if let tag = data.tag { title += " · #\(tag)" }
        var lines = [style.bold(title.truncated(to: width))]
        if data.isDemo { lines += DemoBanner.lines(width: width, style: style) }
        lines.append("")
        func row(_ label: String, _ value: String) {
            lines.append((label.padded(to: labelWidth) + value).truncated(to: width))
        }
        row("Dates", data.from == data.to ? data.from.isoString : "\(data.from) → \(data.to)")
        row("Focused", "\(LocalTime.duration(data.focusedSeconds)) in \(plural(data.sessions, "session"))")
        guard data.sessions > 0 else { return lines }
        let rate = data.completionRate.map { " · \(percent($0))" } ?? ""
        row("Completed", "\(data.completedSessions) · interrupted \(data.interruptedSessions)\(rate)")
        row(
            "Average",
            "\(LocalTime.duration(data.averageSessionSeconds)) · longest "
                + "\(LocalTime.duration(data.longestSessionSeconds))"
        )
        if let best = data.bestDay {
            row(
                "Best day",
                "\(weekdays[best.date.isoWeekday - 1]) \(best.date) · \(LocalTime.duration(best.focusedSeconds))")
        }
        if let previous = data.previous {
            let sign = previous.changeSeconds < 0 ? "-" : "+"
            let ratio = previous.changeRatio.map { " (\(sign)\(percent(abs($0))))" } ?? ""
            row("Change", "\(sign)\(LocalTime.duration(abs(previous.changeSeconds)))\(ratio) vs previous")
        }
        row("Streak", "\(plural(data.currentStreak.days, "day")) · longest \(plural(data.longestStreak.days, "day"))")
        let goal = data.today
        let goalText = "\(LocalTime.duration(goal.focusedSeconds)) / \(LocalTime.duration(goal.goalSeconds)) "
        let barWidth = min(20, width - labelWidth - goalText.cellWidth - 5)
        row("Today", goalText + style.green(Bar.render(goal.fraction, width: barWidth)) + " " + percent(goal.fraction))
        return lines
    }

    private static func chart(_ data: StatsData, _ width: Int, _ style: Style) -> [String] {
        let size = ChartBucket.size(forDayCount: data.dayCount)
        let buckets = ChartBucket.buckets(data.days, size: size)
        let heading = ["day": "Per day", "week": "Per week (from Monday)", "month": "Per month"][size.rawValue]!
        let labels = buckets.map { bucket -> String in
            switch size {
            case .day: return "\(weekdays[bucket.start.isoWeekday - 1]) \(bucket.start.isoString.dropFirst(5))"
            case .week: return bucket.start.isoString
            case .month: return "\(months[bucket.start.month - 1]) \(bucket.start.year)"
            }
        }
        let values = buckets.map { $0.focusedSeconds == 0 ? "-" : LocalTime.duration($0.focusedSeconds) }
        let labelW = labels.map(\.cellWidth).max() ?? 0
        let valueW = values.map(\.cellWidth).max() ?? 0
        let best = max(1, buckets.map(\.focusedSeconds).max() ?? 0)
        let barWidth = max(1, width - labelW - valueW - 2)
        var lines = [style.bold(heading)]
        for (i, bucket) in buckets.enumerated() {
            let bar = Bar.render(Double(bucket.focusedSeconds) / Double(best), width: barWidth, track: " ")
            lines.append(
                labels[i].padded(to: labelW) + " " + style.cyan(bar) + " "
                    + String(repeating: " ", count: valueW - values[i].cellWidth) + values[i])
        }
        return lines
    }

    private static func hours(_ data: StatsData, _ style: Style) -> [String] {
        let best = data.byHour.max() ?? 0
        let profile = data.byHour.map { v -> Character in
            v == 0 || best == 0 ? ticks[0] : ticks[max(1, (8 * v + best - 1) / best)]
        }
        return [
            "By hour".padded(to: labelWidth) + style.cyan(String(profile)),
            "".padded(to: labelWidth) + "0     6     12    18",
        ]
    }

    private static func heatmap(_ data: StatsData, _ width: Int, _ style: Style) -> [String] {
        let all = Heatmap(days: data.days).weeks
        let shown = Array(all.suffix(width - 4))
        var heading = "Calendar (weeks from Monday)"
        if shown.count < all.count { heading = "Calendar (last \(shown.count) weeks)" }
        var monthRow = Array(repeating: Character(" "), count: shown.count)
        var free = 0
        for (column, week) in shown.enumerated() {
            let dates = week.compactMap { $0?.date }
            guard let month = (dates.first { $0.day == 1 } ?? (column == 0 ? dates.first : nil))?.month,
                column >= free, column + 3 <= shown.count
            else { continue }
            for (k, ch) in months[month - 1].enumerated() { monthRow[column + k] = ch }
            free = column + 4
        }
        var lines = [style.bold(heading), "    " + String(monthRow)]
        for weekday in 0..<7 {
            let cells = shown.map { $0[weekday].map { shades[$0.level] } ?? " " }
            lines.append(weekdays[weekday] + " " + style.green(String(cells)))
        }
        lines.append("    less " + String(shades) + " more")
        return lines
    }

    private static func tags(_ data: StatsData, _ width: Int, _ style: Style) -> [String] {
        let names = data.byTag.map { ($0.tag ?? "(no tag)").truncated(to: 16) }
        let values = data.byTag.map { LocalTime.duration($0.focusedSeconds) }
        let nameW = names.map(\.cellWidth).max() ?? 0
        let valueW = values.map(\.cellWidth).max() ?? 0
        let best = max(1, data.byTag.first?.focusedSeconds ?? 0)
        let barWidth = max(1, width - nameW - valueW - 8)
        var lines = [style.bold("By tag")]
        for (i, total) in data.byTag.enumerated() {
            let share = data.focusedSeconds > 0 ? Double(total.focusedSeconds) / Double(data.focusedSeconds) : 0
            let pct = percent(share)
            lines.append(
                names[i].padded(to: nameW) + " " + String(repeating: " ", count: valueW - values[i].cellWidth)
                    + values[i] + " "
                    + String(repeating: " ", count: 4 - pct.cellWidth) + pct + " "
                    + style.cyan(Bar.render(Double(total.focusedSeconds) / Double(best), width: barWidth, track: " ")))
        }
        return lines
    }

    private static func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }

    private static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
