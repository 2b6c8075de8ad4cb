import FoundationEssentials

/// What the game's view models (expedition, passport, profile) share: their
/// inputs, and the data they show, the store's or, with an empty journal, the labelled demo's.
public protocol GameViewModel {
    var store: AppStore { get }
    var now: Date { get }
    var days: LocalDays { get }
}

extension GameViewModel {
    /// Whether this is demo data (the journal is empty).
    public var isDemo: Bool { store.focusLogs.isEmpty }

    var shown: DemoData.Shown { DemoData.shown(store, now: now, days: days) }
}
