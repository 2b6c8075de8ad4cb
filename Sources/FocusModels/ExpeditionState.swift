import FoundationEssentials

/// How far the user got with one mission: runtime state, joined to its
/// ``ExpeditionMissionDefinition`` by `id`.
public struct ExpeditionMissionState: Identifiable, Codable, Equatable, Sendable {
    public let id: String
    /// Progress in the mission kind's unit, at most the target.
    public var progress: Int
    /// When the session that completed it ended.
    public var completedAt: Date?

    public var completed: Bool { completedAt != nil }

    public init(id: String, progress: Int = 0, completedAt: Date? = nil) {
        self.id = id
        self.progress = progress
        self.completedAt = completedAt
    }
}

/// An unlocked chapter: when it opened, when it was stamped, its missions.
public struct ExpeditionChapterState: Identifiable, Codable, Equatable, Sendable {
    public let id: String
    /// When the session that opened it ended (the first chapter: when the first session started).
    public let unlockedAt: Date
    /// The local date it opened; `streakDays` missions count from this date.
    public let unlockedOn: CivilDate
    /// When the session that completed its last mission ended.
    public var stampedAt: Date?
    /// The local date of the stamp.
    public var stampedOn: CivilDate?
    public var missions: [ExpeditionMissionState]

    public var stamped: Bool { stampedAt != nil }

    public init(id: String, unlockedAt: Date, unlockedOn: CivilDate, missions: [ExpeditionMissionState]) {
        self.id = id
        self.unlockedAt = unlockedAt
        self.unlockedOn = unlockedOn
        self.missions = missions
    }
}

/// The user's expedition: the chapters unlocked so far, in route order, and the miles earned.
///
/// It is the fold of ``ExpeditionService/apply(_:day:streak:to:definitions:)``
/// over the journal's sessions, so it can always be rebuilt from the journal.
public struct ExpeditionState: Codable, Equatable, Sendable {
    /// Unlocked chapters in route order; every one but the last is stamped.
    public var chapters: [ExpeditionChapterState]
    /// Miles of every stamped chapter.
    public var totalMiles: Int
    /// Soundscapes unlocked by stamps, in the order they were earned.
    public var soundscapes: [String]
    /// When the last chapter was stamped.
    public var completedAt: Date?

    /// The state before the first session: nothing unlocked.
    public init(
        chapters: [ExpeditionChapterState] = [], totalMiles: Int = 0, soundscapes: [String] = [],
        completedAt: Date? = nil
    ) {
        self.chapters = chapters
        self.totalMiles = totalMiles
        self.soundscapes = soundscapes
        self.completedAt = completedAt
    }

    /// The chapter in progress: the unlocked one not yet stamped.
    public var currentChapter: ExpeditionChapterState? {
        guard let last = chapters.last, !last.stamped else { return nil }
        return last
    }

    /// Stamped chapters in the order they were stamped.
    public var stampedChapters: [ExpeditionChapterState] { chapters.filter(\.stamped) }

    /// Whether every chapter of the route is stamped.
    public var isComplete: Bool { completedAt != nil }
}
