import FocusModels
import FoundationEssentials

/// Sessions by their times, to find the ones a span overlaps: what an import of Timewarrior asks about each new
/// interval (``ImportPlan``), against every session imported from it before.
struct OverlapIndex {
    /// The sessions (their id, start and end), by start.
    private let entries: [(start: Date, end: Date, id: String)]
    /// The latest end among `entries[...i]`: sessions here may overlap (edited in focus), so a walk back from a start
    /// can stop only once none before ends after it.
    private let latestEnd: [Date]

    init(_ sessions: some Sequence<FocusLog>) {
        entries = sessions.map { ($0.start, $0.end, $0.id) }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        var latest = Date.distantPast
        latestEnd = entries.map { entry in
            latest = max(latest, entry.end)
            return latest
        }
    }

    /// The ids of the sessions that share some time with `start..<end`, by start.
    func ids(overlapping start: Date, _ end: Date) -> [String] {
        // The first session starting at or after `end`: only those before it can overlap.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start < end { low = middle + 1 } else { high = middle }
        }
        var found: [String] = []
        var index = low - 1
        while index >= 0, latestEnd[index] > start {
            if entries[index].end > start { found.append(entries[index].id) }
            index -= 1
        }
        return found.reversed()
    }
}
