import FocusCore
import FoundationEssentials

/// `focus dashboard`'s screen: the tab bar, the tab's body (scrolled, with the help, a prompt or an animation over
/// it), and one status line; exactly `size.rows` lines, each within `size.columns`.
///
/// What a tab's body depends on besides the journal and the date: a tab other than the Timer is drawn again only
/// when one of these changes (a countdown's tick does not redraw the statistics of 100,000 sessions).
struct DashboardBodyKey: Equatable {
    let tab: DashboardTab
    let size: DashboardSize
    let rangeIndex, windowOffset, scroll, selection: Int
    let tag: String?
    let facts: DashboardFacts
    let today: CivilDate
    /// Counts the journal's reads.
    let journal: Int

    /// The key of `dashboard`'s tab; `nil` for the Timer tab, which counts down and is cheap to draw.
    init?(_ dashboard: Dashboard, today: CivilDate, journal: Int) {
        guard dashboard.tab != .timer else { return nil }
        tab = dashboard.tab
        size = dashboard.size
        rangeIndex = dashboard.rangeIndex
        windowOffset = dashboard.windowOffset
        scroll = dashboard.scroll(dashboard.tab)
        selection = dashboard.selection
        tag = dashboard.tag
        facts = dashboard.facts
        self.today = today
        self.journal = journal
    }
}

/// Every tab is drawn from its view model, built here from the store and the dashboard's UI state (range, window,
/// tag, scroll, selection), and from the same views the one-shot commands print with.
enum DashboardView {
    /// What a frame is drawn from besides the dashboard's state.
    struct Inputs {
        let store: AppStore
        let now: Date
        let reading: ClockReading
        let days: LocalDays
        let zone: Zone
    }

    /// The frame, and how many rows the tab's whole content has (for the reducer's scrolling); `content` is the
    /// tab's ``body(_:_:)`` when the loop kept it from the last frame.
    static func screen(_ dashboard: Dashboard, _ inputs: Inputs, content: [TerminalLine]? = nil) -> (
        lines: [TerminalLine], contentRows: Int
    ) {
        let size = dashboard.size
        let width = max(1, size.columns)
        let bodyRows = DashboardLayout.bodyRows(size)
        let content = content ?? body(dashboard, inputs)
        var shown: [TerminalLine]
        if dashboard.showsHelp {
            shown = DashboardKeysView.lines(tab: dashboard.tab, width: width)
        } else if let animation = dashboard.animation {
            shown = self.animation(animation, inputs, width: width, rows: bodyRows)
        } else if dashboard.tab == .log {
            shown = content
        } else {
            shown = Array(content.dropFirst(min(dashboard.scroll(dashboard.tab), content.count)))
        }
        shown = Array(shown.prefix(bodyRows))
        shown += Array(repeating: TerminalLine(), count: bodyRows - shown.count)
        if let prompt = dashboard.prompt {
            let over = DashboardPromptView.lines(
                prompt, store: inputs.store, days: inputs.days, zone: inputs.zone, width: width)
            let rule = TerminalLine(verbatim: String(repeating: "─", count: width), .dim)
            let block = Array(([rule] + over).suffix(bodyRows))
            shown = Array(shown.prefix(bodyRows - block.count)) + block
        }
        let lines =
            [tabBar(dashboard.tab, width: width), TerminalLine(verbatim: String(repeating: "─", count: width), .dim)]
            + shown + [status(dashboard, zone: inputs.zone)]
        return (lines.map { $0.truncated(toWidth: width) }, content.count)
    }

    /// `[1 Timer] 2 Stats  3 Expedition …`, the current tab in brackets (and bold cyan); names shortened to their
    /// initial when the row is too narrow for them.
    static func tabBar(_ current: DashboardTab, width: Int) -> TerminalLine {
        func bar(_ name: (DashboardTab) -> String) -> TerminalLine {
            var line = TerminalLine()
            for tab in DashboardTab.allCases {
                let label = "\(tab.rawValue + 1) \(name(tab))"
                line.append(tab == current ? selected(label) : TerminalLine(verbatim: " " + label + " "))
            }
            return line
        }
        let full = bar { DashboardKeysView.title($0).localized }
        if full.width <= width { return full }
        // A Chinese name's first character is one as wide as two letters: the current tab keeps its whole name.
        return bar {
            let title = DashboardKeysView.title($0).localized
            return $0 == current ? title : String(title.prefix(1))
        }
    }

    /// `[label]` in bold cyan: the current tab or range, marked without colour too (`NO_COLOR`, a screenshot).
    private static func selected(_ label: String) -> TerminalLine {
        TerminalLine(verbatim: "[", .dim) + TerminalLine(verbatim: label, TextStyle(bold: true, color: .cyan))
            + TerminalLine(verbatim: "]", .dim)
    }

    private static func status(_ dashboard: Dashboard, zone: Zone) -> TerminalLine {
        if let notice = dashboard.notice { return DashboardPromptView.notice(notice, zone: zone) }
        return TerminalLine(verbatim: DashboardKeysView.hints(dashboard), .dim)
    }

    /// The whole content of the current tab, before scrolling.
    static func body(_ dashboard: Dashboard, _ inputs: Inputs) -> [TerminalLine] {
        let store = inputs.store
        let width = max(1, dashboard.size.columns)
        let rows = DashboardLayout.bodyRows(dashboard.size)
        switch dashboard.tab {
        case .timer: return timer(dashboard, inputs, width: width)
        case .stats: return stats(dashboard, inputs, width: width, rows: rows)
        case .expedition:
            let model = ExpeditionViewModel(store: store, now: inputs.now, days: inputs.days)
            let passport = PassportViewModel(store: store, now: inputs.now, days: inputs.days)
            return StatsView.joined([
                ExpeditionView.lines(model, columns: width), ExpeditionView.route(passport, width: width),
            ])
        case .passport:
            return PassportView.lines(
                PassportViewModel(store: store, now: inputs.now, days: inputs.days), columns: width)
        case .profile:
            return ProfileView.lines(DashboardData.growth(store, now: inputs.now, days: inputs.days), columns: width)
        case .log: return log(dashboard, inputs, width: width)
        }
    }

    private static func timer(_ dashboard: Dashboard, _ inputs: Inputs, width: Int) -> [TerminalLine] {
        var sections: [[TerminalLine]] = []
        if let machine = dashboard.timer {
            if let model = TimerViewModel(machine: machine, now: inputs.reading, timeZone: inputs.zone) {
                // The keys are on the status line below.
                sections.append(
                    TimerView.lines(model, columns: width + 1, keys: Message(verbatim: "")).filter {
                        !$0.text.trimmingWhitespace().isEmpty
                    })
            } else {
                let next = machine.step
                sections.append(
                    TerminalLine("Next: \(next.phase.title) \(duration: next.seconds) · Enter starts it", .bold)
                        .folded(toWidth: width))
            }
        } else if let external = dashboard.external {
            sections.append(
                TerminalLine(verbatim: StatusView.text(external, now: inputs.now, timeZone: inputs.zone), .bold).folded(
                    toWidth: width)
                    + TerminalLine("It runs in another terminal: x stops it, c cancels it.", .dim).folded(
                        toWidth: width))
        } else {
            let minutes = dashboard.facts.config.defaultMinutes
            sections.append(
                TerminalLine("No session is running.", .bold).folded(toWidth: width)
                    + TerminalLine("s starts a focus session (\(minutes)m by default), b takes a break.", .dim)
                    .folded(toWidth: width))
        }
        for marker in StatusView.elsewhere(dashboard.elsewhere, timeZone: inputs.zone) {
            sections.append(TerminalLine("Also \(marker)", .dim).folded(toWidth: width))
        }
        switch dashboard.lastPhase {
        case .focus(let summary, let events)?:
            let model = SessionSummaryViewModel(
                store: inputs.store, recorded: summary.recorded, discardedSeconds: summary.countedSeconds,
                suspendedSeconds: summary.suspendedSeconds, now: inputs.now, days: inputs.days, events: events)
            sections.append(SessionSummaryView.lines(model, width: width))
        case .rest(let summary)?: sections.append(SessionSummaryView.breakLines(summary, width: width))
        case .cancelled(let state)?:
            sections.append(
                TerminalLine(SessionSummaryViewModel.cancelledLine(state, counted: state.counted, in: inputs.zone))
                    .folded(toWidth: width))
        case nil: break
        }
        if dashboard.lastPhase == nil {
            let model = SessionSummaryViewModel(
                store: inputs.store, recorded: nil, discardedSeconds: 0, suspendedSeconds: 0, now: inputs.now,
                days: inputs.days, events: [])
            sections.append(TerminalLine(model.todayLine).folded(toWidth: width))
        }
        return StatsView.joined(sections)
    }

    private static func stats(_ dashboard: Dashboard, _ inputs: Inputs, width: Int, rows: Int) -> [TerminalLine] {
        let config = dashboard.facts.config
        let model = StatsViewModel(
            store: inputs.store, range: dashboard.range, windowOffset: dashboard.windowOffset, tag: dashboard.tag,
            now: inputs.now, days: inputs.days, dailyGoalMinutes: config.dailyGoalMinutes)
        let data: StatsData
        do throws(FocusError) { data = try DashboardData.stats(model) } catch {
            return TerminalLine(error.message, .red).folded(toWidth: width)
        }
        // The range switcher: every range `r` cycles through, the shown one marked.
        var switcher = TerminalLine()
        for (index, range) in Dashboard.ranges.enumerated() {
            switcher.append(
                index == dashboard.rangeIndex ? selected(range.name) : TerminalLine(verbatim: " " + range.name + " "))
        }
        switcher.append(verbatim: " · ", .dim)
        if let tag = dashboard.tag {
            switcher.append(verbatim: "#" + tag, .dim)
        } else {
            switcher.append("every tag", .dim)
        }
        if dashboard.windowOffset != 0 { switcher.append(" · \(data.from) → \(data.to)", .dim) }
        var sections = [[switcher.truncated(toWidth: width)] + (data.isDemo ? DemoBanner.lines(width: width) : [])]
        sections.append(StatsView.summary(data, width))
        // A bar a row: at most what fits beside the summary on one screen, coarser buckets beyond.
        sections.append(StatsView.chart(data, width, maxBars: max(4, rows - 3)))
        sections.append(StatsView.hours(data))
        if model.showsHeatmap { sections.append(StatsView.heatmap(data, width)) }
        if !data.byTag.isEmpty { sections.append(StatsView.tags(data, width)) }
        return StatsView.joined(sections)
    }

    private static func log(_ dashboard: Dashboard, _ inputs: Inputs, width: Int) -> [TerminalLine] {
        let shown = DashboardLayout.logRows(dashboard.size)
        let first = dashboard.scroll(.log)
        let model = DashboardData.history(inputs.store, limit: shown, offset: first, now: inputs.now, days: inputs.days)
        let total = dashboard.facts.sessionCount
        var heading = TerminalLine(
            total == 0
                ? "History" : "History · \(min(total, first + 1))–\(min(total, first + shown)) of \(total)", .bold)
        // Each line is a row to select: what a `*` means goes beside the heading, not under the rows.
        if model.rows.contains(where: \.countsForDayBefore) {
            heading = (heading + TerminalLine(verbatim: " · ", .dim) + TerminalLine(HistoryView.dayBeforeNote, .dim))
                .truncated(toWidth: width)
        }
        let rows = HistoryView.lines(model.rows, hidden: 0, width: max(1, width - 2), footnote: false)
        guard !model.rows.isEmpty else { return [heading] + rows }
        return [heading]
            + rows.enumerated().map { index, line in
                first + index == dashboard.selection
                    ? TerminalLine(verbatim: "› ", .cyan) + line.styled(.bold) : TerminalLine(verbatim: "  ") + line
            }
    }

    /// The celebration over the body: a stamp coming down on the page, or a mission's bar filling up.
    private static func animation(_ animation: DashboardAnimation, _ inputs: Inputs, width: Int, rows: Int)
        -> [TerminalLine]
    {
        let progress = animation.progress
        switch animation.subject {
        case .stamp(let chapterID, let miles):
            let passport = PassportViewModel(store: inputs.store, now: inputs.now, days: inputs.days)
            let title = TerminalLine("City stamped · +\(miles) miles", TextStyle(bold: true, color: .green))
            guard let stamp = passport.stamps.first(where: { $0.id == chapterID }) else { return [title] }
            let box = PassportView.box(stamp)
            let drop = Int((Double(max(0, rows - box.count - 2)) * progress).rounded())
            let indent = TerminalLine(
                verbatim: String(repeating: " ", count: max(0, (width - (box.first?.width ?? 0)) / 2)))
            return [title] + Array(repeating: TerminalLine(), count: drop) + box.map { indent + $0 }
        case .mission(let id, let miles):
            let model = ExpeditionViewModel(store: inputs.store, now: inputs.now, days: inputs.days)
            let name = model.current?.missions.first { $0.id == id }?.title ?? Message(verbatim: "")
            let bar = TerminalLine(verbatim: Bar.render(progress, width: max(5, min(40, width - 4))), .green)
            return [
                TerminalLine("Mission complete · +\(miles) miles", TextStyle(bold: true, color: .green)),
                TerminalLine(), TerminalLine(name).truncated(toWidth: width), TerminalLine(verbatim: "  ") + bar,
            ]
        }
    }
}
