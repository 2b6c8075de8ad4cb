import FocusModels
import FocusSound
import FocusStore
import FoundationEssentials

/// A stamped chapter in the passport; its texts encode in English (`--json`).
public struct PassportStamp: Equatable, Sendable, Encodable {
    public let id: String
    /// 1-based position on the route.
    public let number: Int
    public let title: Message
    public let country: Message
    public let stampedOn: CivilDate
    public let miles: Int
    public let soundscape: Message
}

/// A sound the passport lets you play.
public struct PassportSound: Equatable, Sendable, Encodable {
    /// What `focus sound NAME` takes.
    public let name: String
    /// Its title in every language; encoded in English (`--json`).
    public let title: Message
}

/// A chapter still ahead: the open one or a locked one.
public struct PassportChapterAhead: Equatable, Sendable, Encodable {
    public let id: String
    public let number: Int
    public let title: Message
    public let country: Message
    /// City and country as the reader's language writes a place (``ExpeditionChapterDefinition/place``); not in
    /// `--json`, which has both.
    public let place: Message
    /// Whether it is the chapter in progress.
    public let open: Bool

    private enum CodingKeys: String, CodingKey { case id, number, title, country, open }
}

/// `focus passport`: the stamps with their dates and miles, the soundscapes, the road ahead.
///
/// Store and UI state in, computed properties out; with an empty journal it
/// shows a labelled demo.
public struct PassportViewModel: GameViewModel {
    public let store: AppStore
    public let now: Date
    public let days: LocalDays

    public init(store: AppStore, now: Date, days: LocalDays) {
        self.store = store
        self.now = now
        self.days = days
    }

    /// Stamped chapters in route order.
    public var stamps: [PassportStamp] {
        let shown = shown
        return shown.expedition.stampedChapters.compactMap { state in
            guard let index = shown.definitions.index(of: state.id), let stampedOn = state.stampedOn else { return nil }
            let chapter = shown.definitions.chapters[index]
            return PassportStamp(
                id: chapter.id, number: index + 1, title: Message(chapter.titleText),
                country: Message(chapter.countryText), stampedOn: stampedOn, miles: chapter.miles,
                soundscape: Message(chapter.soundscapeText))
        }
    }

    /// The sounds that play now, named and titled as `focus sound list` shows them: the noises every passport
    /// has, then those the stamps unlocked, in catalogue order (so the two commands always agree).
    public var sounds: [PassportSound] {
        let shown = shown
        return SoundCatalog(definitions: shown.definitions).unlockedEntries(in: shown.expedition).map {
            PassportSound(name: $0.name, title: $0.title)
        }
    }

    /// How many sounds there are to unlock in all, locked or not.
    public var soundCount: Int { SoundCatalog.count(definitions: shown.definitions) }

    /// Miles of every stamp so far.
    public var totalMiles: Int { shown.expedition.totalMiles }

    /// The chapters not stamped yet, in route order.
    public var ahead: [PassportChapterAhead] {
        let shown = shown
        let stamped = Set(shown.expedition.stampedChapters.map(\.id))
        let open = shown.expedition.currentChapter?.id
        return shown.definitions.chapters.enumerated().filter { !stamped.contains($0.element.id) }.map {
            PassportChapterAhead(
                id: $0.element.id, number: $0.offset + 1, title: Message($0.element.titleText),
                country: Message($0.element.countryText), place: $0.element.place,
                open: $0.element.id == open)
        }
    }
}
