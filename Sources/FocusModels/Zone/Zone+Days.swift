extension Zone {
    /// The local date of `t` (seconds since 1970 UTC) as days since 1970-01-01, for days that begin
    /// `dayStart` seconds after local midnight.
    ///
    /// A day begins the first time the wall clock reaches its day start, and an instant belongs to
    /// the latest day that has begun: the date of `t` is the latest date that the clock minus
    /// `dayStart` has shown at any moment up to `t`. So dates never go backwards in one zone. When
    /// clocks fall back across a day start (New York, day start 01:30, 1 November: 01:45 EDT, then
    /// 01:15 EST half an hour later), the repeated wall times stay on the day that had begun
    /// (1 November), as `focus log add` reads a repeated wall time as its first occurrence. Away
    /// from a fall-back this is simply the date of the local time minus `dayStart`.
    public func dayNumber(at t: Int, dayStart: Int) -> Int {
        var day = naiveDayNumber(at: t, dayStart: dayStart)
        // Only a change less than `offsetSpread` ago can have shown a later date than now.
        guard offsetSpread > 0 else { return day }
        for change in changeCandidates(in: t - offsetSpread + 1, t) {
            day = max(day, naiveDayNumber(at: change - 1, dayStart: dayStart))
        }
        return day
    }

    /// The date of the local time minus `dayStart`, without the rule against going backwards.
    func naiveDayNumber(at t: Int, dayStart: Int) -> Int {
        (t + secondsFromGMT(at: t) - dayStart).floorDiv(86_400)
    }
}
