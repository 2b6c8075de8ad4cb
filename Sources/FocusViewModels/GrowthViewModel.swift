import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// `focus profile`: level, title, progress to the next level, hours, streaks and badges.
///
/// Store and UI state in, computed properties out; with an empty journal it
/// shows a labelled demo.
public struct GrowthViewModel: GameViewModel {
    public let store: AppStore
    public let now: Date
    public let days: LocalDays

    public init(store: AppStore, now: Date, days: LocalDays) {
        self.store = store
        self.now = now
        self.days = days
    }

    /// The growth profile of the sessions shown.
    public var profile: GrowthProfile {
        let shown = shown
        return GrowthService.buildGrowthProfile(
            focusLogs: shown.focusLogs, streakDays: shown.streakDays(store, days: days),
            expedition: shown.expedition,
            deepFocusMinutes: shown.definitions.deepFocusMinutes, days: days, isDemo: shown.isDemo)
    }

    /// The streak alive today.
    public var currentStreak: Streak {
        StreakService.current(streakDays: shown.streakDays(store, days: days), today: days.date(of: now))
    }

    /// The longest streak ever.
    public var longestStreak: Streak {
        StreakService.longest(streakDays: shown.streakDays(store, days: days))
    }
}
