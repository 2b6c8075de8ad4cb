/// What a key asks the dashboard to do.
public enum DashboardAction: Hashable, Sendable {
    case showTab(DashboardTab)
    case nextTab, previousTab
    /// Show or hide the list of keys.
    case help
    /// Leave (after asking, when a session runs).
    case quit
    /// Ctrl-C: leave now; a running session is stopped and recorded, as Ctrl-C in `focus start` does.
    case interrupt
    /// Ctrl-Z: give the terminal back and stop, until `fg`.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
    case scrollUp, scrollDown, pageUp, pageDown, top, bottom
    /// Open the start prompt: a duration, a tag and cycles.
    case startSession
    /// Start a break of the configured length.
    case startBreak
    case togglePause
    /// Add 5 minutes to the phase.
    case extend
    /// Stop the session early (recorded as `focus stop` records it).
    case stopSession
    /// Drop the session without recording it (after asking), as `focus cancel` does.
    case cancelSession
    /// Begin the next phase of a run of cycles.
    case nextPhase
    case nextRange, previousRange
    /// Move the stats window one range back in time, or forward.
    case earlierWindow, laterWindow
    case nextTag, previousTag
    case editSession, deleteSession, undo
}

/// The dashboard's key table: which key does what on which tab. The reducer looks keys up here and the help is
/// generated from the same table, so the two never disagree.
public enum DashboardKeys {
    /// Keys and the action they trigger.
    public struct Binding: Equatable, Sendable {
        public let keys: [DashboardKey]
        public let action: DashboardAction

        init(_ keys: [DashboardKey], _ action: DashboardAction) {
            self.keys = keys
            self.action = action
        }
    }

    private static func chars(_ text: String) -> [DashboardKey] { text.map { .character($0) } }

    /// The keys of every tab.
    public static let global: [Binding] =
        DashboardTab.allCases.map { Binding([.character(Character("\($0.rawValue + 1)"))], .showTab($0)) } + [
            Binding([.tab, .right], .nextTab),
            Binding([.backTab, .left], .previousTab),
            Binding([.up, .character("k")], .scrollUp),
            Binding([.down, .character("j")], .scrollDown),
            Binding([.pageUp], .pageUp),
            Binding([.pageDown], .pageDown),
            Binding([.home, .character("g")], .top),
            Binding([.end, .character("G")], .bottom),
            Binding([.enter], .nextPhase),
            Binding(chars("?"), .help),
            Binding(chars("qQ"), .quit),
            Binding([.control("c")], .interrupt),
            Binding([.control("z")], .suspend),
            Binding([.control("l")], .redraw),
        ]

    /// The keys of `tab` alone; they win over the ``global`` ones (`←` and `→` move the stats window).
    public static func own(_ tab: DashboardTab) -> [Binding] {
        switch tab {
        case .timer:
            [
                Binding(chars("s"), .startSession), Binding(chars("b"), .startBreak),
                Binding([.character(" "), .character("p")], .togglePause), Binding(chars("+="), .extend),
                Binding(chars("x"), .stopSession), Binding(chars("c"), .cancelSession),
            ]
        case .stats:
            [
                Binding(chars("r"), .nextRange), Binding(chars("R"), .previousRange),
                Binding([.left, .character("h")], .earlierWindow), Binding([.right, .character("l")], .laterWindow),
                Binding(chars("t"), .nextTag), Binding(chars("T"), .previousTag),
            ]
        case .log: [Binding(chars("e"), .editSession), Binding(chars("d"), .deleteSession), Binding(chars("u"), .undo)]
        case .expedition, .passport, .profile: []
        }
    }

    /// What `key` does on `tab`, or `nil` when it does nothing there.
    public static func action(for key: DashboardKey, on tab: DashboardTab) -> DashboardAction? {
        (own(tab) + global).first { $0.keys.contains(key) }?.action
    }
}
