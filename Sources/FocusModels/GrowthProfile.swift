/// A rung of the growth ladder: reached at `minimumHours` of total focus.
public struct GrowthLevel: Equatable, Sendable, Encodable {
    public let level: Int
    public let title: Message
    public let minimumHours: Int

    public init(level: Int, title: Message, minimumHours: Int) {
        self.level = level
        self.title = title
        self.minimumHours = minimumHours
    }
}

/// An achievement and the local date it was earned; `earnedOn` is `nil` while it is still ahead.
public struct Badge: Equatable, Sendable, Encodable, Identifiable {
    public let id: String
    public let title: Message
    /// What earns it, one line.
    public let detail: Message
    public let earnedOn: CivilDate?

    public init(id: String, title: Message, detail: Message, earnedOn: CivilDate?) {
        self.id = id
        self.title = title
        self.detail = detail
        self.earnedOn = earnedOn
    }

    public var earned: Bool { earnedOn != nil }
}

/// The user's growth: level, progress to the next one, total focus and badges.
public struct GrowthProfile: Equatable, Sendable, Encodable {
    public let level: GrowthLevel
    /// The next rung, `nil` at the top.
    public let nextLevel: GrowthLevel?
    /// Seconds focused over all sessions, whatever their source.
    public let totalFocusSeconds: Int
    /// Fraction of the way from ``level`` to ``nextLevel``, 0…1 (1 at the top).
    public let progressToNext: Double
    /// Every badge, earned ones first in the order they were earned, then the ones ahead.
    public let badges: [Badge]
    /// Whether this profile was computed from demo sessions.
    public let isDemo: Bool

    public init(
        level: GrowthLevel, nextLevel: GrowthLevel?, totalFocusSeconds: Int, progressToNext: Double, badges: [Badge],
        isDemo: Bool
    ) {
        self.level = level
        self.nextLevel = nextLevel
        self.totalFocusSeconds = totalFocusSeconds
        self.progressToNext = progressToNext
        self.badges = badges
        self.isDemo = isDemo
    }

    /// Total focus in hours.
    public var totalHours: Double { Double(totalFocusSeconds) / 3600 }
}
