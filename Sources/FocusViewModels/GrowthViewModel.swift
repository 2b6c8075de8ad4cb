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

    /// The sessions' totals and streak runs as the derived files hold them (``AppStore/derivedGrowth(days:)``).
    private var derived: (totals: GrowthTotals, streakRuns: [ClosedRange<Int>])?

    public init(store: AppStore, now: Date, days: LocalDays) {
        self.store = store
        self.now = now
        self.days = days
    }

    /// The profile from the derived files when they match the journal (the expedition loaded through
    /// ``AppStore/loadDerivedExpedition(days:)``); `nil` when the journal must be loaded for
    /// ``init(store:now:days:)``.
    public init?(derivedFrom store: AppStore, now: Date, days: LocalDays) {
        guard let derived = store.derivedGrowth(today: days.date(of: now).dayNumber, days: days) else { return nil }
        self.init(store: store, now: now, days: days)
        self.derived = derived
    }

    /// The growth profile of the sessions shown.
    public var profile: GrowthProfile {
        if let derived {
            return GrowthService.buildGrowthProfile(
                totals: derived.totals, streakRuns: derived.streakRuns, expedition: store.expedition)
        }
        let shown = shown
        return GrowthService.buildGrowthProfile(
            totals: shown.growthTotals(store, days: days),
            streakRuns: GrowthService.runs(shown.streakDays(store, days: days)), expedition: shown.expedition,
            isDemo: shown.isDemo)
    }

    /// The streak alive today.
    public var currentStreak: Streak {
        if let derived {
            return StreakService.current(streakRuns: derived.streakRuns, today: days.date(of: now).dayNumber)
        }
        return StreakService.current(streakDays: shown.streakDays(store, days: days), today: days.date(of: now))
    }

    /// The longest streak ever.
    public var longestStreak: Streak {
        if let derived { return StreakService.longest(streakRuns: derived.streakRuns) }
        return StreakService.longest(streakDays: shown.streakDays(store, days: days))
    }
}
