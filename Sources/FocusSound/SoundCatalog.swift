import FocusModels

/// Every sound `focus` can play for a route, and which stamp unlocks each.
///
/// White, pink and brown noise are free from the start. Each city's
/// soundscape unlocks with its stamp. Rain, ocean and wind unlock with the
/// first city whose soundscape is built on them (free when no city is).
public struct SoundCatalog: Sendable {
    /// One playable sound.
    public struct Entry: Equatable, Sendable {
        /// What the user types: `pink`, or a city's chapter id such as `lisbon`.
        public let name: String
        /// `Pink noise`, or the city's soundscape: `Tram 28 on the hill`, in every language.
        public let title: Message
        /// The plain sound it is; `nil` for a city's soundscape.
        let kind: SoundLayerKind?
        /// The chapter whose stamp unlocks it; `nil` when it is free from the start.
        public let unlockedBy: ExpeditionChapterDefinition?

        /// What it is made of: the plain sound alone, or the city's composition; made when asked, as listing the
        /// sounds (`passport`, `sound list`) needs none.
        public var recipe: SoundRecipe { kind.map(SoundRecipe.single) ?? .city(name) }
    }

    /// Plain sounds first, then the cities in route order.
    public let entries: [Entry]

    /// The catalog for the route `definitions`.
    public init(definitions: ExpeditionDefinitions) {
        let cities = definitions.chapters.map {
            Entry(name: $0.id, title: Message($0.soundscapeText), kind: nil, unlockedBy: $0)
        }
        entries =
            Self.free.map { Entry(name: $0.0.rawValue, title: $0.1, kind: $0.0, unlockedBy: nil) }
            + Self.earned.map { kind, title in
                Entry(
                    name: kind.rawValue, title: title, kind: kind,
                    unlockedBy: definitions.chapters.first { SoundRecipe.leadKind(ofCity: $0.id) == kind })
            }
            + cities
    }

    /// How many entries the catalog for `definitions` has, without making them (each city's recipe).
    public static func count(definitions: ExpeditionDefinitions) -> Int {
        free.count + earned.count + definitions.chapters.count
    }

    /// The noises free from the start.
    private static let free: [(SoundLayerKind, Message)] = [
        (.white, Message("White noise")), (.pink, Message("Pink noise")), (.brown, Message("Brown noise")),
    ]

    /// The noises the first city built on each unlocks.
    private static let earned: [(SoundLayerKind, Message)] = [
        (.rain, Message("Rain")), (.ocean, Message("Ocean waves")), (.wind, Message("Wind")),
    ]

    /// The entry called `name` (or whose title in any language is `name`), ignoring case.
    public func entry(named name: String) -> Entry? {
        let key = name.lowercased()
        return entries.first { $0.name.lowercased() == key }
            ?? entries.first { entry in Language.allCases.contains { entry.title.rendered(in: $0).lowercased() == key }
            }
    }

    /// Whether `entry` may be played with the expedition as it stands.
    public static func isUnlocked(_ entry: Entry, in state: ExpeditionState) -> Bool {
        isUnlocked(entry, stamped: state.stampedChapters)
    }

    /// Whether `entry` may be played once the chapters `stamped` are.
    static func isUnlocked(_ entry: Entry, stamped: [ExpeditionChapterState]) -> Bool {
        guard let chapter = entry.unlockedBy else { return true }
        return stamped.contains { $0.id == chapter.id }
    }
}
