import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// `focus dashboard`'s state and its decisions, as a pure reducer: an event and the state go in, the new state
/// and the effects the loop must perform, in order, come out.
///
/// This is where the UI state lives (the tab, the stats range, window and tag, the scroll positions, the Log's
/// selection, prompts), the state each tab's view model is given in its init, so the view models stay structs
/// without state of their own. A session started here runs on the same ``TimerMachine`` as `focus start`, held
/// here; its effects go out as ``DashboardEffect/timer(_:)`` for the loop to perform the way `focus start` does.
/// No human text is made here: prompts, notices and keys are values the views word.
public struct Dashboard: Equatable, Sendable {
    /// The ranges `r` cycles through.
    public static let ranges: [StatsRange] = [.lastDays(7), .lastDays(30), .lastDays(90), .lastDays(365), .all]

    public internal(set) var tab: DashboardTab
    public internal(set) var size: DashboardSize
    /// The data the loop last read.
    public internal(set) var facts: DashboardFacts
    /// Whether the list of keys covers the tab.
    public internal(set) var showsHelp = false
    /// Which of ``ranges`` the Stats tab shows.
    public internal(set) var rangeIndex = 0
    /// Which window of that range: 0 ends today, -1 is the one before (``StatsViewModel/windowOffset``).
    public internal(set) var windowOffset = 0
    /// The tag the Stats tab counts, or every session.
    public internal(set) var tag: String?
    /// The first row each tab shows.
    public internal(set) var scroll: [DashboardTab: Int] = [:]
    /// How many rows each tab's content had when it was last laid out.
    public internal(set) var contentRows: [DashboardTab: Int] = [:]
    /// The Log's selected row, an index into ``DashboardFacts/sessionIDs``.
    public internal(set) var selection = 0
    public internal(set) var prompt: DashboardPrompt?
    public internal(set) var notice: DashboardNotice?
    /// The session this dashboard runs.
    public internal(set) var timer: TimerMachine?
    /// A session another process on this machine runs (`focus start` in another terminal).
    public internal(set) var external: RunningState?
    /// Sessions other devices say they run.
    public internal(set) var elsewhere: [RunningMarker] = []
    /// What the last phase run here did.
    public internal(set) var lastPhase: DashboardLastPhase?
    /// How the last run of cycles ended.
    public internal(set) var lastRun: RunSummary?
    public internal(set) var animation: DashboardAnimation?
    /// Whether animations play (`FOCUS_NO_ANIMATION` turns them off).
    public let motion: Bool
    /// This process: the state file of a session it runs is its own, not another terminal's.
    public let pid: Int32
    /// Set once the dashboard is leaving, with this status (after the running session is recorded).
    public internal(set) var exitCode: Int32?

    public init(
        size: DashboardSize, facts: DashboardFacts = DashboardFacts(), tab: DashboardTab = .timer, motion: Bool = true,
        pid: Int32 = 0
    ) {
        self.size = size
        self.facts = facts
        self.tab = tab
        self.motion = motion
        self.pid = pid
    }

    /// The range the Stats tab shows (before its window is moved).
    public var range: StatsRange { Self.ranges[rangeIndex] }

    /// The first row `tab` shows.
    public func scroll(_ tab: DashboardTab) -> Int { scroll[tab] ?? 0 }

    /// The monotonic instant the loop should wake at for the next tick, or `nil` to wait for other events only: the
    /// session's next second or heartbeat, the animation's next frame, the next second of another terminal's
    /// countdown.
    public func deadline(after now: ClockReading) -> Double? {
        [timer?.deadline(after: now), animation?.deadline, externalTick(after: now)].compactMap { $0 }.min()
    }

    /// Applies `event` and returns what the loop must do, in order.
    public mutating func handle(_ event: DashboardEvent) -> [DashboardEffect] {
        switch event {
        case .key(let key, let now): return press(key, at: now)
        case .tick(let now): return tick(now)
        case .resize(let size):
            self.size = size
            clampScroll()
            return [.redrawAll]
        case .signal(let signal, let now): return handle(signal, at: now)
        case .continued(let now): return run(.continued(now)) + [.redrawAll]
        case .journalChanged(let facts): return journalChanged(facts)
        case .sessionChanged(let state, let elsewhere):
            external = state.flatMap { $0.pid == pid || timer != nil ? nil : $0 }
            self.elsewhere = elsewhere
            return [.render]
        case .laidOut(let tab, let rows):
            contentRows[tab] = rows
            clampScroll()
            return []
        case .claimed(let setup, let now):
            timer = TimerMachine(setup: setup)
            external = nil
            return run(.start(now))
        case .timer(let event): return run(event)
        case .summarized(let summary, let events, let now):
            lastPhase = .focus(summary, events: events)
            if motion, let animation = DashboardAnimation(events: events, at: now.active) { self.animation = animation }
            return [.render]
        case .formOpened(let form):
            prompt = .form(form)
            return [.render]
        case .undoFound(let target):
            if let target { prompt = .confirm(.undo(target)) } else { notice = .nothingToUndo }
            return [.render]
        case .edited(let log, let overlapping):
            prompt = nil
            notice = .edited(log, overlapping: overlapping)
            return [.render]
        case .deleted(let log):
            notice = .deleted(log)
            return [.render]
        case .undone(let target):
            notice = .undone(target)
            return [.render]
        case .refused(let error):
            if case .form(var form) = prompt {
                form.problem = .refused(error)
                prompt = .form(form)
            } else {
                notice = .failed(error)
            }
            return [.render]
        case .problem(let line):
            notice = .problem(line)
            return [.render]
        }
    }

    // MARK: Time and signals

    private mutating func tick(_ now: ClockReading) -> [DashboardEffect] {
        if var animation {
            self.animation = animation.advance(to: now.active) ? animation : nil
        }
        return run(.tick(now)) + [.render]
    }

    private mutating func handle(_ signal: TimerEvent.Signal, at now: ClockReading) -> [DashboardEffect] {
        switch signal {
        case .interrupt: quit(130, .interrupt, at: now)
        case .terminate: quit(143, .terminate, at: now)
        case .hangup: quit(129, .hangup, at: now)
        case .stopRequest, .cancelRequest: run(.signal(signal, now))
        case .suspend: suspend(at: now)
        case .resize: [.redrawAll]
        }
    }

    /// Leaves with `code`; a running session is first ended by `signal`, as `focus start` ends it, and recorded.
    mutating func quit(_ code: Int32, _ signal: TimerEvent.Signal, at now: ClockReading) -> [DashboardEffect] {
        exitCode = code
        prompt = nil
        guard timer != nil else { return [.exit(code)] }
        return run(.signal(signal, now))
    }

    mutating func suspend(at now: ClockReading) -> [DashboardEffect] {
        guard timer != nil else { return [.suspend] }
        return run(.signal(.suspend, now))
    }

    /// The next whole second of another terminal's countdown, while it counts.
    private func externalTick(after now: ClockReading) -> Double? {
        guard let external, !external.paused, !external.isWaiting else { return nil }
        let since = external.now(at: now).timeIntervalSince(external.updatedAt)
        return now.active + 1 - (since - since.rounded(.down)) + 0.005
    }

    // MARK: Data

    private mutating func journalChanged(_ facts: DashboardFacts) -> [DashboardEffect] {
        let selected = self.facts.sessionIDs.indices.contains(selection) ? self.facts.sessionIDs[selection] : nil
        self.facts = facts
        // The selection stays on its session when others arrive above it.
        if let selected, let index = facts.sessionIDs.firstIndex(of: selected) { selection = index }
        selection = min(selection, max(0, facts.sessionCount - 1))
        revealSelection()
        clampScroll()
        return [.render]
    }

    /// Keeps every tab's first row within its content.
    mutating func clampScroll() {
        for tab in DashboardTab.allCases {
            scroll[tab] = min(scroll(tab), maximumScroll(tab))
        }
        revealSelection()
    }

    func maximumScroll(_ tab: DashboardTab) -> Int {
        if tab == .log { return max(0, facts.sessionCount - DashboardLayout.logRows(size)) }
        guard let rows = contentRows[tab] else { return Int.max }
        return max(0, rows - DashboardLayout.bodyRows(size))
    }

    /// Scrolls the Log so that its selected row shows.
    mutating func revealSelection() {
        let shown = DashboardLayout.logRows(size)
        let first = scroll(.log)
        if selection < first { scroll[.log] = selection }
        if selection >= first + shown { scroll[.log] = selection - shown + 1 }
    }
}
