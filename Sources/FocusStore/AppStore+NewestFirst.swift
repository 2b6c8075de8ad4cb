import FocusJournal
import FocusModels

/// The journal visited newest first: `focus log --limit 0`'s second visit, and the newest sessions a filtered `log`
/// keeps.
extension AppStore {
    /// Visits the effective sessions newest first, from the first pass's keys: each line read again by its place
    /// (the files from their end back), the sessions of one start by id (the newest first) and the changed ones
    /// merged in at their place.
    func streamNewestFirst(
        _ plan: inout StreamPlan, _ visit: (FocusLog, String?) throws(FocusError) -> Void
    ) throws(FocusError) {
        SessionKey.sort(&plan.keys) { ($0.start, $0.location) < ($1.start, $1.location) }
        var next = plan.changed.count - 1
        var group: [(log: FocusLog, device: String?)] = []
        var index = plan.keys.count - 1
        while index >= 0 {
            let start = plan.keys[index].start
            group.removeAll(keepingCapacity: true)
            while index >= 0, plan.keys[index].start == start {
                let key = plan.keys[index]
                index -= 1
                if plan.changedLocations.contains(key.location) { continue }
                let reader = plan.files[key.file]
                guard
                    case .session(let log)? = try reader.withLine(
                        at: key.offset, backward: true, JournalReader.record(atStartOf:))
                else { throw Self.changedWhileRead(reader.path) }
                group.append((log, plan.writers[key.file]))
            }
            if group.count > 1 { group.sort { $0.log.id > $1.log.id } }
            for (log, device) in group {
                while next >= 0, (plan.changed[next].log.start, plan.changed[next].log.id) > (log.start, log.id) {
                    try visit(plan.changed[next].log, plan.changed[next].device)
                    next -= 1
                }
                try visit(log, device)
            }
        }
        while next >= 0 {
            try visit(plan.changed[next].log, plan.changed[next].device)
            next -= 1
        }
    }

    /// The effective sessions `include` keeps (given each with its device), the newest first, at most `keep` of them
    /// (all when `nil`), with how many it kept in all and the length of the short ids of the whole history: streamed
    /// from the journal, the short-id length from the derived files. `nil` when they cannot tell it (none yet, the
    /// journal changed otherwise than by appends): then the caller loads the journal. ``device(ofSession:)`` then
    /// names the device of each session returned.
    public func streamedSessions(
        keeping keep: Int?, days: LocalDays, where include: (FocusLog, _ device: String?) -> Bool
    ) throws(FocusError) -> (logs: [FocusLog], total: Int, idLength: Int)? {
        guard let idLength = shortIDLength(days: days) else { return nil }
        var kept: [(log: FocusLog, device: String?)] = []
        var total = 0
        _ = try streamSessions { log, device in
            guard include(log, device) else { return }
            total += 1
            kept.append((log, device))
            // The newest `keep` are the last ones: drop the older ones now and then, not at every session.
            if let keep, kept.count >= 2 * max(keep, 512) { kept.removeFirst(kept.count - keep) }
        }
        let newest = kept.suffix(keep ?? kept.count).reversed()
        for (log, device) in newest { if let device { sessionDevices[log.id] = device } }
        return (newest.map(\.log), total, idLength)
    }

    /// The length of the short ids of the whole history (``ShortID/length(for:minimum:)``), from the derived files
    /// (rebuilt when they do not match the journal); `nil` when they cannot tell it.
    public func shortIDLength(days: LocalDays) -> Int? {
        guard !isLoaded else { return nil }
        return derivedJournal(days: days)?.history?.idLength
    }
}
