import FocusModels
import FocusServices
import FocusStore
import FoundationEssentials

/// What the dashboard reads of the journal for each tab, through the paths the commands take: the derived files
/// (the stats cache's summaries and newest sessions, the expedition and growth totals folded into them) while they
/// can tell, the journal itself only when they cannot, once, into the store that then holds it.
///
/// The dashboard reads each journal change into a store that has read nothing yet, so a session another terminal
/// records costs a fold of its line, not a read of the history, and a tab costs what it shows: the Log reads the
/// whole journal only when it is scrolled past the newest sessions the derived files keep.
public enum DashboardData {
    /// The facts of the journal as `store` reads it, with the expedition brought up to date (``AppStore/expedition``).
    public static func facts(_ store: AppStore, config: FocusConfig, days: LocalDays) throws(FocusError)
        -> DashboardFacts
    {
        if !store.isLoaded, try store.loadDerivedExpedition(days: days) != nil,
            let sessions = store.dashboardSessions(days: days)
        {
            return DashboardFacts(
                config: config, tags: sessions.tags, sessionIDs: sessions.newestIDs, sessionCount: sessions.count)
        }
        return try everySession(store, config: config, days: days)
    }

    /// The facts with every session's id: from the loaded journal (loaded now, with the expedition, when it was not).
    public static func everySession(_ store: AppStore, config: FocusConfig, days: LocalDays) throws(FocusError)
        -> DashboardFacts
    {
        if !store.isLoaded {
            try store.load()
            _ = try store.loadExpedition(days: days)
        }
        let logs = store.focusLogs
        var seen = Set<String>()
        let tags = logs.reversed().flatMap(\.tags).filter { seen.insert($0).inserted }
        return DashboardFacts(config: config, tags: tags, sessionIDs: logs.reversed().map(\.id))
    }

    /// The expedition's events of the session `id` just recorded, `store` having read nothing since (or having loaded
    /// the journal): folded from the derived files, or the journal read when they cannot tell.
    public static func events(ofSession id: String, _ store: AppStore, days: LocalDays) throws(FocusError)
        -> [ExpeditionEvent]
    {
        if !store.isLoaded, let applied = try store.loadDerivedExpedition(days: days) { return applied[id] ?? [] }
        try store.load()
        return (try? store.loadExpedition(days: days)[id]) ?? []
    }

    /// The Profile tab's model: from the derived files while `store` has not loaded the journal and they can tell.
    /// Kept in `store` for its day (a redraw of the tab reads nothing).
    public static func growth(_ store: AppStore, now: Date, days: LocalDays) -> GrowthViewModel {
        let today = days.date(of: now).dayNumber
        if !store.isLoaded,
            let derived = store.derived(
                "dashboard-growth|\(today)", days: days,
                {
                    GrowthViewModel(derivedFrom: store, now: now, days: days)
                })
        {
            return derived
        }
        loadWhole(store, days: days)
        return GrowthViewModel(store: store, now: now, days: days)
    }

    /// The Stats tab's data (``StatsViewModel/data``), kept in the model's store by what it depends on: the range
    /// shown, the tag, the device, the goal and the day. The store holds the journal as of one change (the dashboard
    /// reads each change into a new one), so a range shown again reads nothing.
    public static func stats(_ model: StatsViewModel) throws(FocusError) -> StatsData {
        let key =
            "dashboard-stats|\(model.shownRange)|\(model.tag ?? "")|\(model.device ?? "")|\(model.dailyGoalMinutes)|"
            + "\(model.days.date(of: model.now).dayNumber)"
        let result = model.store.derived(key, days: model.days) { () -> Result<StatsData, FocusError> in
            do throws(FocusError) { return .success(try model.data) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The Log tab's `limit` rows after the newest `offset`: from the newest sessions the derived files keep while
    /// `store` has not loaded the journal and the rows are among them.
    public static func history(_ store: AppStore, limit: Int, offset: Int, now: Date, days: LocalDays)
        -> HistoryViewModel
    {
        if !store.isLoaded,
            let newest = HistoryViewModel(newestOf: store, limit: limit, offset: offset, now: now, days: days)
        {
            return newest
        }
        loadWhole(store, days: days)
        return HistoryViewModel(store: store, limit: limit, offset: offset, now: now, days: days)
    }

    /// Loads the journal and the expedition into `store` when it has not; what cannot be read leaves it as it is
    /// (the facts, read first, said so).
    private static func loadWhole(_ store: AppStore, days: LocalDays) {
        guard !store.isLoaded else { return }
        do throws(FocusError) {
            try store.load()
            _ = try store.loadExpedition(days: days)
        } catch {}
    }
}
