import FocusCore

/// `focus profile` output: level and title, progress to the next level, hours, streaks, badges.
enum ProfileView {
    static func text(_ model: GrowthViewModel, columns: Int, style: Style) -> String {
        let width = max(40, columns - 1)
        let profile = model.profile
        var lines: [String] = []
        if profile.isDemo { lines += DemoBanner.lines(width: width, style: style) }
        lines.append(style.bold("Level \(profile.level.level) · \(profile.level.title)"))
        let percent = Int((profile.progressToNext * 100).rounded(.down))
        if let next = profile.nextLevel {
            let label = "  \(percent)% to level \(next.level), \(next.title) (\(next.minimumHours) h)"
            lines.append(
                style.cyan(Bar.render(profile.progressToNext, width: max(10, width - label.cellWidth))) + label)
        } else {
            lines.append("The top of the ladder.")
        }
        let streak = model.currentStreak.days
        let longest = model.longestStreak.days
        lines.append(
            "Total focus: \(hours(profile.totalFocusSeconds)) h · Streak: \(days(streak)) (longest \(days(longest)))")
        lines.append("")
        let earned = profile.badges.filter(\.earned).count
        lines.append(style.bold("Badges") + " · \(earned) of \(profile.badges.count)")
        let titleWidth = (profile.badges.map(\.title.cellWidth).max() ?? 0) + 2
        for badge in profile.badges {
            let marker = badge.earned ? style.green("✓") : style.dim("·")
            let date = (badge.earnedOn?.isoString ?? "").padded(to: 12)
            let line = badge.title.padded(to: titleWidth) + date + badge.detail
            lines.append("  " + marker + " " + (badge.earned ? line : style.dim(line)).truncated(to: width - 4))
        }
        return lines.joined(separator: "\n")
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

    /// `17.5`: hours with one decimal, rounded down.
    static func hours(_ seconds: Int) -> String {
        let tenths = seconds / 360
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }
}
