import FocusModels
import FocusStore
import FoundationEssentials

/// One mission as `focus expedition` shows it; its texts encode in English (`--json`).
public struct ExpeditionMissionRow: Equatable, Sendable, Encodable {
    public let id: String
    public let title: Message
    public let kind: ExpeditionMissionKind
    public let progress: Int
    public let target: Int
    public let rewardMiles: Int
    public let completed: Bool

    /// Progress as a fraction of the target, 0…1.
    public var fraction: Double { Double(progress) / Double(max(1, target)) }

    /// `3/5 sessions`.
    public var numbers: Message { "\(progress)/\(target) \(kind.unit)" }
}

/// The open chapter as `focus expedition` shows it; its texts encode in English (`--json`).
public struct ExpeditionChapterCard: Equatable, Sendable, Encodable {
    public let id: String
    /// 1-based position on the route.
    public let number: Int
    public let title: Message
    public let country: Message
    /// City and country as the reader's language writes a place (``ExpeditionChapterDefinition/place``); not in
    /// `--json`, which has both.
    public let place: Message
    public let story: Message
    public let soundscape: Message
    /// `nil` before the first timer session.
    public let unlockedOn: CivilDate?
    public let missions: [ExpeditionMissionRow]

    private enum CodingKeys: String, CodingKey {
        case id, number, title, country, story, soundscape, unlockedOn, missions
    }
}

/// `focus expedition`: the open chapter, its missions, the miles and the next city.
///
/// Store and UI state in, computed properties out; with an empty journal it
/// shows a labelled demo.
public struct ExpeditionViewModel: GameViewModel {
    public let store: AppStore
    public let now: Date
    public let days: LocalDays

    public init(store: AppStore, now: Date, days: LocalDays) {
        self.store = store
        self.now = now
        self.days = days
    }

    /// How many chapters the route has.
    public var chapterCount: Int { store.expeditionDefinitions.chapters.count }

    /// How many are stamped.
    public var stampedCount: Int { shown.expedition.stampedChapters.count }

    /// Miles of every stamp so far.
    public var totalMiles: Int { shown.expedition.totalMiles }

    /// Whether every chapter is stamped.
    public var isComplete: Bool { shown.expedition.isComplete }

    /// Whether the expedition has not begun: no timer session yet.
    public var notStarted: Bool { shown.expedition.chapters.isEmpty }

    /// The open chapter; before the first session the first one, with no progress; `nil` when complete.
    public var current: ExpeditionChapterCard? {
        let shown = shown
        let definitions = shown.definitions
        if let state = shown.expedition.currentChapter, let index = definitions.index(of: state.id) {
            return card(definitions.chapters[index], number: index + 1, state: state)
        }
        guard shown.expedition.chapters.isEmpty, let first = definitions.chapters.first else { return nil }
        return card(first, number: 1, state: nil)
    }

    /// `Seville, Spain`: the chapter after the open one, `nil` at the end of the route.
    public var nextCity: Message? {
        let definitions = shown.definitions
        let index = current.map { $0.number } ?? definitions.chapters.count
        return index < definitions.chapters.count ? definitions.chapters[index].place : nil
    }

    private func card(_ chapter: ExpeditionChapterDefinition, number: Int, state: ExpeditionChapterState?)
        -> ExpeditionChapterCard
    {
        let missions = chapter.missions.map { mission in
            let progress = state?.missions.first { $0.id == mission.id }
            return ExpeditionMissionRow(
                id: mission.id, title: Message(mission.titleText), kind: mission.kind,
                progress: progress?.progress ?? 0,
                target: mission.targetValue,
                rewardMiles: mission.rewardMiles, completed: progress?.completed ?? false)
        }
        return ExpeditionChapterCard(
            id: chapter.id, number: number, title: Message(chapter.titleText), country: Message(chapter.countryText),
            place: chapter.place, story: Message(chapter.storyText), soundscape: Message(chapter.soundscapeText),
            unlockedOn: state?.unlockedOn, missions: missions)
    }
}
