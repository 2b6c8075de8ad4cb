import FoundationEssentials

/// The start and end of a session typed by hand, from the texts of `--start`, `--end` and `--at` (see
/// ``NaturalTime`` for the forms) and the seconds of `--duration` (which the command line has read with
/// ``DurationParser``).
///
/// Pure: a command hands over the option values, `now`, the zone and the config's `day-start`; these decide
/// the instants or give a one-line usage error. Whether a session may end in the future is ``SessionEditor``'s rule.
public struct SessionTimes: Equatable, Sendable {
    public let start: Date
    public let end: Date

    /// The length in whole seconds.
    public var seconds: Int { Int(end.timeIntervalSince(start)) }

    /// A change to a session's times for `focus log edit`; `nil` leaves that part alone.
    public struct Change: Equatable, Sendable {
        /// The new start; the session keeps its length unless `seconds` is given too.
        public let start: Date?
        /// The new focused time, ending that long after the (new) start.
        public let seconds: Int?
    }

    /// `focus log add`: `--start` and exactly one of `--end` and `--duration` (in seconds).
    ///
    /// A time of day alone in `--start` is the latest such moment (`9:30` typed at 09:10 is yesterday's); in
    /// `--end` it is the first such moment after the start, so `--start 23:30 --end 0:15` crosses midnight.
    public static func resolve(
        start: String?, end: String?, duration: Int?, now: Date, zone: Zone, dayStartSeconds: Int = 0
    ) throws(FocusError) -> SessionTimes {
        guard let start else {
            throw FocusError(.usage, "'focus log add' needs --start, like --start 9:30 or --start \"yesterday 14:00\"")
        }
        let first = try time(start, option: "start", now: now, zone: zone, dayStartSeconds, .mostRecent)
        let seconds = try length(
            from: first, end: end, duration: duration, now: now, zone: zone, dayStartSeconds: dayStartSeconds)
        return SessionTimes(start: first, end: first.addingTimeInterval(Double(seconds)))
    }

    /// `focus log edit`: the new start and length of `session`, read in `zone` (the session's own).
    ///
    /// A time of day alone in `--start` stays on the session's day (`--start 10:15` moves it within that
    /// day); in `--end` it is the first such moment after the (new) start, and the focused time becomes
    /// end minus start. `--end` and `--duration` exclude each other.
    public static func edit(
        _ session: FocusLog, start: String?, end: String?, duration: Int?, now: Date, zone: Zone,
        dayStartSeconds: Int = 0
    ) throws(FocusError) -> Change {
        let day = LocalDays(timeZone: zone, dayStartSeconds: dayStartSeconds).date(of: session.start)
        let first = try start.map { (text) throws(FocusError) in
            try time(text, option: "start", now: now, zone: zone, dayStartSeconds, .on(day))
        }
        guard end != nil || duration != nil else { return Change(start: first, seconds: nil) }
        let seconds = try length(
            from: first ?? session.start, end: end, duration: duration, now: now, zone: zone,
            dayStartSeconds: dayStartSeconds)
        return Change(start: first, seconds: seconds)
    }

    /// `focus start --at`: when a session starting now in fact began.
    ///
    /// A time of day alone is the latest such moment (`23:00` typed at 13:50 is yesterday's); a time still to come
    /// (`today 23:00`) or more than 24 hours ago (longer than any session) is refused.
    public static func startAt(_ text: String, now: Date, zone: Zone, dayStartSeconds: Int = 0)
        throws(FocusError) -> Date
    {
        let start = try time(text, option: "at", now: now, zone: zone, dayStartSeconds, .mostRecent)
        let shown = "--at '\(text.trimmingWhitespace())' is \(LocalTime.dateTime(start, in: zone))"
        guard start <= now else { throw FocusError(.usage, "\(shown), later than now; give a time that has passed") }
        guard now.timeIntervalSince(start) <= Double(DurationParser.maximumSeconds) else {
            throw FocusError(.usage, "\(shown), more than 24 hours ago; a session lasts at most 24 hours")
        }
        return start
    }

    /// A moment typed for the argument `name` (`focus log split`'s TIME): a time of day alone is on `day`.
    public static func moment(
        _ text: String, option name: String, on day: CivilDate, now: Date, zone: Zone, dayStartSeconds: Int = 0
    ) throws(FocusError) -> Date {
        do {
            return try NaturalTime.parse(text, now: now, zone: zone, dayStartSeconds: dayStartSeconds, bare: .on(day))
        } catch {
            throw FocusError(.usage, "\(name): \(error.message)")
        }
    }

    /// The seconds from `start` to `--end`, or of `--duration`; exactly one of them.
    private static func length(
        from start: Date, end: String?, duration: Int?, now: Date, zone: Zone, dayStartSeconds: Int
    ) throws(FocusError) -> Int {
        if let duration {
            guard end == nil else { throw FocusError(.usage, "give either --end or --duration, not both") }
            return duration
        }
        guard let end else {
            throw FocusError(.usage, "'focus log add' needs --end or --duration, like --duration 25m")
        }
        let last = try time(end, option: "end", now: now, zone: zone, dayStartSeconds, .after(start))
        guard last > start else {
            throw FocusError(
                .usage,
                """
                --end \(LocalTime.dateTime(last, in: zone)) is not after the start, \
                \(LocalTime.dateTime(start, in: zone))
                """
            )
        }
        let seconds = Int(last.timeIntervalSince(start))
        guard seconds <= DurationParser.maximumSeconds else {
            throw FocusError(
                .usage,
                """
                --end makes the session \(DurationParser.format(seconds: seconds)) long; a session lasts at most \
                24 hours
                """
            )
        }
        return seconds
    }

    private static func time(
        _ text: String, option: String, now: Date, zone: Zone, _ dayStartSeconds: Int, _ bare: NaturalTime.BareTime
    ) throws(FocusError) -> Date {
        do {
            return try NaturalTime.parse(text, now: now, zone: zone, dayStartSeconds: dayStartSeconds, bare: bare)
        } catch {
            throw FocusError(.usage, "--\(option): \(error.message)")
        }
    }
}
