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
    /// How many of the newest matching sessions to skip: where a scrolled list begins.
    public let offset: Int
    public let now: Date
    public let days: LocalDays
    /// The newest sessions, their count and short-id length, as the derived files hold them
    /// (``AppStore/newestSessions(limit:days:)``): every session, newest first, without reading the history.
    private var newest: (logs: [FocusLog], total: Int, idLength: Int)?

    /// The newest `limit` of every session, from the derived files when they match the journal; `nil` when the
    /// journal must be loaded (``AppStore/load()``) for ``init(store:range:tag:device:limit:now:days:)``.
    public init?(newestOf store: AppStore, limit: Int, now: Date, days: LocalDays) {
        guard let newest = store.newestSessions(limit: limit, days: days) else { return nil }
        self.init(store: store, limit: limit, now: now, days: days)
        self.newest = newest
    }

    public init(
        store: AppStore, range: StatsRange = .all, tag: String? = nil, device: String? = nil, limit: Int? = 20,
        offset: Int = 0, now: Date, days: LocalDays
    ) {
        self.store = store
        self.range = range
        self.tag = tag
        self.device = device
        self.limit = limit
        self.offset = max(0, offset)
        self.now = now
        self.days = days
        self.newest = nil
    }

    /// Every session in the range with the tag, newest first; `all` is every session, also one dated
    /// after today in a zone ahead of the reader's (a statistic's `all` ends today).
    public var matching: [FocusLog] {
        if let newest { return newest.logs }
        let logs = store.focusLogs
        // `all` needs no dates: the whole history stays cheap to scroll.
        let bounds =
            range == .all ? nil : range.bounds(today: days.date(of: now).dayNumber, sessionSpan: nil)
        guard tag != nil || device != nil || bounds != nil else { return logs.reversed() }
        return logs.reversed().filter { log in
            (tag.map(log.has(tag:)) ?? true) && (device == nil || store.device(ofSession: log.id) == device)
                && (bounds?.contains(days.dayNumber(of: log)) ?? true)
        }
    }

    /// Whether every session of the journal in memory matches: then a window of the history is read without
    /// copying the rest of it (the dashboard's Log scrolls through 100,000 sessions and more).
    private var showsEverySession: Bool { newest == nil && range == .all && tag == nil && device == nil }

    /// The matching sessions ``rows`` shows, newest first: `limit` of them (all without one) after `offset`.
    private var window: [FocusLog] {
        guard showsEverySession else {
            let rest = matching.dropFirst(offset)
            return limit.map { Array(rest.prefix($0)) } ?? Array(rest)
        }
        let logs = store.focusLogs
        let end = max(0, logs.count - offset)
        let start = limit.map { max(0, end - $0) } ?? 0
        return logs[start..<end].reversed()
    }

    /// The rows to show, newest first.
    public var rows: [Row] {
        let idLength =
            newest?.idLength ?? store.derived("short-id-length") { ShortID.length(for: store.focusLogs.map(\.id)) }
        return window.map { log in
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
        let total = newest?.total ?? (showsEverySession ? store.focusLogs.count : matching.count)
        return max(0, total - offset - limit)
    }
}
