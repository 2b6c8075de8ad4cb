/// What the timer is counting: focus, or a break between focus sessions.
public enum TimerPhase: String, Codable, Sendable, CaseIterable {
    case focus
    case shortBreak = "break"
    case longBreak = "long-break"

    /// Whether this phase is recorded in the journal.
    public var isFocus: Bool { self == .focus }

    /// A title for displays: `Focus`, `Break`, `Long break`.
    public var title: Message {
        switch self {
        case .focus: Message("Focus")
        case .shortBreak: Message("Break")
        case .longBreak: Message("Long break")
        }
    }

    /// The phase inside a sentence: `focus`, `break`, `long break`.
    public var word: Message {
        switch self {
        case .focus: Message("focus")
        case .shortBreak: Message("break")
        case .longBreak: Message("long break")
        }
    }
}
