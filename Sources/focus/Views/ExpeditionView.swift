import FocusCore

/// `focus expedition` output: the open chapter, its missions with bars, miles and the next city.
///
/// ```
///  Chapter 2 of 11 · Seville, Spain
///  Orange trees line the river road east, and the bells of the Giralda…
///
///  ✓ Four sessions in the shade         ████████████████████  4/4 sessions
///    An hour and a half of focus        ██████▋░░░░░░░░░░░░░  30/90 min
///
///  Miles: 180 · Stamps: 1 of 11 · Next city: Madrid, Spain
/// ```
enum ExpeditionView {
    /// The whole view; titles, stories and missions come from `expeditions.json` and may be anything.
    static func lines(_ model: ExpeditionViewModel, columns: Int) -> [TerminalLine] {
        let width = max(40, columns - 1)
        var lines: [TerminalLine] = []
        if model.isDemo { lines += DemoBanner.lines(width: width) }
        guard let chapter = model.current else {
            lines += TerminalLine(
                "Expedition complete: all \(model.chapterCount) chapters stamped, \(model.totalMiles) miles.", .bold
            ).folded(toWidth: width)
            lines += TerminalLine("`focus passport` shows your stamps.").folded(toWidth: width)
            return lines
        }
        lines += TerminalLine(
            "Chapter \(chapter.number) of \(model.chapterCount) · \(chapter.place)", .bold
        ).folded(toWidth: width)
        lines += TerminalLine(chapter.story, .dim).folded(toWidth: width)
        if model.notStarted {
            lines += TerminalLine("The expedition begins with your first completed `focus start` session.")
                .folded(toWidth: width)
        }
        lines.append(TerminalLine())
        lines += missionLines(chapter.missions, width: width)
        lines.append(TerminalLine())
        var footer: [Message] = [
            "Miles: \(model.totalMiles)", "Stamps: \(model.stampedCount) of \(model.chapterCount)",
        ]
        footer.append(model.nextCity.map { "Next city: \($0)" } ?? "Last city of the route")
        lines += TerminalLine.flowed(footer.map { TerminalLine($0) }, separator: TerminalLine(" · "), toWidth: width)
        return lines
    }

    /// The whole route in order, flowed to `width`: `✓ Lisbon · ✓ Seville · ▸ Madrid · Paris · …`, the stamped
    /// cities ticked (in green), the open one marked (in bold), those ahead plain.
    static func route(_ passport: PassportViewModel, width: Int) -> [TerminalLine] {
        let stamped = passport.stamps.map { TerminalLine(verbatim: "✓ ", .green) + TerminalLine($0.title, .green) }
        let ahead = passport.ahead.map {
            $0.open ? TerminalLine(verbatim: "▸ ", .bold) + TerminalLine($0.title, .bold) : TerminalLine($0.title)
        }
        return [TerminalLine("Route", .bold)]
            + TerminalLine.flowed(stamped + ahead, separator: TerminalLine(verbatim: " · ", .dim), toWidth: width)
    }

    static func missionLines(_ missions: [ExpeditionMissionRow], width: Int) -> [TerminalLine] {
        let numbers = missions.map { TerminalLine($0.numbers) }
        let numbersWidth = numbers.map(\.width).max() ?? 0
        let titleWidth = min(34, width * 2 / 5)
        let barWidth = max(5, width - 2 - titleWidth - 2 - 2 - numbersWidth)
        return missions.enumerated().map { index, mission in
            let marker = mission.completed ? TerminalLine("✓", .green) : TerminalLine(" ")
            let bar = TerminalLine(
                verbatim: Bar.render(mission.fraction, width: barWidth), mission.completed ? .green : .cyan)
            let line =
                marker + TerminalLine(" ") + TerminalLine(mission.title).fitted(toWidth: titleWidth)
                + TerminalLine("  ")
                + bar + TerminalLine("  ") + numbers[index]
            return line.truncated(toWidth: width)
        }
    }

    static func json(_ model: ExpeditionViewModel) -> String {
        JSONText.encode(
            Report(
                isDemo: model.isDemo, chapterCount: model.chapterCount, stamped: model.stampedCount,
                totalMiles: model.totalMiles,
                complete: model.isComplete, started: !model.notStarted, current: model.current,
                nextCity: model.nextCity?.description
            ))
    }

    private struct Report: Encodable {
        let isDemo: Bool
        let chapterCount: Int
        let stamped: Int
        let totalMiles: Int
        let complete: Bool
        let started: Bool
        let current: ExpeditionChapterCard?
        let nextCity: String?
    }
}
