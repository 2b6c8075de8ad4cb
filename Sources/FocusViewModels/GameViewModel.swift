import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// What the game's view models (expedition, passport, profile) share: their
/// inputs, and the data they show, the store's or, with an empty journal, the labelled demo's.
public protocol GameViewModel {
    var store: AppStore { get }
    var now: Date { get }
    var days: LocalDays { get }
}

extension GameViewModel {
    /// Whether this is demo data (nothing was ever recorded).
    public var isDemo: Bool { !store.hasRecords }

    var shown: GameData { GameData(store, now: now, days: days) }
}

/// What a game view shows: the store's sessions and expedition, or, when nothing was ever recorded, the demo's.
struct GameData {
    let focusLogs: [FocusLog]
    let expedition: ExpeditionState
    let definitions: ExpeditionDefinitions
    let isDemo: Bool

    /// The store's data, or the demo computed in memory when nothing was ever recorded.
    init(_ store: AppStore, now: Date, days: LocalDays) {
        definitions = store.expeditionDefinitions
        guard !store.hasRecords else {
            focusLogs = store.focusLogs
            expedition = store.expedition
            isDemo = false
            return
        }
        focusLogs = DemoData.focusLogs(now: now, days: days)
        expedition =
            ExpeditionService.fold(focusLogs, into: ExpeditionState(), definitions: definitions, days: days)
            .state
        isDemo = true
    }

    /// The sorted days with a completed session (``StreakService/streakDays(focusLogs:days:)``); the store's are
    /// kept while its history stays the same.
    func streakDays(_ store: AppStore, days: LocalDays) -> [Int] {
        guard !isDemo else { return StreakService.streakDays(focusLogs: focusLogs, days: days) }
        return store.streakDays(days: days)
    }

    /// The sessions' ``GrowthTotals``; the store's are kept while its history stays the same (the dashboard's
    /// Profile tab is drawn again and again between two changes of a journal of any length).
    func growthTotals(_ store: AppStore, days: LocalDays) -> GrowthTotals {
        let deep = definitions.deepFocusMinutes
        func totals() -> GrowthTotals { GrowthTotals(focusLogs: focusLogs, deepFocusMinutes: deep, days: days) }
        guard !isDemo else { return totals() }
        return store.derived("growth-totals:\(deep)", days: days, totals)
    }
}
