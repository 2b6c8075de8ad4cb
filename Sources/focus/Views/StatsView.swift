import FocusCore

/// `focus stats` as lines: a summary block, a bar chart, an hour profile,
/// an optional calendar heatmap and a per-tag table.
///
/// Everything is laid out for `min(columns, 80)` columns and still reads at 40. Column widths are measured
/// (labels, names and values alike), so translated labels and wide tags line up too.
enum StatsView {
    private static let shades: [Character] = ["·", "░", "▒", "▓", "█"]
    private static let ticks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    // The same in every language: made once, not a message rendered at each row.
    private static let space = TerminalLine(verbatim: " ")
    private static let dash = TerminalLine(verbatim: "-")
    /// The labels of the summary rows and the hour profile, which share one column: each made where it is shown (a
    /// global tuple of them was copied whole at every use).
    private enum Label {
        static var dates: Message { "Dates" }
        static var focused: Message { "Focused" }
        static var completed: Message { "Completed" }
        static var average: Message { "Average" }
        static var bestDay: Message { "Best day" }
        static var change: Message { "Change" }
        static var streak: Message { "Streak" }
        static var today: Message { "Today" }
        static var byHour: Message { "By hour" }
    }
    /// The label column in the current language: the widest label and two spaces.
    private static var labelWidth: Int {
        switch Language.current {
        case .english: englishLabelWidth
        case .simplifiedChinese: chineseLabelWidth
        }
    }

    // Measured once a language: every row of the report asks for it.
    private static let englishLabelWidth = labelWidth(in: .english)
    private static let chineseLabelWidth = labelWidth(in: .simplifiedChinese)

    private static func labelWidth(in language: Language) -> Int {
        // The widths in an array of `Int`, not the labels in an array of their own: the runtime makes the type of an
        // array the first time one is made, which costs more than measuring the labels.
        func width(_ label: Message) -> Int { label.rendered(in: language).displayWidth }
        return [
            width(Label.dates), width(Label.focused), width(Label.completed), width(Label.average),
            width(Label.bestDay), width(Label.change), width(Label.streak), width(Label.today), width(Label.byHour),
        ].max()! + 2
    }

    /// The whole report.
    static func lines(_ model: StatsViewModel, data: StatsData, columns: Int) -> [TerminalLine] {
        let width = max(30, min(columns, 80))
        var sections = [title(data, width) + summary(data, width), chart(data, width), hours(data)]
        if model.showsHeatmap { sections.append(heatmap(data, width)) }
        if !data.byTag.isEmpty { sections.append(tags(data, width)) }
        return joined(sections)
    }

    /// `sections` one after the other, a blank line between each two, without trailing spaces.
    static func joined(_ sections: [[TerminalLine]]) -> [TerminalLine] {
        var lines: [TerminalLine] = []
        for section in sections where !section.isEmpty {
            if !lines.isEmpty { lines.append(TerminalLine()) }
            for line in section { lines.append(line.trimmingTrailingSpaces()) }
        }
        return lines
    }

    /// `Focus stats · 7 days · #tag`, the demo's label when it is one, and a blank line.
    private static func title(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        var title = TerminalLine("Focus stats · \(days(data.dayCount))" as Message, .bold)
        if let tag = data.tag { title.append(verbatim: " · #" + tag, .bold) }
        return [title.truncated(toWidth: width)] + (data.isDemo ? DemoBanner.lines(width: width) : []) + [
            TerminalLine()
        ]
    }

    /// The summary rows, `Dates` to `Today`, each `width` columns at most.
    static func summary(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        var lines: [TerminalLine] = []
        func row(_ label: Message, _ value: Message) { lines.append(self.row(label, TerminalLine(value), width)) }
        row(Label.dates, data.from == data.to ? "\(data.from)" : "\(data.from) → \(data.to)")
        row(Label.focused, "\(duration: data.focusedSeconds) in \(sessions(data.sessions))")
        guard data.sessions > 0 else { return lines }
        if let rate = data.completionRate {
            row(
                Label.completed,
                "\(data.completedSessions) · interrupted \(data.interruptedSessions) · \(percent(rate))")
        } else {
            row(Label.completed, "\(data.completedSessions) · interrupted \(data.interruptedSessions)")
        }
        row(Label.average, "\(duration: data.averageSessionSeconds) · longest \(duration: data.longestSessionSeconds)")
        if let best = data.bestDay {
            row(Label.bestDay, "\(best.date, .weekdayLong) · \(duration: best.focusedSeconds)")
        }
        if let previous = data.previous {
            let sign = previous.changeSeconds < 0 ? "-" : "+"
            let change = abs(previous.changeSeconds)
            if let ratio = previous.changeRatio {
                row(Label.change, "\(sign)\(duration: change) (\(sign)\(percent(abs(ratio)))) vs previous")
            } else {
                row(Label.change, "\(sign)\(duration: change) vs previous")
            }
        }
        return lines + [streak(data, width), today(data, width)]
    }

    /// `Streak  4 days · longest 12 days`.
    static func streak(_ data: StatsData, _ width: Int) -> TerminalLine {
        row(
            Label.streak,
            TerminalLine("\(days(data.currentStreak.days)) · longest \(days(data.longestStreak.days))" as Message),
            width)
    }

    /// `Today  1h15m / 1h40m ███████░░░ 75%`: today against the daily goal.
    static func today(_ data: StatsData, _ width: Int) -> TerminalLine {
        let goal = data.today
        let goalText = TerminalLine("\(duration: goal.focusedSeconds) / \(duration: goal.goalSeconds) " as Message)
        let barWidth = min(20, width - labelWidth - goalText.width - 5)
        let bar = TerminalLine(verbatim: Bar.render(goal.fraction, width: barWidth), .green)
        return row(Label.today, goalText + bar + TerminalLine(verbatim: " " + percent(goal.fraction)), width)
    }

    /// A summary row: the label in its column, then the value, cut to `width`.
    private static func row(_ label: Message, _ value: TerminalLine, _ width: Int) -> TerminalLine {
        (TerminalLine(label).padded(toWidth: labelWidth) + value).truncated(toWidth: width)
    }

    /// The bar chart: a bar a day up to a month, a week up to 180 days, a month beyond; with `maxBars`, the first of
    /// those that fits in that many bars (a month in weeks on a short screen).
    static func chart(_ data: StatsData, _ width: Int, maxBars: Int? = nil) -> [TerminalLine] {
        let size =
            maxBars.map { ChartBucket.size(forDayCount: data.dayCount, maxBars: $0) }
            ?? ChartBucket.size(forDayCount: data.dayCount)
        let buckets = ChartBucket.buckets(data.days, size: size)
        let heading: Message =
            switch size {
            case .day: "Per day"
            case .week: "Per week (from Monday)"
            case .month: "Per month"
            }
        let labels = buckets.map { bucket -> TerminalLine in
            switch size {
            case .day: TerminalLine("\(bucket.start, .weekdayShort)" as Message)
            case .week: TerminalLine(verbatim: bucket.start.isoString)
            case .month: TerminalLine("\(bucket.start, .monthYear)" as Message)
            }
        }
        let values = buckets.map {
            $0.focusedSeconds == 0 ? dash : TerminalLine(Message.duration($0.focusedSeconds))
        }
        let labelW = labels.map(\.width).max() ?? 0
        let valueW = values.map(\.width).max() ?? 0
        let best = max(1, buckets.map(\.focusedSeconds).max() ?? 0)
        let barWidth = max(1, width - labelW - valueW - 2)
        var lines = [TerminalLine(heading, .bold).truncated(toWidth: width)]
        for (i, bucket) in buckets.enumerated() {
            let bar = Bar.render(Double(bucket.focusedSeconds) / Double(best), width: barWidth, track: " ")
            lines.append(
                labels[i].padded(toWidth: labelW) + space + TerminalLine(verbatim: bar, .cyan)
                    + space
                    + values[i].padded(toWidth: valueW, alignment: .right))
        }
        return lines
    }

    static func hours(_ data: StatsData) -> [TerminalLine] {
        let best = data.byHour.max() ?? 0
        let profile = data.byHour.map { v -> Character in
            v == 0 || best == 0 ? ticks[0] : ticks[max(1, (8 * v + best - 1) / best)]
        }
        return [
            TerminalLine(Label.byHour).padded(toWidth: labelWidth) + TerminalLine(verbatim: String(profile), .cyan),
            TerminalLine(verbatim: String(repeating: " ", count: labelWidth) + "0     6     12    18"),
        ]
    }

    static func heatmap(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        let all = Heatmap(days: data.days).weeks
        // The weekday names, then a space, then a column per week.
        let weekdays = (1...7).map { Message("\(weekday: $0)").localized }
        let margin = (weekdays.map(\.displayWidth).max() ?? 0) + 1
        let shown = Array(all.suffix(width - margin))
        let heading: Message =
            shown.count < all.count ? "Calendar (last \(shown.count) weeks)" : "Calendar (weeks from Monday)"
        // Each month's name over the week its first day falls in, when it fits before the next one.
        var monthRow = ""
        var used = 0
        for (column, week) in shown.enumerated() {
            let dates = week.compactMap { $0?.date }
            guard let month = (dates.first { $0.day == 1 } ?? (column == 0 ? dates.first : nil))?.month else {
                continue
            }
            let name = Message("\(month: month)").localized
            guard column >= used, column + name.displayWidth <= shown.count else { continue }
            monthRow += String(repeating: " ", count: column - monthRow.displayWidth) + name
            used = column + name.displayWidth + 1
        }
        let indent = String(repeating: " ", count: margin)
        var lines = [TerminalLine(heading, .bold).truncated(toWidth: width), TerminalLine(verbatim: indent + monthRow)]
        for weekday in 0..<7 {
            let cells = shown.map { $0[weekday].map { shades[$0.level] } ?? " " }
            lines.append(
                TerminalLine(verbatim: weekdays[weekday]).padded(toWidth: margin)
                    + TerminalLine(verbatim: String(cells), .green))
        }
        lines.append(TerminalLine(verbatim: indent) + TerminalLine("less \(String(shades)) more" as Message))
        return lines
    }

    static func tags(_ data: StatsData, _ width: Int) -> [TerminalLine] {
        let names = data.byTag.map {
            ($0.tag.map { TerminalLine(verbatim: $0) } ?? TerminalLine("(no tag)")).truncated(toWidth: 16)
        }
        let values = data.byTag.map { TerminalLine(Message.duration($0.focusedSeconds)) }
        let nameW = names.map(\.width).max() ?? 0
        let valueW = values.map(\.width).max() ?? 0
        let best = max(1, data.byTag.first?.focusedSeconds ?? 0)
        let barWidth = max(1, width - nameW - valueW - 8)
        var lines = [TerminalLine("By tag", .bold).truncated(toWidth: width)]
        for (i, total) in data.byTag.enumerated() {
            let share = data.focusedSeconds > 0 ? Double(total.focusedSeconds) / Double(data.focusedSeconds) : 0
            let bar = Bar.render(Double(total.focusedSeconds) / Double(best), width: barWidth, track: " ")
            lines.append(
                names[i].padded(toWidth: nameW) + space
                    + values[i].padded(toWidth: valueW, alignment: .right)
                    + space + TerminalLine(verbatim: percent(share)).padded(toWidth: 4, alignment: .right)
                    + space + TerminalLine(verbatim: bar, .cyan))
        }
        if data.tagsOverlap {
            lines += TerminalLine("A session with several tags counts under each of them.", .dim).folded(toWidth: width)
        }
        return lines
    }

    private static func sessions(_ n: Int) -> Message { n == 1 ? "1 session" : "\(n) sessions" }

    private static func days(_ n: Int) -> Message { n == 1 ? "1 day" : "\(n) days" }

    private static func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
