import FocusModels
import FocusStore
import FoundationEssentials

/// What `focus log` shows: the newest sessions first, filtered by range and tag.
///
/// The command owns the UI state (range, tag, limit) and passes it in; this
/// struct only computes. History never shows demo data: an empty journal is an empty list.
public struct HistoryViewModel {
    /// One row of the list.
    public struct Row: Equatable, Sendable {
        public let log: FocusLog
        /// The unique prefix shown for the id.
        public let shortID: String
        /// The local date the session belongs to.
        public let date: CivilDate
        /// `HH:MM` start and end in the session's own zone.
        public let startTime: String
        public let endTime: String
        /// The device that recorded it (``AppStore/device(ofSession:)``), `nil` when unknown.
        public let device: String?
        /// The session's zone when it was recorded in another zone than the reader's (its times are that zone's).
        public let otherZone: String?
    }

    public let store: AppStore
    public let range: StatsRange
    public let tag: String?
    /// Only sessions this device recorded, when set.
    public let device: String?
    /// At most this many rows; `nil` shows every matching session.
    public let limit: Int?
    public let now: Date
    public let days: LocalDays

    public init(
        store: AppStore, range: StatsRange = .all, tag: String? = nil, device: String? = nil, limit: Int? = 20,
        now: Date, days: LocalDays
    ) {
        self.store = store
        self.range = range
        self.tag = tag
        self.device = device
        self.limit = limit
        self.now = now
        self.days = days
    }

    /// Every session in the range with the tag, newest first; `all` is every session, also one dated
    /// after today in a zone ahead of the reader's (a statistic's `all` ends today).
    public var matching: [FocusLog] {
        let logs = store.focusLogs
        let span = logs.isEmpty ? nil : logs.map(days.dayNumber(of:)).min()!...logs.map(days.dayNumber(of:)).max()!
        let bounds = range.bounds(today: days.date(of: now).dayNumber, sessionSpan: span)
        return logs.reversed().filter { log in
            (tag.map(log.has(tag:)) ?? true) && (device == nil || store.device(ofSession: log.id) == device)
                && (range == .all || bounds.contains(days.dayNumber(of: log)))
        }
    }

    /// The rows to show, newest first.
    public var rows: [Row] {
        let idLength = ShortID.length(for: store.focusLogs.map(\.id))
        let shown = limit.map { Array(matching.prefix($0)) } ?? matching
        return shown.map { log in
            let zone = days.zone(log.tz)
            return Row(
                log: log, shortID: String(log.id.prefix(idLength)), date: days.date(of: log),
                startTime: LocalTime.hourMinute(log.start, in: zone), endTime: LocalTime.hourMinute(log.end, in: zone),
                device: store.device(ofSession: log.id),
                otherZone: log.tz.flatMap { $0 == days.timeZone.ianaIdentifier ? nil : $0 })
        }
    }

    /// How many matching sessions the limit hides.
    public var hiddenCount: Int {
        guard let limit else { return 0 }
        return max(0, matching.count - limit)
    }
}
