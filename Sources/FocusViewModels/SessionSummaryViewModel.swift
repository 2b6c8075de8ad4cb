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
    public var headline: Message { Self.headline(recorded: recorded, discardedSeconds: discardedSeconds) }

    /// The headline for a focus phase that recorded `recorded`, or was discarded after `discardedSeconds`.
    public static func headline(recorded: FocusLog?, discardedSeconds: Int) -> Message {
        guard let recorded else {
            return "Stopped after \(duration: discardedSeconds): under a minute, so nothing was recorded."
        }
        let focus = recorded.focused
        switch (recorded.completed, FocusLog.hashtags(recorded.tags)) {
        case (true, nil): return "Done: \(duration: focus) focused."
        case (true, let tags?): return "Done: \(duration: focus) focused \(tags)."
        case (false, nil): return "Stopped early: \(duration: focus) focused, recorded as interrupted."
        case (false, let tags?): return "Stopped early: \(duration: focus) focused \(tags), recorded as interrupted."
        }
    }

    /// `Break over.` or `Break ended early.`
    public static func breakLine(_ summary: PhaseSummary) -> Message {
        summary.stopped ? "\(summary.phase.title) ended early." : "\(summary.phase.title) over."
    }

    /// The desktop notification for a phase that ran out.
    public static func notification(_ summary: PhaseSummary) -> (title: Message, body: Message) {
        guard summary.phase.isFocus else { return ("\(summary.phase.title) over", "Time to focus again.") }
        return (
            "Focus session complete",
            headline(recorded: summary.recorded, discardedSeconds: summary.countedSeconds)
        )
    }

    /// `All 4 cycles done: 1h40m focused.` or `2 of 4 cycles done: 50m focused.`: the whole run of cycles.
    public static func runLine(_ run: RunSummary) -> Message {
        run.completed == run.cycles
            ? "All \(run.cycles) cycles done: \(duration: run.focusedSeconds) focused."
            : "\(run.completed) of \(run.cycles) cycles done: \(duration: run.focusedSeconds) focused."
    }

    /// Sleep that was skipped, when there was any.
    public var suspendedLine: Message? {
        suspendedSeconds > 0
            ? "The machine slept for \(duration: suspendedSeconds); that time is not counted as focus." : nil
    }

    /// `Today: 1h15m in 3 sessions · Streak: 4 days`: the day the session belongs to (`Yesterday`, or its date,
    /// for one that began before midnight), with the streak alive today.
    public var todayLine: Message {
        let today = days.date(of: now)
        let day = recorded.map(days.date(of:)) ?? today
        let totals = store.dayTotals(on: day.dayNumber, today: today.dayNumber, days: days)
        let streak = totals.streak
        let sessions: Message = totals.sessions == 1 ? "1 session" : "\(totals.sessions) sessions"
        let streakText: Message = streak.days == 1 ? "1 day" : "\(streak.days) days"
        let label: Message = day == today ? "Today" : day == today.adding(days: -1) ? "Yesterday" : "\(day)"
        return "\(label): \(duration: totals.focused) in \(sessions) · Streak: \(streakText)"
    }

    /// The expedition's news, one line each: progress, missions completed with
    /// their miles, the stamp and its soundscape, the next city.
    public var expeditionLines: [Message] {
        let definitions = store.expeditionDefinitions
        var lines: [Message] = []
        var progress: [Message] = []
        let stamped = events.contains { if case .chapterStamped = $0 { true } else { false } }
        for event in events {
            switch event {
            case .chapterUnlocked(let id):
                guard let chapter = definitions.chapter(id) else { continue }
                lines.append(
                    stamped
                        ? "Next city: \(chapter.place). \(chapter.storyText)"
                        : "Expedition begins: \(chapter.place). \(chapter.storyText)")
            case .missionProgressed(let id, let value, let target):
                guard let found = definitions.mission(id) else { continue }
                progress.append("\(found.mission.titleText) \(value)/\(target) \(found.mission.kind.unit)")
            case .missionCompleted(let id, let miles):
                guard let found = definitions.mission(id) else { continue }
                lines.append("Mission complete: \(found.mission.titleText) (\(miles) miles)")
            case .chapterStamped(let id, let miles, let soundscape):
                guard let chapter = definitions.chapter(id) else { continue }
                let sound = definitions.soundscape(titled: soundscape)
                lines.append("Passport stamped: \(chapter.place), +\(miles) miles. Soundscape unlocked: \(sound)")
            case .expeditionCompleted:
                lines.append("Expedition complete: every city stamped, \(store.expedition.totalMiles) miles in all.")
            }
        }
        if !progress.isEmpty { lines.append("Expedition: \(Message.joined(progress, separator: " · "))") }
        // A completed timer session too short to earn progress says why nothing moved.
        if let recorded, events.isEmpty, recorded.completed, recorded.source == .timer,
            recorded.focused < definitions.minimumSessionSeconds
        {
            lines.append(
                "Expedition: sessions under \(duration: definitions.minimumSessionSeconds) earn no progress.")
        }
        return lines
    }

    /// `Cancelled: the focus started 09:00 (12m) is not recorded.`, for `counted` seconds of it.
    public static func cancelledLine(_ state: RunningState, counted: Int, in zone: Zone) -> Message {
        let started = LocalTime.hourMinute(state.startedAt, in: zone)
        return "Cancelled: the \(state.phase.word) started \(started) (\(duration: counted)) is not recorded."
    }
}
