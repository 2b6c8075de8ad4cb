/// What a mission counts. Adding a kind is a new case here plus its progress
/// rule in ``ExpeditionService``; the definitions and the state do not change.
public enum ExpeditionMissionKind: String, Codable, CaseIterable, Sendable {
    /// Completed timer sessions.
    case sessionCount
    /// Whole minutes of focus in completed timer sessions.
    case focusMinutes
    /// Completed timer sessions of at least ``ExpeditionDefinitions/deepFocusMinutes``.
    case deepFocusCount
    /// Days of the current streak, counted from the day the chapter unlocked.
    case streakDays

    /// The unit a progress number is in, for displays: `sessions`, `min`, `deep sessions`, `days`.
    public var unit: Message {
        switch self {
        case .sessionCount: Message("sessions")
        case .focusMinutes: Message("min")
        case .deepFocusCount: Message("deep sessions")
        case .streakDays: Message("days")
        }
    }
}
