import FocusCore

/// `focus profile` output: level and title, progress to the next level, hours, streaks, badges.
enum ProfileView {
    static func lines(_ model: GrowthViewModel, columns: Int) -> [TerminalLine] {
        let width = max(40, columns - 1)
        let profile = model.profile
        var lines: [TerminalLine] = []
        if profile.isDemo { lines += DemoBanner.lines(width: width) }
        lines += TerminalLine("Level \(profile.level.level) · \(profile.level.title)", .bold).folded(toWidth: width)
        let percent = Int((profile.progressToNext * 100).rounded(.down))
        if let next = profile.nextLevel {
            let threshold = Message.duration(next.minimumHours * 3600)
            let label = TerminalLine("  \(percent)% to level \(next.level), \(next.title) (\(threshold))")
            // The bar keeps at least ten columns; when the label leaves fewer, it goes under the bar.
            if width - label.width >= 10 {
                lines.append(
                    TerminalLine(verbatim: Bar.render(profile.progressToNext, width: width - label.width), .cyan)
                        + label)
            } else {
                lines.append(TerminalLine(verbatim: Bar.render(profile.progressToNext, width: width), .cyan))
                lines += label.folded(toWidth: width)
            }
        } else {
            lines.append(TerminalLine("The top of the ladder.").truncated(toWidth: width))
        }
        let streak = model.currentStreak.days
        let longest = model.longestStreak.days
        lines += TerminalLine.flowed(
            [
                TerminalLine("Total focus: \(duration: profile.totalFocusSeconds)"),
                TerminalLine("Streak: \(days(streak)) (longest \(days(longest)))"),
            ], separator: TerminalLine(" · "), toWidth: width)
        lines.append(TerminalLine())
        let earned = profile.badges.filter(\.earned).count
        lines.append(
            (TerminalLine("Badges", .bold) + TerminalLine(" · \(earned) of \(profile.badges.count)"))
                .truncated(toWidth: width))
        let titles = profile.badges.map { TerminalLine($0.title) }
        let titleWidth = (titles.map(\.width).max() ?? 0) + 2
        let dateWidth = 12  // an ISO date and two spaces
        // The markers, each with its indent and the space after it, made once rather than for every badge.
        let earnedMarker =
            TerminalLine(verbatim: "  ") + TerminalLine(verbatim: "✓", .green) + TerminalLine(verbatim: " ")
        let openMarker = TerminalLine(verbatim: "  ") + TerminalLine(verbatim: "·", .dim) + TerminalLine(verbatim: " ")
        for (index, badge) in profile.badges.enumerated() {
            let text =
                titles[index].padded(toWidth: titleWidth)
                + TerminalLine(verbatim: badge.earnedOn?.isoString ?? "").padded(toWidth: dateWidth)
                + TerminalLine(badge.detail)
            let line = badge.earned ? text : text.styled(.dim)
            lines.append((badge.earned ? earnedMarker : openMarker) + line.truncated(toWidth: width - 4))
        }
        return lines
    }

    static func json(_ model: GrowthViewModel) -> String {
        JSONText.encode(
            Report(
                profile: model.profile, currentStreak: model.currentStreak.days, longestStreak: model.longestStreak.days
            ))
    }

    private struct Report: Encodable {
        let profile: GrowthProfile
        let currentStreak: Int
        let longestStreak: Int

        func encode(to encoder: any Encoder) throws {
            try profile.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(currentStreak, forKey: .currentStreak)
            try container.encode(longestStreak, forKey: .longestStreak)
            try container.encode(Double(Int(profile.totalHours * 10)) / 10, forKey: .totalHours)
        }

        private enum Keys: String, CodingKey { case currentStreak, longestStreak, totalHours }
    }

    /// `1 day`, `17 days`.
    private static func days(_ n: Int) -> Message { n == 1 ? "1 day" : "\(n) days" }
}
