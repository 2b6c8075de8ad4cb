import FocusModels
import FoundationEssentials

/// The expedition's rules, as a pure reducer: state + one session → new state + events.
///
/// Only completed sessions from the timer earn progress; manual and imported
/// sessions count in statistics, not in the game. The first such session
/// unlocks the first chapter and counts for it. The missions of the open
/// chapter progress together; when all are complete the chapter is stamped,
/// its miles and soundscape are earned and the next chapter opens. The
/// session that completes a chapter does not count for the next one.
public enum ExpeditionService {
    /// Whether `log` earns expedition progress: completed, run by the timer, and at least `minimumSessionMinutes` long.
    public static func earnsProgress(_ log: FocusLog, definitions: ExpeditionDefinitions) -> Bool {
        log.completed && log.source == .timer && log.focused >= definitions.minimumSessionSeconds
    }

    /// Applies one session.
    ///
    /// - Parameters:
    ///   - log: the session; one that does not ``earnsProgress(_:definitions:)`` changes nothing.
    ///   - day: the local date the session belongs to.
    ///   - streak: the current streak on `day`, this session included (from ``StreakService``).
    public static func apply(
        _ log: FocusLog, day: CivilDate, streak: Streak, to state: ExpeditionState, definitions: ExpeditionDefinitions
    ) -> (state: ExpeditionState, events: [ExpeditionEvent]) {
        guard earnsProgress(log, definitions: definitions), !state.isComplete else { return (state, []) }
        var state = state
        var events: [ExpeditionEvent] = []
        if state.chapters.isEmpty, let first = definitions.chapters.first {
            state.chapters.append(open(first, at: log.start, on: day))
            events.append(.chapterUnlocked(chapterID: first.id))
        }
        guard var chapter = state.currentChapter, let definition = definitions.chapter(chapter.id) else {
            return (state, events)
        }
        for index in chapter.missions.indices where !chapter.missions[index].completed {
            guard let mission = definition.missions.first(where: { $0.id == chapter.missions[index].id }) else {
                continue
            }
            let old = chapter.missions[index].progress
            let new = min(
                mission.targetValue,
                progress(
                    mission.kind, from: old, log: log, streak: streak, unlockedOn: chapter.unlockedOn,
                    definitions: definitions))
            guard new != old else { continue }
            chapter.missions[index].progress = new
            if new >= mission.targetValue {
                chapter.missions[index].completedAt = log.end
                events.append(.missionCompleted(missionID: mission.id, miles: mission.rewardMiles))
            } else {
                events.append(.missionProgressed(missionID: mission.id, progress: new, target: mission.targetValue))
            }
        }
        if chapter.missions.allSatisfy(\.completed) {
            chapter.stampedAt = log.end
            chapter.stampedOn = day
            state.totalMiles += definition.miles
            state.soundscapes.append(definition.soundscape)
            events.append(
                .chapterStamped(chapterID: definition.id, miles: definition.miles, soundscape: definition.soundscape))
        }
        state.chapters[state.chapters.count - 1] = chapter
        if chapter.stamped {
            if let index = definitions.index(of: chapter.id), index + 1 < definitions.chapters.count {
                let next = definitions.chapters[index + 1]
                state.chapters.append(open(next, at: log.end, on: day))
                events.append(.chapterUnlocked(chapterID: next.id))
            } else {
                state.completedAt = log.end
                events.append(.expeditionCompleted)
            }
        }
        return (state, events)
    }

    /// ``fold(_:applied:into:definitions:days:)`` one session at a time, in order: for sessions that stream by
    /// rather than sit in an array.
    public struct Folder: Sendable {
        public private(set) var state: ExpeditionState
        let definitions: ExpeditionDefinitions
        let days: LocalDays
        /// The days of the sessions that earn progress so far, sorted and distinct.
        var streakDays: [Int] = []

        public init(state: ExpeditionState, definitions: ExpeditionDefinitions, days: LocalDays) {
            self.state = state
            self.definitions = definitions
            self.days = days
        }

        /// Counts `log`, which `state` already holds, for the streaks of the sessions after it.
        public mutating func skip(_ log: FocusLog) {
            if earnsProgress(log, definitions: definitions) { insert(days.dayNumber(of: log), into: &streakDays) }
        }

        /// Applies `log` (when it earns progress); returns the events it caused.
        public mutating func add(_ log: FocusLog) -> [ExpeditionEvent] {
            guard earnsProgress(log, definitions: definitions) else { return [] }
            let day = days.dayNumber(of: log)
            insert(day, into: &streakDays)
            let date = CivilDate(dayNumber: day)
            let step = apply(
                log, day: date, streak: StreakService.current(streakDays: streakDays, today: date), to: state,
                definitions: definitions)
            state = step.state
            return step.events
        }
    }

    /// Applies `sessions[applied...]` in order to `state`, which already holds `sessions[..<applied]`.
    ///
    /// The streak of each session comes from ``StreakService`` over the days of
    /// the sessions that earn progress up to and including it. The events are
    /// keyed by the id of the session that caused them.
    public static func fold(
        _ sessions: [FocusLog], applied: Int = 0, into state: ExpeditionState, definitions: ExpeditionDefinitions,
        days: LocalDays
    ) -> (state: ExpeditionState, events: [String: [ExpeditionEvent]]) {
        var folder = Folder(state: state, definitions: definitions, days: days)
        for log in sessions[..<applied] { folder.skip(log) }
        var events: [String: [ExpeditionEvent]] = [:]
        for log in sessions[applied...] {
            let step = folder.add(log)
            if !step.isEmpty { events[log.id, default: []] += step }
        }
        let state = folder.state
        return (state, events)
    }

    /// A mission's progress after one more session, before clamping to its target.
    static func progress(
        _ kind: ExpeditionMissionKind, from current: Int, log: FocusLog, streak: Streak, unlockedOn: CivilDate,
        definitions: ExpeditionDefinitions
    ) -> Int {
        switch kind {
        case .sessionCount: current + 1
        case .focusMinutes: current + log.focused / 60
        case .deepFocusCount: current + (log.focused >= definitions.deepFocusMinutes * 60 ? 1 : 0)
        case .streakDays: streakDays(streak, since: unlockedOn)
        }
    }

    /// The days of `streak` on or after `date`.
    static func streakDays(_ streak: Streak, since date: CivilDate) -> Int {
        guard let start = streak.start, let end = streak.end, end >= date else { return 0 }
        return end.dayNumber - max(start, date).dayNumber + 1
    }

    private static func open(_ chapter: ExpeditionChapterDefinition, at instant: Date, on day: CivilDate)
        -> ExpeditionChapterState
    {
        ExpeditionChapterState(
            id: chapter.id, unlockedAt: instant, unlockedOn: day,
            missions: chapter.missions.map { ExpeditionMissionState(id: $0.id) })
    }

    static func insert(_ day: Int, into sorted: inout [Int]) {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < day { low = mid + 1 } else { high = mid }
        }
        if low == sorted.count || sorted[low] != day { sorted.insert(day, at: low) }
    }
}
