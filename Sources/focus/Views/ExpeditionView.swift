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
    static func text(_ model: ExpeditionViewModel, columns: Int, style: Style) -> String {
        let width = max(40, columns - 1)
        var lines: [String] = []
        if model.isDemo { lines += DemoBanner.lines(width: width, style: style) }
        guard let chapter = model.current else {
            lines.append(
                style.bold(
                    "Expedition complete: all \(model.chapterCount) chapters stamped, \(model.totalMiles) miles."))
            lines.append("`focus passport` shows your stamps.")
            return lines.joined(separator: "\n")
        }
        lines.append(
            style.bold("Chapter \(chapter.number) of \(model.chapterCount) · \(chapter.title), \(chapter.country)"))
        lines += chapter.story.wrapped(to: width).map(style.dim)
        if model.notStarted { lines.append("The expedition begins with your first completed `focus start` session.") }
        lines.append("")
        lines += missionLines(chapter.missions, width: width, style: style)
        lines.append("")
        var footer = ["Miles: \(model.totalMiles)", "Stamps: \(model.stampedCount) of \(model.chapterCount)"]
        footer.append(model.nextCity.map { "Next city: \($0)" } ?? "Last city of the route")
        lines.append(footer.joined(separator: " · "))
        return lines.joined(separator: "\n")
    }

    static func missionLines(_ missions: [ExpeditionMissionRow], width: Int, style: Style) -> [String] {
        let numbersWidth = missions.map(\.numbers.cellWidth).max() ?? 0
        let titleWidth = min(34, width * 2 / 5)
        let barWidth = max(5, width - 2 - titleWidth - 2 - 2 - numbersWidth)
        return missions.map { mission in
            let marker = mission.completed ? style.green("✓") : " "
            let bar = Bar.render(mission.fraction, width: barWidth)
            return marker + " " + mission.title.truncated(to: titleWidth).padded(to: titleWidth) + "  "
                + (mission.completed ? style.green(bar) : style.cyan(bar)) + "  " + mission.numbers
        }
    }

    static func json(_ model: ExpeditionViewModel) -> String {
        JSONText.encode(
            Report(
                isDemo: model.isDemo, chapterCount: model.chapterCount, stamped: model.stampedCount,
                totalMiles: model.totalMiles,
                complete: model.isComplete, started: !model.notStarted, current: model.current, nextCity: model.nextCity
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
