import FocusCore

/// The dashboard's keys in words: the help it shows on `?` and the hints on its status line, both generated from
/// the reducer's key table (``DashboardKeys``), so they never disagree with what the keys do.
enum DashboardKeysView {
    /// `Timer`, `Stats`…: the tabs' names, as the tab bar shows them.
    static func title(_ tab: DashboardTab) -> Message {
        switch tab {
        case .timer: "Timer"
        case .stats: "Stats"
        case .expedition: "Expedition"
        case .passport: "Passport"
        case .profile: "Profile"
        case .log: "Log"
        }
    }

    /// How a key is written: `space`, `Enter`, `Shift-Tab`, `←`, `Ctrl-C`; the names on the keyboard stay as they
    /// are in every language, the space bar is named in words.
    static func name(_ key: DashboardKey) -> String {
        switch key {
        case .character(" "): Message("space").localized
        case .character(let character): String(character)
        case .enter: "Enter"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .control(let letter): "Ctrl-" + letter.uppercased()
        }
    }

    /// What an action does, in the help.
    static func describe(_ action: DashboardAction, on tab: DashboardTab) -> Message {
        switch action {
        case .showTab: "show that tab: 1 Timer, 2 Stats, 3 Expedition, 4 Passport, 5 Profile, 6 Log"
        case .nextTab: "next tab"
        case .previousTab: "previous tab"
        case .help: "show or hide these keys"
        case .quit: "quit (asks first while a session runs, which it stops)"
        case .interrupt: "quit now; a running session is stopped and recorded"
        case .suspend: "suspend, as any program (fg brings it back)"
        case .redraw: "draw the whole screen again"
        case .scrollUp: tab == .log ? "the newer session" : "scroll up"
        case .scrollDown: tab == .log ? "the older session" : "scroll down"
        case .pageUp: "a page up"
        case .pageDown: "a page down"
        case .top: "to the top"
        case .bottom: "to the end"
        case .startSession: "start a focus session: a duration, tags (a, b) and cycles, then Enter"
        case .startBreak: "take a break (config break-minutes)"
        case .togglePause: "pause or resume; paused time is not focus"
        case .extend: "add \(TimerKeys.extensionSeconds / 60) minutes"
        case .stopSession: "stop the session, as focus stop does (recorded with a minute of focus or more)"
        case .cancelSession: "cancel the session without recording it, as focus cancel does (asks first)"
        case .nextPhase: "start the next phase of a run of cycles"
        case .nextRange: "next range: 7d, 30d, 90d, 1y, all"
        case .previousRange: "previous range"
        case .earlierWindow: "the same range just before (7 days earlier, for 7d)"
        case .laterWindow: "the same range just after, up to today"
        case .nextTag: "count only sessions with the next tag (then every session again)"
        case .previousTag: "count only sessions with the previous tag"
        case .editSession: "edit the selected session: tags, note, start, duration"
        case .deleteSession: "delete the selected session (asks first; u brings it back)"
        case .undo: "undo the last add, edit, delete or recorded session (asks first)"
        }
    }

    /// What an action does, in a status line hint.
    private static func hint(_ action: DashboardAction) -> Message {
        switch action {
        case .startSession: "start"
        case .startBreak: "break"
        case .togglePause: "pause"
        case .extend: "\(TimerKeys.extensionSeconds / 60) min"
        case .stopSession: "stop"
        case .cancelSession: "cancel"
        case .nextPhase: "next phase"
        case .nextRange: "range"
        case .earlierWindow: "earlier"
        case .laterWindow: "later"
        case .nextTag: "tag"
        case .scrollDown: "scroll"
        case .editSession: "edit"
        case .deleteSession: "delete"
        case .undo: "undo"
        case .help: "keys"
        case .quit: "quit"
        default: ""
        }
    }

    /// The help: this tab's keys, then the keys of every tab, each with what it does, within `width`.
    static func lines(tab: DashboardTab, width: Int) -> [TerminalLine] {
        func section(_ title: Message, _ bindings: [DashboardKeys.Binding]) -> [TerminalLine] {
            var rows: [(keys: String, action: DashboardAction)] = []
            for binding in bindings {
                if case .showTab = binding.action {
                    if !rows.contains(where: { if case .showTab = $0.action { true } else { false } }) {
                        rows.append(("1–6", binding.action))
                    }
                    continue
                }
                rows.append((binding.keys.map(name).joined(separator: " "), binding.action))
            }
            let column = min(width / 3, (rows.map { $0.keys.displayWidth }.max() ?? 0) + 2)
            return [TerminalLine(title, .bold)]
                + rows.flatMap { row in
                    TerminalLine.hanging(
                        TerminalLine(verbatim: "  " + row.keys, .cyan).truncated(toWidth: column + 2).padded(
                            toWidth: column + 2),
                        TerminalLine(describe(row.action, on: tab)), toWidth: width)
                }
        }
        var lines: [TerminalLine] = []
        let own = DashboardKeys.own(tab)
        if !own.isEmpty { lines += section("Keys of the \(title(tab)) tab", own) + [TerminalLine()] }
        lines += section("Keys everywhere", DashboardKeys.global)
        lines += [TerminalLine()] + TerminalLine("Any key closes this list.", .dim).folded(toWidth: width)
        return lines
    }

    /// `s start · b break · ? keys · q quit`: the keys that matter now, for the status line.
    static func hints(_ dashboard: Dashboard) -> String {
        var actions: [DashboardAction]
        switch dashboard.tab {
        case .timer:
            if let timer = dashboard.timer {
                actions =
                    timer.stage == .waiting
                    ? [.nextPhase, .stopSession, .cancelSession]
                    : [.togglePause] + (timer.setup.open ? [] : [.extend]) + [.stopSession, .cancelSession]
            } else if dashboard.external != nil {
                actions = [.stopSession, .cancelSession]
            } else {
                actions = [.startSession, .startBreak]
            }
        case .stats: actions = [.nextRange, .earlierWindow, .laterWindow, .nextTag]
        case .log: actions = [.scrollDown, .editSession, .deleteSession, .undo]
        case .expedition, .passport, .profile: actions = [.scrollDown]
        }
        actions += [.help, .quit]
        let bindings = DashboardKeys.own(dashboard.tab) + DashboardKeys.global
        return actions.compactMap { action -> String? in
            guard let binding = bindings.first(where: { $0.action == action }), let key = binding.keys.first else {
                return nil
            }
            let keys = action == .scrollDown ? "↑↓" : name(key)
            return keys + " " + hint(action).localized
        }.joined(separator: " · ")
    }
}
