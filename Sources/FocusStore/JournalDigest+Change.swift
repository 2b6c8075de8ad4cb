import FocusModels
import FocusServices
import FoundationEssentials

/// A change record (an edit, a deletion, an undo) folded into the expedition and the growth totals without the
/// history, where the result is the rebuild's: the session as it read before the record and after.
extension JournalDigest.Expedition {
    /// The expedition with the session `old` read as `new` (`nil`: deleted, or not there before), or `nil` when only
    /// a rebuild can tell.
    ///
    /// The reducer (``ExpeditionService``) folds the sessions that earn progress in start order, each by its start,
    /// end, focus and local day (and the streak of those days): a change that keeps all of them, or touches only
    /// sessions that cannot earn progress (not completed, not the timer's), leaves the state as it is; so does one
    /// to sessions that start after the route was completed (the state is frozen from then on). Any other change
    /// is told by a rebuild. `definitions` are those it was folded with, when known: without them a completed timer
    /// session counts as one that may earn.
    func replacing(_ old: FocusLog?, with new: FocusLog?, days: LocalDays, definitions: ExpeditionDefinitions?)
        -> Self?
    {
        if let old, let new, old.start == new.start, old.end == new.end, old.focused == new.focused,
            old.completed == new.completed, old.source == new.source, days.dayNumber(of: old) == days.dayNumber(of: new)
        {
            return self
        }
        let mayEarn = { (log: FocusLog) in
            definitions.map { ExpeditionService.earnsProgress(log, definitions: $0) }
                ?? (log.completed && log.source == .timer)
        }
        guard
            [old, new].allSatisfy({ log in
                log.map { log in !mayEarn(log) || state.completedAt.map { log.start > $0 } ?? false } ?? true
            })
        else { return nil }
        var next = self
        // A later session folds only after the last one that may earn (the route is complete: it changes nothing).
        if let new, mayEarn(new),
            lastStart.map({ (new.start.timeIntervalSince1970, new.id) > ($0, lastID ?? "") }) ?? true
        {
            next.lastStart = new.start.timeIntervalSince1970
            next.lastID = new.id
        }
        return next
    }
}

extension JournalDigest.Growth {
    /// The growth totals with the session `old` read as `new` (``GrowthTotals/replacing(_:with:)``), or `nil` when
    /// only a rebuild can tell.
    func replacing(_ old: FocusLog?, with new: FocusLog?, days: LocalDays) -> Self? {
        // The totals read a session's start (its order), focus, completion and day: a change that keeps them is none.
        if let old, let new, old.start == new.start, old.focused == new.focused, old.completed == new.completed,
            days.dayNumber(of: old) == days.dayNumber(of: new)
        {
            return self
        }
        guard
            let totals = totals.replacing(
                old.map { ($0, days.dayNumber(of: $0)) }, with: new.map { ($0, days.dayNumber(of: $0)) })
        else { return nil }
        var next = self
        next.totals = totals
        // Only a later session is folded in after it: the last one a deletion took away still bounds them.
        if let new, lastStart.map({ (new.start.timeIntervalSince1970, new.id) > ($0, lastID ?? "") }) ?? true {
            next.lastStart = new.start.timeIntervalSince1970
            next.lastID = new.id
        }
        return next
    }
}

extension DerivedJournal {
    /// The growth totals, the expedition and the pending sessions (``StatsCacheDelta/pending``) after the session
    /// `old` reads as `new`, each `nil` when only a rebuild can tell; `sameExpedition` when the expedition is the one
    /// read (its bytes are copied). A session still pending changes in the pending list alone. `definitions`: those
    /// the expedition was folded with, when known (``AppStore/foldedDefinitions(of:days:)``).
    func progress(
        replacing old: FocusLog?, with new: FocusLog?, days: LocalDays, definitions: ExpeditionDefinitions?
    ) -> (
        growth: JournalDigest.Growth?, expedition: JournalDigest.Expedition?, pending: [FocusLog],
        sameExpedition: Bool
    ) {
        let pending = delta?.pending ?? []
        let id = old?.id ?? new?.id
        if let id, pending.contains(where: { $0.id == id }) {
            let sessions = (pending.filter { $0.id != id } + [new].compactMap { $0 })
                .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
            return (core?.growth, foldedExpedition, sessions, true)
        }
        let expedition = foldedExpedition?.replacing(old, with: new, days: days, definitions: definitions)
        return (
            core?.growth?.replacing(old, with: new, days: days), expedition, pending,
            expedition != nil && expedition == foldedExpedition
        )
    }
}

extension AppStore {
    /// The route the expedition in `derived` was folded with, when it is the route now (a user file that cannot be
    /// read: `nil`), so a change folded into it knows which sessions earn progress.
    func foldedDefinitions(of derived: DerivedJournal, days: LocalDays) -> ExpeditionDefinitions? {
        guard let expedition = derived.foldedExpedition, let definitions = try? loadExpeditionDefinitions(),
            expedition.fingerprint == JournalDigest.expeditionFingerprint(definitions, days: days)
        else { return nil }
        return definitions
    }
}
