import FocusCore

/// `focus stats` as lines: a summary block, a bar chart, an hour profile,
/// an optional calendar heatmap and a per-tag table.
///
/// Everything is laid out for `min(columns, 80)` columns and still reads at 40. Column widths are measured
/// (labels, names and values alike), so translated labels and wide tags line up too.
enum StatsView {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    private static let ticks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The labels of the summary rows and the hour profile, which share one column.
    private static let labels = (
        dates: "Dates", focused: "Focused", completed: "Completed", average: "Average", bestDay: "Best day",
        change: "Change", streak: "Streak", today: "Today", byHour: "By hour"
    )
    /// The label column: the widest label and two spaces.
    private static let labelWidth =
        [
            labels.dates, labels.focused, labels.completed, labels.average, labels.bestDay, labels.change,
            labels.streak, labels.today, labels.byHour,
        ].map(\.displayWidth).max()! + 2

    /// The whole report.
    static func lines(_ model: StatsViewModel, data: StatsData, columns: Int) -> [TerminalLine] {
        let width = max(30, min(columns, 80))
        var sections = [summary(model, data, width), chart(data, width), hours(data)]
        if model.showsHeatmap { sections.append(heatmap(data, width)) }
        if !data.byTag.isEmpty { sections.append(tags(data, width)) }
        let lines = sections.map { $0 + [TerminalLine()] }.joined().dropLast()
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    private static func summary(_ model: StatsViewModel, _ data: StatsData, _ width: Int) -> [TerminalLine] {
        var title = TerminalLine("Focus stats · \(plural(data.dayCount, "day"))", .bold)
        if let tag = data.tag { title.append(" · #" + tag, .bold) }
        var lines = [title.truncated(toWidth: width)]
        if data.isDemo { lines += DemoBanner.lines(width: width) }
        lines.append(TerminalLine())
        func row(_ label: String, _ value: TerminalLine) {
            lines.append((TerminalLine(label).padded(toWidth: labelWidth) + value).truncated(toWidth: width))
        }
        func row(_ label: String, _ value: String) { row(label, TerminalLine(value)) }
        row(labels.dates, data.from == data.to ? data.from.isoString : "\(data.from) → \(data.to)")
        row(labels.focused, "\(LocalTime.duration(data.focusedSeconds)) in \(plural(data.sessions, "session"))")
        guard data.sessions > 0 else { return lines }
        let rate = data.completionRate.map { " · \(percent($0))" } ?? ""
        row(labels.completed, "\(data.completedSessions) · interrupted \(data.interruptedSessions)\(rate)")
        row(
            labels.average,
            "\(LocalTime.duration(data.averageSessionSeconds)) · longest "
                + "\(LocalTime.duration(data.longestSessionSeconds))"
        )
        if let best = data.bestDay {
            row(
                labels.bestDay,
                "\(weekdays[best.date.isoWeekday - 1]) \(best.date) · \(LocalTime.duration(best.focusedSeconds))")
        }
        if let previous = data.previous {
            let sign = previous.changeSeconds < 0 ? "-" : "+"
            let ratio = previous.changeRatio.map { " (\(sign)\(percent(abs($0))))" } ?? ""
            row(labels.change, "\(sign)\(LocalTime.duration(abs(previous.changeSeconds)))\(ratio) vs previous")
        }
        row(
            labels.streak,
            "\(plural(data.currentStreak.days, "day")) · longest \(plural(data.longestStreak.days, "day"))")
        let goal = data.today
        let goalText = TerminalLine(
            "\(LocalTime.duration(goal.focusedSeconds)) / \(LocalTime.duration(goal.goalSeconds)) ")
        let barWidth = min(20, width - labelWidth - goalText.width - 5)
        let bar = TerminalLine(Bar.render(goal.fraction, width: barWidth), .green)
        row(labels.today, goalText + bar + TerminalLine(" " + percent(goal.fraction)))
        return lines
    }

    private static func chart(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        let size = ChartBucket.size(forDayCount: data.dayCount)
        let buckets = ChartBucket.buckets(data.days, size: size)
        let heading = ["day": "Per day", "week": "Per week (from Monday)", "month": "Per month"][size.rawValue]!
        let labels = buckets.map { bucket -> TerminalLine in
            switch size {
            case .day: TerminalLine("\(weekdays[bucket.start.isoWeekday - 1]) \(bucket.start.isoString.dropFirst(5))")
            case .week: TerminalLine(bucket.start.isoString)
            case .month: TerminalLine("\(months[bucket.start.month - 1]) \(bucket.start.year)")
            }
        }
        let values = buckets.map { TerminalLine($0.focusedSeconds == 0 ? "-" : LocalTime.duration($0.focusedSeconds)) }
        let labelW = labels.map(\.width).max() ?? 0
        let valueW = values.map(\.width).max() ?? 0
        let best = max(1, buckets.map(\.focusedSeconds).max() ?? 0)
        let barWidth = max(1, width - labelW - valueW - 2)
        var lines = [TerminalLine(heading, .bold).truncated(toWidth: width)]
        for (i, bucket) in buckets.enumerated() {
            let bar = Bar.render(Double(bucket.focusedSeconds) / Double(best), width: barWidth, track: " ")
            lines.append(
                labels[i].padded(toWidth: labelW) + TerminalLine(" ") + TerminalLine(bar, .cyan) + TerminalLine(" ")
                    + values[i].padded(toWidth: valueW, alignment: .right))
        }
        return lines
    }

    private static func hours(_ data: StatsData) -> [TerminalLine] {
        let best = data.byHour.max() ?? 0
        let profile = data.byHour.map { v -> Character in
            v == 0 || best == 0 ? ticks[0] : ticks[max(1, (8 * v + best - 1) / best)]
        }
        return [
            TerminalLine(labels.byHour).padded(toWidth: labelWidth) + TerminalLine(String(profile), .cyan),
            TerminalLine(String(repeating: " ", count: labelWidth) + "0     6     12    18"),
        ]
    }

    private static func heatmap(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        let all = Heatmap(days: data.days).weeks
        // The weekday names, then a space, then a column per week.
        let margin = (weekdays.map(\.displayWidth).max() ?? 0) + 1
        let shown = Array(all.suffix(width - margin))
        var heading = "Calendar (weeks from Monday)"
        if shown.count < all.count { heading = "Calendar (last \(shown.count) weeks)" }
        // Each month's name over the week its first day falls in, when it fits before the next one.
        var monthRow = ""
        var used = 0
        for (column, week) in shown.enumerated() {
            let dates = week.compactMap { $0?.date }
            guard let month = (dates.first { $0.day == 1 } ?? (column == 0 ? dates.first : nil))?.month else {
                continue
            }
            let name = months[month - 1]
            guard column >= used, column + name.displayWidth <= shown.count else { continue }
            monthRow += String(repeating: " ", count: column - monthRow.displayWidth) + name
            used = column + name.displayWidth + 1
        }
        let indent = String(repeating: " ", count: margin)
        var lines = [TerminalLine(heading, .bold).truncated(toWidth: width), TerminalLine(indent + monthRow)]
        for weekday in 0..<7 {
            let cells = shown.map { $0[weekday].map { shades[$0.level] } ?? " " }
            lines.append(
                TerminalLine(weekdays[weekday]).padded(toWidth: margin) + TerminalLine(String(cells), .green))
        }
        lines.append(TerminalLine(indent + "less " + String(shades) + " more"))
        return lines
    }

    private static func tags(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        let names = data.byTag.map { TerminalLine($0.tag ?? "(no tag)").truncated(toWidth: 16) }
        let values = data.byTag.map { TerminalLine(LocalTime.duration($0.focusedSeconds)) }
        let nameW = names.map(\.width).max() ?? 0
        let valueW = values.map(\.width).max() ?? 0
        let best = max(1, data.byTag.first?.focusedSeconds ?? 0)
        let barWidth = max(1, width - nameW - valueW - 8)
        var lines = [TerminalLine("By tag", .bold).truncated(toWidth: width)]
        for (i, total) in data.byTag.enumerated() {
            let share = data.focusedSeconds > 0 ? Double(total.focusedSeconds) / Double(data.focusedSeconds) : 0
            let bar = Bar.render(Double(total.focusedSeconds) / Double(best), width: barWidth, track: " ")
            lines.append(
                names[i].padded(toWidth: nameW) + TerminalLine(" ")
                    + values[i].padded(toWidth: valueW, alignment: .right)
                    + TerminalLine(" ") + TerminalLine(percent(share)).padded(toWidth: 4, alignment: .right)
                    + TerminalLine(" ") + TerminalLine(bar, .cyan))
        }
        if data.tagsOverlap {
            lines += TerminalLine("A session with several tags counts under each of them.", .dim).folded(toWidth: width)
        }
        return lines
    }

    private static func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }

    private static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
