/// What the timer is counting: focus, or a break between focus sessions.
public enum TimerPhase: String, Codable, Sendable, CaseIterable {
    case focus
    case shortBreak = "break"
    case longBreak = "long-break"

    /// Whether this phase is recorded in the journal.
    public var isFocus: Bool { self == .focus }

    /// A title for displays: `Focus`, `Break`, `Long break`.
    public var title: String {
        switch self {
        case .focus: "Focus"
        case .shortBreak: "Break"
        case .longBreak: "Long break"
        }
    }
}
