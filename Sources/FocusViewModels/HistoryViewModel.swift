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
        /// The calendar date it started on in its own zone: the date beside ``startTime``.
        public let startDate: CivilDate
        /// `HH:MM` start and end in the session's own zone.
        public let startTime: String
        public let endTime: String
        /// The device that recorded it (``AppStore/device(ofSession:)``), `nil` when unknown.
        public let device: String?
        /// The session's zone when it was recorded in another zone than the reader's (its times are that zone's).
        public let otherZone: String?

        /// Whether it counts for a day before the date it started on: it began before the config's `day-start`.
        public var countsForDayBefore: Bool { date < startDate }
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

    /// The newest `limit` of every session after the newest `offset`, from the derived files when they match the
    /// journal; `nil` when the journal must be loaded (``AppStore/load()``) for
    /// ``init(store:range:tag:device:limit:offset:now:days:)``.
    public init?(newestOf store: AppStore, limit: Int, offset: Int = 0, now: Date, days: LocalDays) {
        guard let newest = store.newestSessions(limit: max(0, offset) + limit, days: days) else { return nil }
        self.init(store: store, limit: limit, offset: offset, now: now, days: days)
        self.newest = newest
    }

    /// The matching sessions streamed from the journal (``AppStore/streamedSessions(keeping:days:where:)``), only
    /// the `limit` newest of them held; `nil` when the journal must be loaded for
    /// ``init(store:range:tag:device:limit:offset:now:days:)``.
    public init?(
        streaming store: AppStore, range: StatsRange, tag: String?, device: String?, limit: Int?, now: Date,
        days: LocalDays
    ) throws(FocusError) {
        self.init(store: store, range: range, tag: tag, device: device, limit: limit, now: now, days: days)
        let bounds = dayBounds
        let model = self
        guard
            let found = try store.streamedSessions(
                keeping: limit, days: days, where: { model.includes($0, recorder: $1, bounds: bounds) })
        else { return nil }
        newest = found
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
        let bounds = dayBounds
        guard tag != nil || device != nil || bounds != nil else { return logs.reversed() }
        return logs.reversed().filter { includes($0, recorder: store.device(ofSession: $0.id), bounds: bounds) }
    }

    /// Whether a session is one of ``matching``: for a command that goes through the sessions one at a time
    /// (``AppStore/streamSessions(progress:_:)``) rather than from ``AppStore/focusLogs``.
    public var filter: (FocusLog) -> Bool {
        let bounds = dayBounds
        // The recorder looked up only when a device is asked for: a whole-history export filters every session.
        return {
            self.includes($0, recorder: self.device == nil ? nil : self.store.device(ofSession: $0.id), bounds: bounds)
        }
    }

    /// The local days of ``range``; `nil` for `all`, which needs no dates: the whole history stays cheap to scroll.
    private var dayBounds: ClosedRange<Int>? {
        range == .all ? nil : range.bounds(today: days.date(of: now).dayNumber, sessionSpan: nil)
    }

    /// Whether `log`, recorded by `recorder`, has the tag, comes from the device and falls within `bounds`.
    private func includes(_ log: FocusLog, recorder: String?, bounds: ClosedRange<Int>?) -> Bool {
        (tag.map(log.has(tag:)) ?? true) && (device == nil || recorder == device)
            && (bounds?.contains(days.dayNumber(of: log)) ?? true)
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
        return window.map { row($0, device: store.device(ofSession: $0.id), idLength: idLength) }
    }

    private func row(_ log: FocusLog, device: String?, idLength: Int) -> Row {
        let zone = days.zone(log.tz)
        return Row(
            log: log, shortID: String(log.id.prefix(idLength)), date: days.date(of: log),
            startDate: LocalTime.date(log.start, in: zone), startTime: LocalTime.hourMinute(log.start, in: zone),
            endTime: LocalTime.hourMinute(log.end, in: zone),
            device: device, otherZone: log.tz.flatMap { $0 == days.timeZone.ianaIdentifier ? nil : $0 })
    }

    /// Every matching row (no limit), streamed from the journal twice and held nowhere
    /// (``AppStore/streamSessions(withDevices:thenNewestFirst:)``): `measure` is given each row first, oldest
    /// first (a table's columns are measured on all of them), then `show` each, newest first, as ``rows`` orders them.
    /// `false`, with nothing given, when the journal must be loaded: the derived files cannot tell the short ids'
    /// length (``AppStore/shortIDLength(days:)``), or the store holds the journal already.
    /// `restart` hears when the rows given to `measure` so far are to be forgotten, as they are given again.
    public func streamRows(
        restart: () -> Void, measure: (Row) -> Void, show: (Row) throws(FocusError) -> Void
    ) throws(FocusError) -> Bool {
        guard !store.isLoaded, let idLength = store.shortIDLength(days: days) else { return false }
        let bounds = dayBounds
        _ = try store.streamSessions(
            beginning: restart,
            withDevices: { log, device in
                if includes(log, recorder: device, bounds: bounds) {
                    measure(row(log, device: device, idLength: idLength))
                }
            },
            thenNewestFirst: { (log, device) throws(FocusError) in
                if includes(log, recorder: device, bounds: bounds) {
                    try show(row(log, device: device, idLength: idLength))
                }
            })
        return true
    }

    /// How many matching sessions the limit hides.
    public var hiddenCount: Int {
        guard let limit else { return 0 }
        let total = newest?.total ?? (showsEverySession ? store.focusLogs.count : matching.count)
        return max(0, total - offset - limit)
    }
}
