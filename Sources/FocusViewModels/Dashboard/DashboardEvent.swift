import FocusModels
import FocusServices
import FocusStore

/// The size of the terminal the dashboard fills.
public struct DashboardSize: Equatable, Sendable {
    public let columns: Int
    public let rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// What the dashboard's loop knows of the data after it read the journal: the settings, the tags (for `t`) and the
/// sessions newest first (the Log tab's rows).
public struct DashboardFacts: Equatable, Sendable {
    public var config: FocusConfig
    /// Every tag once, the most recently used first.
    public var tags: [String]
    /// The ids of the newest sessions, newest first: every session's once the journal was read, else those the
    /// derived files keep (``DashboardData``).
    public var sessionIDs: [String]
    /// How many sessions there are.
    public var sessionCount: Int

    /// `sessionCount` defaults to the ids' count: every session's id.
    public init(
        config: FocusConfig = FocusConfig(), tags: [String] = [], sessionIDs: [String] = [], sessionCount: Int? = nil
    ) {
        self.config = config
        self.tags = tags
        self.sessionIDs = sessionIDs
        self.sessionCount = sessionCount ?? sessionIDs.count
    }
}

/// What ``Dashboard`` reacts to: the user, the terminal, the clock, the files, and what its effects did.
public enum DashboardEvent: Equatable, Sendable {
    /// A key, read at this clock reading.
    case key(DashboardKey, ClockReading)
    /// Time passed: the loop woke at the deadline the dashboard asked for.
    case tick(ClockReading)
    /// The terminal has this size now.
    case resize(DashboardSize)
    /// A signal, as the timer names them (`interrupt`, `terminate`, `hangup`, `stopRequest` from `focus stop`,
    /// `cancelRequest` from `focus cancel`, `suspend`).
    case signal(TimerEvent.Signal, ClockReading)
    /// The process runs again after it was stopped.
    case continued(ClockReading)
    /// The journal changed (here or on another machine) and was read again.
    case journalChanged(DashboardFacts)
    /// What this machine's state folder says runs now, and the sessions other devices say they run.
    case sessionChanged(RunningState?, elsewhere: [RunningMarker])
    /// The tab, laid out at the current size, is this many rows long (for scrolling).
    case laidOut(DashboardTab, rows: Int)
    /// A ``DashboardEffect/claim(_:)`` got the session: run this setup.
    case claimed(TimerMachine.Setup, ClockReading)
    /// What a ``DashboardEffect/timer(_:)`` effect gave back to the machine.
    case timer(TimerEvent)
    /// A focus phase that ended, with what it did for the expedition.
    case summarized(PhaseSummary, [ExpeditionEvent], ClockReading)
    /// A ``DashboardEffect/openEditor(id:)`` found the session: this is its editor.
    case formOpened(DashboardForm)
    /// What ``DashboardEffect/findUndo`` found to undo.
    case undoFound(UndoTarget?)
    /// The session now reads this way (and overlaps that one, when it does).
    case edited(FocusLog, overlapping: FocusLog?)
    case deleted(FocusLog)
    case undone(UndoTarget)
    /// An action was refused or failed.
    case refused(FocusError)
    /// Something to say that the loop worded (a hook or a player that failed), one line.
    case problem(Message)
}

/// What the dashboard asks its loop to do, in order. The reducer performs no I/O.
public enum DashboardEffect: Equatable, Sendable {
    /// Draw what changed.
    case render
    /// Draw the whole screen afresh (after a resize, a suspend, Ctrl-L).
    case redrawAll
    /// Claim the session (as `focus start` does) and feed ``DashboardEvent/claimed(_:_:)`` or
    /// ``DashboardEvent/refused(_:)``.
    case claim(DashboardStart)
    /// Perform the running session's effect through the shared session effects (the state file, recording,
    /// hooks, sound, notifications).
    case timer(TimerEffect)
    /// Read the journal and the expedition after a focus phase ended; feed ``DashboardEvent/summarized(_:_:_:)``.
    case summarize(PhaseSummary)
    /// The run is over: let the session lock go.
    case releaseSession
    /// Ask the timer of a session another process runs to stop or cancel it, as `focus stop` and `focus cancel` do.
    case signalSession(RunningState, DashboardSessionSignal)
    /// Look the session up and feed its editor (``DashboardEvent/formOpened(_:)``).
    case openEditor(id: String)
    /// Apply the edit to the session, as `focus log edit` does.
    case edit(FocusLog, DashboardEdit)
    /// Delete the session, as `focus log delete` does.
    case delete(id: String)
    /// Find the last change to undo; feed ``DashboardEvent/undoFound(_:)``.
    case findUndo
    /// Undo it, as `focus undo` does.
    case undo(UndoTarget)
    /// Ring the terminal bell.
    case ring
    /// Give the terminal back and stop the process; feed ``DashboardEvent/continued(_:)`` once it runs again.
    case suspend
    /// Leave the dashboard with this exit status.
    case exit(Int32)
}

/// A session to start from the dashboard.
public struct DashboardStart: Equatable, Sendable {
    public let steps: [CyclePlan.Step]
    public let tags: [String]
}

/// How a session another process runs is asked to end.
public enum DashboardSessionSignal: Equatable, Sendable {
    /// As `focus stop`: stopped and recorded.
    case stop
    /// As `focus cancel`: dropped without a record.
    case cancel
}

/// The changes a session's editor asks for; `nil` leaves that part as it is.
public struct DashboardEdit: Equatable, Sendable {
    /// The new tags (empty clears them).
    public var tags: [String]?
    public var note: String??
    /// The new start as typed (`10:15`, on the session's day; see `focus log edit --start`).
    public var start: String?
    /// The new focused time as typed (`25m`).
    public var duration: String?

    public init(tags: [String]? = nil, note: String?? = nil, start: String? = nil, duration: String? = nil) {
        self.tags = tags
        self.note = note
        self.start = start
        self.duration = duration
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { tags == nil && note == nil && start == nil && duration == nil }
}
