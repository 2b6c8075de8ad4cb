import FoundationEssentials

/// What one mission requires: static configuration, joined to its
/// ``ExpeditionMissionState`` by `id`.
public struct ExpeditionMissionDefinition: Identifiable, Codable, Equatable, Sendable {
    public let id: String
    public let title: String
    public let kind: ExpeditionMissionKind
    /// The progress at which the mission is complete, in the kind's unit.
    public let targetValue: Int
    /// Miles added to the total when the chapter is stamped.
    public let rewardMiles: Int
    /// The title in other languages, by language tag (`"i18n": {"zh-Hans": {"title": "…"}}`); optional.
    public let i18n: [String: Translation]?

    /// A mission's text in another language.
    public struct Translation: Codable, Equatable, Sendable {
        public let title: String?

        public init(title: String?) { self.title = title }
    }

    public init(
        id: String, title: String, kind: ExpeditionMissionKind, targetValue: Int, rewardMiles: Int,
        i18n: [String: Translation]? = nil
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.targetValue = targetValue
        self.rewardMiles = rewardMiles
        self.i18n = i18n
    }

    /// The title in every language the route gives it in.
    public var titleText: LocalizedText { LocalizedText(title, translations: i18n?.compactMapValues(\.title) ?? [:]) }
}

/// One city of the route: its story, the soundscape it unlocks, its missions.
public struct ExpeditionChapterDefinition: Identifiable, Codable, Equatable, Sendable {
    public let id: String
    public let title: String
    public let country: String
    /// One line of story shown while the chapter is open.
    public let story: String
    /// The ambient soundscape the stamp unlocks.
    public let soundscape: String
    public let missions: [ExpeditionMissionDefinition]
    /// The text in other languages, by language tag (`"i18n": {"zh-Hans": {"title": "里斯本", …}}`); optional, and
    /// any key of it may be left out: what is missing is shown in English.
    public let i18n: [String: Translation]?

    /// A chapter's text in another language.
    public struct Translation: Codable, Equatable, Sendable {
        public let title: String?
        public let country: String?
        public let story: String?
        public let soundscape: String?

        public init(title: String?, country: String?, story: String?, soundscape: String?) {
            self.title = title
            self.country = country
            self.story = story
            self.soundscape = soundscape
        }
    }

    public init(
        id: String, title: String, country: String, story: String, soundscape: String,
        missions: [ExpeditionMissionDefinition], i18n: [String: Translation]? = nil
    ) {
        self.id = id
        self.title = title
        self.country = country
        self.story = story
        self.soundscape = soundscape
        self.missions = missions
        self.i18n = i18n
    }

    /// The miles the stamp is worth: the sum of its missions' rewards.
    public var miles: Int { missions.reduce(0) { $0 + $1.rewardMiles } }

    /// The city in every language the route gives it in.
    public var titleText: LocalizedText { text(title, \.title) }
    public var countryText: LocalizedText { text(country, \.country) }
    public var storyText: LocalizedText { text(story, \.story) }
    public var soundscapeText: LocalizedText { text(soundscape, \.soundscape) }

    /// `Lisbon, Portugal`; in Chinese the country comes first with no separator (`葡萄牙里斯本`), as Chinese writes
    /// places, and a custom route's English country stays beside its translated city (`奥斯陆（Norway）`).
    public var place: Message {
        var translations: [String: String] = [:]
        for (tag, translation) in i18n ?? [:] where translation.title != nil || translation.country != nil {
            let city = translation.title ?? title
            translations[tag] =
                Language(rawValue: tag) == .simplifiedChinese
                ? ChineseFormat.place(city: city, country: translation.country, englishCountry: country)
                : "\(city), \(translation.country ?? country)"
        }
        return Message(LocalizedText("\(title), \(country)", translations: translations))
    }

    private func text(_ english: String, _ field: KeyPath<Translation, String?>) -> LocalizedText {
        LocalizedText(english, translations: i18n?.compactMapValues { $0[keyPath: field] } ?? [:])
    }
}

/// The whole route, loaded from JSON: the built-in `Resources/expeditions.json`
/// or the user's `expeditions.json` in the config folder, which replaces it.
///
/// Adding a city is adding JSON: nothing in the state layer names a chapter.
public struct ExpeditionDefinitions: Codable, Equatable, Sendable {
    /// A completed session at least this long counts as deep focus.
    public let deepFocusMinutes: Int
    /// A timer session shorter than this earns no progress (absent: ``defaultMinimumSessionMinutes``),
    /// so a string of one-second timers cannot walk the route.
    public let minimumSessionMinutes: Int?
    /// The chapters in route order.
    public let chapters: [ExpeditionChapterDefinition]

    public init(deepFocusMinutes: Int = 50, minimumSessionMinutes: Int? = nil, chapters: [ExpeditionChapterDefinition])
    {
        self.deepFocusMinutes = deepFocusMinutes
        self.minimumSessionMinutes = minimumSessionMinutes
        self.chapters = chapters
    }

    /// The minimum when the file does not set `minimumSessionMinutes`.
    public static let defaultMinimumSessionMinutes = 10

    /// ``minimumSessionMinutes`` in seconds.
    public var minimumSessionSeconds: Int { (minimumSessionMinutes ?? Self.defaultMinimumSessionMinutes) * 60 }

    /// The definitions embedded in the binary: `Resources/expeditions.json` as values the build wrote
    /// (`Sources/EmbedResources`), so no command reads its JSON.
    public static var builtIn: ExpeditionDefinitions { EmbeddedResources.expeditionsRoute }

    /// FNV-1a of the canonical JSON of ``builtIn`` (keys sorted, no spaces, `nil` fields left out), computed when
    /// the binary was built: the route's part of the expedition's fingerprint.
    public static var builtInHash: UInt64 { EmbeddedResources.expeditionsHash }

    /// The chapter with `id`.
    public func chapter(_ id: String) -> ExpeditionChapterDefinition? { chapters.first { $0.id == id } }

    /// The mission with `id` and the chapter it belongs to.
    public func mission(_ id: String) -> (chapter: ExpeditionChapterDefinition, mission: ExpeditionMissionDefinition)? {
        for chapter in chapters {
            if let mission = chapter.missions.first(where: { $0.id == id }) { return (chapter, mission) }
        }
        return nil
    }

    /// A soundscape by its English title (as the expedition state keeps it), in every language the route gives.
    public func soundscape(titled title: String) -> LocalizedText {
        chapters.first { $0.soundscape == title }?.soundscapeText ?? LocalizedText(title)
    }

    /// The position of chapter `id` on the route.
    public func index(of id: String) -> Int? { chapters.firstIndex { $0.id == id } }

    /// Decodes and validates definitions; a problem names `file`, the place in it and what is wrong.
    ///
    /// Checked: valid JSON with every key of the right type, known mission
    /// kinds, unique chapter ids and unique mission ids, at least one chapter and at
    /// least one mission in each, every number within ``Limits``, and no empty translation.
    public static func parse(_ bytes: [UInt8], file: String) throws(FocusError) -> ExpeditionDefinitions {
        let definitions: ExpeditionDefinitions
        do {
            definitions = try JSONDecoder().decode(ExpeditionDefinitions.self, from: Data(bytes))
        } catch let error as DecodingError {
            if let place = JSONNumberProbe.firstNonInteger(in: bytes) {
                throw FocusError(.data, "\(file): \(place): is not a whole number focus can use")
            }
            throw FocusError(.data, "\(file): \(describe(error))")
        } catch {
            throw FocusError(.data, "\(file): \(String(describing: error))")
        }
        if let (place, problem) = definitions.firstProblem() {
            throw FocusError(.data, "\(file): \(place): \(problem)")
        }
        return definitions
    }

    /// The ranges of the numbers in a route, so no sum or product the expedition computes can overflow.
    public enum Limits {
        /// `deepFocusMinutes`: a day at most.
        public static let deepFocusMinutes = 1...1440
        /// `minimumSessionMinutes`: a day at most.
        public static let minimumSessionMinutes = 0...1440
        /// A mission's `targetValue`, in its kind's unit.
        public static let targetValue = 1...1_000_000
        /// A mission's `rewardMiles`.
        public static let rewardMiles = 0...1_000_000
        /// Chapters in a route, and missions in a chapter.
        public static let chapters = 1...1000
        public static let missions = 1...100
    }

    /// The first rule the definitions break, as (place, problem).
    func firstProblem() -> (String, Message)? {
        if !Limits.deepFocusMinutes.contains(deepFocusMinutes) {
            return ("deepFocusMinutes", "must be a number of minutes from 1 to 1440, not \(deepFocusMinutes)")
        }
        if let minimum = minimumSessionMinutes, !Limits.minimumSessionMinutes.contains(minimum) {
            return ("minimumSessionMinutes", "must be a number of minutes from 0 to 1440, not \(minimum)")
        }
        if chapters.isEmpty { return ("chapters", "needs at least one chapter") }
        if chapters.count > Limits.chapters.upperBound {
            return ("chapters", "holds \(chapters.count) chapters; at most \(Limits.chapters.upperBound)")
        }
        var chapterIDs = Set<String>()
        var missionIDs = Set<String>()
        for (c, chapter) in chapters.enumerated() {
            let at = "chapters[\(c)]"
            if chapter.id.isEmpty { return ("\(at).id", "is empty") }
            if !chapterIDs.insert(chapter.id).inserted { return ("\(at).id", "duplicate chapter id \"\(chapter.id)\"") }
            if chapter.missions.isEmpty {
                return ("\(at).missions", "chapter \"\(chapter.id)\" needs at least one mission")
            }
            if chapter.missions.count > Limits.missions.upperBound {
                return (
                    "\(at).missions", "holds \(chapter.missions.count) missions; at most \(Limits.missions.upperBound)"
                )
            }
            for (language, text) in (chapter.i18n ?? [:]).sorted(by: { $0.key < $1.key }) {
                let fields =
                    [("title", text.title), ("country", text.country), ("story", text.story)]
                    + [("soundscape", text.soundscape)]
                if let (name, _) = fields.first(where: { $0.1?.isEmpty == true }) {
                    return ("\(at).i18n.\(language).\(name)", "is empty; leave it out to show the English")
                }
            }
            for (m, mission) in chapter.missions.enumerated() {
                let at = "\(at).missions[\(m)]"
                if mission.id.isEmpty { return ("\(at).id", "is empty") }
                if let language = mission.i18n?.keys.sorted().first(where: { mission.i18n?[$0]?.title?.isEmpty == true }
                ) {
                    return ("\(at).i18n.\(language).title", "is empty; leave it out to show the English")
                }
                if !missionIDs.insert(mission.id).inserted {
                    return ("\(at).id", "duplicate mission id \"\(mission.id)\"")
                }
                if !Limits.targetValue.contains(mission.targetValue) {
                    return ("\(at).targetValue", "must be from 1 to 1000000, not \(mission.targetValue)")
                }
                if !Limits.rewardMiles.contains(mission.rewardMiles) {
                    return ("\(at).rewardMiles", "must be from 0 to 1000000, not \(mission.rewardMiles)")
                }
            }
        }
        return nil
    }

    private static func describe(_ error: DecodingError) -> Message {
        func place(_ path: [any CodingKey]) -> String {
            var out = ""
            for key in path {
                if let index = key.intValue {
                    out += "[\(index)]"
                } else {
                    out += (out.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return out.isEmpty ? "top level" : out
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = place(context.codingPath)
            return "\(parent == "top level" ? key.stringValue : parent + "." + key.stringValue): is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(place(context.codingPath)): has the wrong type"
        case .dataCorrupted(let context) where context.codingPath.last?.stringValue == "kind":
            let known = Message.list(ExpeditionMissionKind.allCases.map(\.rawValue))
            return "\(place(context.codingPath)): unknown mission kind (known: \(known))"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return "\(place(context.codingPath)): \(context.debugDescription)"
        default:
            return "is not valid JSON"
        }
    }
}
