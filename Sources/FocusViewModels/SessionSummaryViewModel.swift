import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// The summary printed when a timer session ends.
public struct SessionSummaryViewModel {
    public let store: AppStore
    /// The session just recorded; `nil` when it was discarded.
    public let recorded: FocusLog?
    /// Seconds counted when it was discarded (stopped under a minute).
    public let discardedSeconds: Int
    public let suspendedSeconds: Int
    public let now: Date
    public let days: LocalDays
    /// What the recorded session changed in the expedition.
    public let events: [ExpeditionEvent]

    public init(
        store: AppStore, recorded: FocusLog?, discardedSeconds: Int = 0, suspendedSeconds: Int = 0, now: Date,
        days: LocalDays,
        events: [ExpeditionEvent] = []
    ) {
        self.store = store
        self.recorded = recorded
        self.discardedSeconds = discardedSeconds
        self.suspendedSeconds = suspendedSeconds
        self.now = now
        self.days = days
        self.events = events
    }

    /// `Done: 25m focused` / `Stopped early: 12m focused, recorded as interrupted` / discarded.
    public var headline: String { Self.headline(recorded: recorded, discardedSeconds: discardedSeconds) }

    /// The headline for a focus phase that recorded `recorded`, or was discarded after `discardedSeconds`.
    public static func headline(recorded: FocusLog?, discardedSeconds: Int) -> String {
        guard let recorded else {
            return "Stopped after \(LocalTime.duration(discardedSeconds)): under a minute, so nothing was recorded."
        }
        let focus = LocalTime.duration(recorded.focused)
        let tag = FocusLog.hashtags(recorded.tags).map { " " + $0 } ?? ""
        return recorded.completed
            ? "Done: \(focus) focused\(tag)."
            : "Stopped early: \(focus) focused\(tag), recorded as interrupted."
    }

    /// `Break over.` or `Break ended early.`
    public static func breakLine(_ summary: PhaseSummary) -> String {
        summary.phase.title + (summary.stopped ? " ended early." : " over.")
    }

    /// The desktop notification for a phase that ran out.
    public static func notification(_ summary: PhaseSummary) -> (title: String, body: String) {
        guard summary.phase.isFocus else { return ("\(summary.phase.title) over", "Time to focus again.") }
        return (
            "Focus session complete",
            headline(recorded: summary.recorded, discardedSeconds: summary.countedSeconds)
        )
    }

    /// `All 4 cycles done: 1h40m focused.` or `2 of 4 cycles done: 50m focused.`: the whole run of cycles.
    public static func runLine(_ run: RunSummary) -> String {
        let done = run.completed == run.cycles ? "All \(run.cycles)" : "\(run.completed) of \(run.cycles)"
        return "\(done) cycles done: \(LocalTime.duration(run.focusedSeconds)) focused."
    }

    /// Sleep that was skipped, when there was any.
    public var suspendedLine: String? {
        suspendedSeconds > 0
            ? "The machine slept for \(LocalTime.duration(suspendedSeconds)); that time is not counted as focus." : nil
    }

    /// `Today: 1h15m in 3 sessions · Streak: 4 days`: the day the session belongs to (`Yesterday`, or its date,
    /// for one that began before midnight), with the streak alive today.
    public var todayLine: String {
        let today = days.date(of: now)
        let day = recorded.map(days.date(of:)) ?? today
        let totals = store.dayTotals(on: day.dayNumber, today: today.dayNumber, days: days)
        let streak = totals.streak
        let sessions = totals.sessions == 1 ? "1 session" : "\(totals.sessions) sessions"
        let streakText = streak.days == 1 ? "1 day" : "\(streak.days) days"
        let label = day == today ? "Today" : day == today.adding(days: -1) ? "Yesterday" : day.isoString
        return "\(label): \(LocalTime.duration(totals.focused)) in \(sessions) · Streak: \(streakText)"
    }

    /// The expedition's news, one line each: progress, missions completed with
    /// their miles, the stamp and its soundscape, the next city.
    public var expeditionLines: [String] {
        let definitions = store.expeditionDefinitions
        var lines: [String] = []
        var progress: [String] = []
        let stamped = events.contains { if case .chapterStamped = $0 { true } else { false } }
        for event in events {
            switch event {
            case .chapterUnlocked(let id):
                guard let chapter = definitions.chapter(id) else { continue }
                lines.append(
                    stamped
                        ? "Next city: \(chapter.place). \(chapter.story)"
                        : "Expedition begins: \(chapter.place). \(chapter.story)")
            case .missionProgressed(let id, let value, let target):
                guard let found = definitions.mission(id) else { continue }
                progress.append("\(found.mission.title) \(value)/\(target) \(found.mission.kind.unit)")
            case .missionCompleted(let id, let miles):
                guard let found = definitions.mission(id) else { continue }
                lines.append("Mission complete: \(found.mission.title) (\(miles) miles)")
            case .chapterStamped(let id, let miles, let soundscape):
                guard let chapter = definitions.chapter(id) else { continue }
                lines.append("Passport stamped: \(chapter.place), +\(miles) miles. Soundscape unlocked: \(soundscape)")
            case .expeditionCompleted:
                lines.append("Expedition complete: every city stamped, \(store.expedition.totalMiles) miles in all.")
            }
        }
        if !progress.isEmpty { lines.append("Expedition: " + progress.joined(separator: " · ")) }
        // A completed timer session too short to earn progress says why nothing moved.
        if let recorded, events.isEmpty, recorded.completed, recorded.source == .timer,
            recorded.focused < definitions.minimumSessionSeconds
        {
            lines.append(
                "Expedition: sessions under \(LocalTime.duration(definitions.minimumSessionSeconds)) earn no progress.")
        }
        return lines
    }

    /// `Cancelled: the focus started 09:00 (12m) is not recorded.`, for `counted` seconds of it.
    public static func cancelledLine(_ state: RunningState, counted: Int, in zone: Zone) -> String {
        let what = state.phase.isFocus ? "focus" : state.phase.title.lowercased()
        return "Cancelled: the \(what) started \(LocalTime.hourMinute(state.startedAt, in: zone)) "
            + "(\(LocalTime.duration(counted))) is not recorded."
    }
}
