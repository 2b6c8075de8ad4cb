import FocusJournal
import FocusModels
import FoundationEssentials
import Synchronization

/// The saved fold of ``ExpeditionService`` over the journal, `expedition.json` in the data folder.
///
/// It names the sessions it holds: the first `applied` sessions that earn
/// progress, in journal order, the last of them `lastID`, and a hash of all
/// their ids, so a journal whose earlier sessions changed (a file swapped for
/// another) is never resumed from. A store that finds
/// more sessions applies only the newer ones, so a crash between appending a
/// session and saving the checkpoint loses nothing. The `fingerprint` covers
/// what else the fold depends on (the definitions, the zone, the day start);
/// when it differs, or the named sessions are not the journal's first ones,
/// or the file cannot be read, the state is rebuilt from the journal.
struct ExpeditionCheckpoint: Codable, Equatable {
    /// The format version; another version is rebuilt.
    static let currentVersion = 2

    var version: Int
    var fingerprint: String
    /// How many sessions that earn progress the state holds.
    var applied: Int
    /// The id of the last of them.
    var lastID: String?
    /// ``appliedHash(_:)`` of their ids.
    var appliedHash: String
    var state: ExpeditionState

    /// Whether this checkpoint is a prefix of the fold over `sessions` with `fingerprint`.
    func holds(prefixOf sessions: [FocusLog], fingerprint: String) -> Bool {
        guard version == Self.currentVersion, self.fingerprint == fingerprint, applied >= 0, applied <= sessions.count
        else {
            return false
        }
        guard applied == 0 ? lastID == nil : sessions[applied - 1].id == lastID else { return false }
        return Self.appliedHash(sessions[..<applied]) == appliedHash
    }

    /// Whether every number and date in the state is one a fold over `definitions` can produce, so resuming from
    /// it can never overflow: the chapters are the route's first ones, in order; each mission's progress is 0 to
    /// its target; the miles at most the route's; every date within the journal's instants.
    func isWithinBounds(of definitions: ExpeditionDefinitions) -> Bool {
        applied >= 0 && Self.isWithinBounds(state, of: definitions)
    }

    /// ``isWithinBounds(of:)`` for a state saved elsewhere (``JournalDigest``).
    static func isWithinBounds(_ state: ExpeditionState, of definitions: ExpeditionDefinitions) -> Bool {
        guard state.chapters.count <= definitions.chapters.count,
            state.soundscapes.count <= state.chapters.count,
            (0...definitions.chapters.reduce(0) { $0 + $1.miles }).contains(state.totalMiles),
            state.completedAt.map(Self.isInstant) ?? true
        else { return false }
        for (chapter, definition) in zip(state.chapters, definitions.chapters) {
            guard chapter.id == definition.id, Self.isInstant(chapter.unlockedAt),
                chapter.stampedAt.map(Self.isInstant) ?? true, chapter.missions.count == definition.missions.count
            else { return false }
            for (mission, missionDefinition) in zip(chapter.missions, definition.missions) {
                guard mission.id == missionDefinition.id,
                    (0...missionDefinition.targetValue).contains(mission.progress),
                    mission.completedAt.map(Self.isInstant) ?? true
                else { return false }
            }
        }
        return true
    }

    private static func isInstant(_ date: Date) -> Bool {
        JournalCodec.wholeSeconds(date).map(JournalCodec.instants.contains) ?? false
    }

    /// A hash of the ids of `sessions`, in order.
    static func appliedHash(_ sessions: ArraySlice<FocusLog>) -> String {
        String(FNV1a.hash(lines: sessions.lazy.map(\.id)), radix: 16)
    }

    /// A fingerprint of what the fold depends on besides the sessions: FNV-1a over the route (``routeHash(_:)``), the
    /// reader's zone, the day start and the ids of the journal's change records (an edit or deletion can change a
    /// session the checkpoint already holds, so any change rebuilds it).
    static func fingerprint(_ definitions: ExpeditionDefinitions, days: LocalDays, changes: [String] = []) -> String {
        var bytes = Array("|\(days.timeZone.identifier)|\(days.dayStartSeconds)".utf8)
        for id in changes { bytes += Array("|\(id)".utf8) }
        return String(FNV1a.hash(bytes, continuing: routeHash(definitions)), radix: 16)
    }

    /// The route's part of the fingerprint: for the built-in route (or definitions equal to it) the hash of its file
    /// computed when the binary was built (``ExpeditionDefinitions/builtInHash``), else FNV-1a of the canonical JSON
    /// of `definitions`, kept for the last definitions asked about: a command that shows the expedition asks two or
    /// three times (the checkpoint, the digest, the fold of a new session), and writing the route's JSON takes a
    /// million instructions each time.
    private static func routeHash(_ definitions: ExpeditionDefinitions) -> UInt64 {
        // The built-in value and its copies share their chapters' storage: comparing them is comparing two pointers.
        if definitions == .builtIn { return ExpeditionDefinitions.builtInHash }
        if let last = lastRoute.withLock({ $0 }), last.definitions == definitions { return last.hash }
        let hash = FNV1a.hash(Array(json(definitions).text(sortedKeys: true).utf8))
        lastRoute.withLock { $0 = (definitions, hash) }
        return hash
    }

    private static let lastRoute = Mutex<(definitions: ExpeditionDefinitions, hash: UInt64)?>(nil)

    /// `definitions` as `JSONValueEncoder` encodes them (optional fields left out when `nil`), built by hand: the
    /// generic encoder takes millions of instructions for the route, on every command that shows the expedition.
    /// `ExpeditionCheckpointTests` checks that both write the same text.
    static func json(_ definitions: ExpeditionDefinitions) -> JSONValue {
        var members = [
            JSONValue.Member("deepFocusMinutes", .int(definitions.deepFocusMinutes)),
            JSONValue.Member("chapters", .array(definitions.chapters.map(json))),
        ]
        if let minimum = definitions.minimumSessionMinutes {
            members.append(.init("minimumSessionMinutes", .int(minimum)))
        }
        return .object(members)
    }

    private static func json(_ chapter: ExpeditionChapterDefinition) -> JSONValue {
        var members = [
            JSONValue.Member("id", .string(chapter.id)), JSONValue.Member("title", .string(chapter.title)),
            JSONValue.Member("country", .string(chapter.country)), JSONValue.Member("story", .string(chapter.story)),
            JSONValue.Member("soundscape", .string(chapter.soundscape)),
            JSONValue.Member("missions", .array(chapter.missions.map(json))),
        ]
        if let i18n = chapter.i18n {
            members.append(
                .init(
                    "i18n",
                    json(i18n) { text in
                        fields([
                            ("title", text.title), ("country", text.country), ("story", text.story),
                            ("soundscape", text.soundscape),
                        ])
                    }))
        }
        return .object(members)
    }

    private static func json(_ mission: ExpeditionMissionDefinition) -> JSONValue {
        var members = [
            JSONValue.Member("id", .string(mission.id)), JSONValue.Member("title", .string(mission.title)),
            JSONValue.Member("kind", .string(mission.kind.rawValue)),
            JSONValue.Member("targetValue", .int(mission.targetValue)),
            JSONValue.Member("rewardMiles", .int(mission.rewardMiles)),
        ]
        if let i18n = mission.i18n { members.append(.init("i18n", json(i18n) { fields([("title", $0.title)]) })) }
        return .object(members)
    }

    private static func json<T>(_ translations: [String: T], _ translation: (T) -> JSONValue) -> JSONValue {
        .object(translations.map { JSONValue.Member($0.key, translation($0.value)) })
    }

    /// An object of the fields that are not `nil`.
    private static func fields(_ fields: [(String, String?)]) -> JSONValue {
        .object(fields.compactMap { key, value in value.map { JSONValue.Member(key, .string($0)) } })
    }
}
