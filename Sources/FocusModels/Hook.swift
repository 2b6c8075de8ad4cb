import FoundationEssentials

/// A hook to run: which executable in `<config>/hooks/` and the `FOCUS_*`
/// variables it is given.
///
/// Deciding which hook belongs to a moment of the timer is a pure function
/// of the phase's state; the executable runs the process.
public struct Hook: Equatable, Sendable {
    /// The moments a hook can follow.
    public enum Event: String, CaseIterable, Sendable {
        /// A focus phase began.
        case start
        /// A focus phase reached its planned time (after it was recorded).
        case complete
        /// A phase was stopped early (after any focus was recorded).
        case stop
        /// A break began.
        case `break`

        /// The executable's name in the hooks folder: `on-start`, `on-complete`, `on-stop`, `on-break`.
        public var fileName: String { "on-" + rawValue }
    }

    public let event: Event
    /// `FOCUS_*` variables, added to the environment focus itself runs in.
    public let environment: [String: String]

    /// The variables every hook gets, in the order the README documents them.
    public static let variables = [
        "FOCUS_EVENT", "FOCUS_ID", "FOCUS_PHASE", "FOCUS_TAG", "FOCUS_TAGS", "FOCUS_NOTE", "FOCUS_PLANNED",
        "FOCUS_FOCUSED",
        "FOCUS_REMAINING", "FOCUS_STARTED", "FOCUS_CYCLE", "FOCUS_CYCLES", "FOCUS_COMPLETED", "FOCUS_RECORDED",
    ]

    /// The hook for a phase that has just begun: `on-start` for focus, `on-break` for either break.
    public static func started(_ state: RunningState) -> Hook {
        Hook(event: state.phase.isFocus ? .start : .break, state: state, focused: 0, completed: false, recorded: false)
    }

    /// The hook for a phase that has ended, or `nil` when a break simply ran out.
    ///
    /// A focus phase that reached its plan is `on-complete`; any phase stopped
    /// early is `on-stop`. `recorded` is the session written to the journal,
    /// if any: its focused seconds are the ones reported.
    public static func ended(_ state: RunningState, stopped: Bool, recorded: FocusLog?) -> Hook? {
        let focused = recorded?.focused ?? min(state.counted, state.planned)
        if stopped {
            return Hook(event: .stop, state: state, focused: focused, completed: false, recorded: recorded != nil)
        }
        guard state.phase.isFocus else { return nil }
        return Hook(event: .complete, state: state, focused: focused, completed: true, recorded: recorded != nil)
    }

    private init(event: Event, state: RunningState, focused: Int, completed: Bool, recorded: Bool) {
        self.event = event
        environment = [
            "FOCUS_EVENT": event.rawValue,
            "FOCUS_ID": state.id,
            "FOCUS_PHASE": state.phase.rawValue,
            "FOCUS_TAG": state.tags.first ?? "",
            "FOCUS_TAGS": state.tags.joined(separator: "\n"),
            "FOCUS_NOTE": state.note ?? "",
            "FOCUS_PLANNED": "\(state.planned)",
            "FOCUS_FOCUSED": "\(focused)",
            "FOCUS_REMAINING": "\(max(0, state.planned - focused))",
            "FOCUS_STARTED": UTCTimestamp.format(state.startedAt),
            "FOCUS_CYCLE": "\(state.cycle)",
            "FOCUS_CYCLES": "\(state.cycles)",
            "FOCUS_COMPLETED": "\(completed)",
            "FOCUS_RECORDED": "\(recorded)",
        ]
    }
}
