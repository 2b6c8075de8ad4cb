import FoundationEssentials

/// Maps instants and sessions to local dates, the day buckets of every statistic.
///
/// A session belongs to the local date of its start in its own `tz`, read as ``SessionZone``
/// says (the reader's zone when it has none). `dayStart` moves the boundary: with 04:00, a
/// session at 02:30 belongs to the day before. Dates never go backwards within one zone, not even
/// when clocks fall back across the day start (``Zone/dayNumber(at:dayStart:)``), so nothing
/// in the reader's zone is dated after today. A value: zones are read once per process
/// (``ZoneReader``), so nothing is memoised here.
public struct LocalDays: Sendable {
    /// The reader's zone: "today" and sessions without `tz` use it.
    public let timeZone: Zone
    /// Seconds after midnight at which a day begins (0 = midnight).
    public let dayStartSeconds: Int

    public init(timeZone: Zone, dayStartSeconds: Int = 0) {
        self.timeZone = timeZone
        self.dayStartSeconds = dayStartSeconds
    }

    /// The local date `instant` falls on in `zone` (the reader's by default).
    public func date(of instant: Date, in zone: Zone? = nil) -> CivilDate {
        CivilDate(dayNumber: (zone ?? timeZone).dayNumber(at: Zone.seconds(instant), dayStart: dayStartSeconds))
    }

    /// The local date a session belongs to.
    public func date(of log: FocusLog) -> CivilDate { CivilDate(dayNumber: dayNumber(of: log)) }

    /// ``date(of:)-(FocusLog)`` as days since 1970-01-01, for fast bucketing.
    public func dayNumber(of log: FocusLog) -> Int {
        zone(log.tz).dayNumber(at: Zone.seconds(log.start), dayStart: dayStartSeconds)
    }

    /// The hour (0–23) of the wall clock a session started at, in its own zone.
    public func startHour(of log: FocusLog) -> Int {
        let t = Zone.seconds(log.start)
        let local = t + zone(log.tz).secondsFromGMT(at: t)
        return (local - local.floorDiv(86_400) * 86_400) / 3600
    }

    /// The zone for a session's `tz`.
    public func zone(_ identifier: String?) -> Zone { timeZone.zone(forSession: identifier) }
}
