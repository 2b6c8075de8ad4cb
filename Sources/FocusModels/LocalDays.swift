import FoundationEssentials

/// Maps instants and sessions to local dates, the day buckets of every statistic.
///
/// A session belongs to the local date of its start in its own `tz` (the
/// reader's zone when it has none). `dayStart` moves the boundary: with
/// 04:00, a session at 02:30 belongs to the day before. An identifier this
/// machine does not know falls back to the reader's zone. A value: zone
/// lookups are cheap (Foundation keeps the zones it has loaded), so nothing is memoised here.
public struct LocalDays: Sendable {
    /// The reader's zone: "today" and sessions without `tz` use it.
    public let timeZone: TimeZone
    /// Seconds after midnight at which a day begins (0 = midnight).
    public let dayStartSeconds: Int

    public init(timeZone: TimeZone, dayStartSeconds: Int = 0) {
        self.timeZone = timeZone
        self.dayStartSeconds = dayStartSeconds
    }

    /// The local date `instant` falls on in `zone` (the reader's by default).
    public func date(of instant: Date, in zone: TimeZone? = nil) -> CivilDate {
        CivilDate(dayNumber: dayNumber(of: instant, in: zone ?? timeZone))
    }

    /// The local date a session belongs to.
    public func date(of log: FocusLog) -> CivilDate { CivilDate(dayNumber: dayNumber(of: log)) }

    /// ``date(of:)-(FocusLog)`` as days since 1970-01-01, for fast bucketing.
    public func dayNumber(of log: FocusLog) -> Int {
        dayNumber(of: log.start, in: zone(log.tz))
    }

    /// The hour (0–23) a session started at, in its own zone.
    public func startHour(of log: FocusLog) -> Int {
        let local = localSeconds(log.start, zone(log.tz))
        return (local - local.floorDiv(86_400) * 86_400) / 3600
    }

    /// The zone for a session's `tz`.
    public func zone(_ identifier: String?) -> TimeZone {
        guard let identifier else { return timeZone }
        return TimeZone(identifier: identifier) ?? timeZone
    }

    private func dayNumber(of instant: Date, in zone: TimeZone) -> Int {
        (localSeconds(instant, zone) - dayStartSeconds).floorDiv(86_400)
    }

    private func localSeconds(_ instant: Date, _ zone: TimeZone) -> Int {
        LocalDateTime.wallSeconds(instant, in: zone)
    }
}
