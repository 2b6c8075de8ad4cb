import FocusModels

/// What the growth profile needs from the sessions, folded one session at a time in start order: the total focus,
/// and the days the session badges were earned on. The derived files keep it, so `focus profile` never reads the
/// history (``GrowthService/buildGrowthProfile(totals:streakRuns:expedition:isDemo:)``).
public struct GrowthTotals: Codable, Equatable, Sendable {
    /// The hours the hour badges ask for.
    static let badgeHours = [10, 100, 1000]

    /// A completed session this long is deep focus.
    public let deepFocusMinutes: Int
    /// Seconds focused over all sessions.
    public private(set) var focused = 0
    /// The day (days since 1970-01-01) of the first completed session.
    public private(set) var firstCompleted: Int?
    /// Completed sessions of deep focus, and the days of the first and the tenth.
    public private(set) var deepCount = 0
    public private(set) var firstDeep: Int?
    public private(set) var tenthDeep: Int?
    /// The day on which total focus reached each of ``badgeHours``.
    public private(set) var hoursReached: [Int?] = badgeHours.map { _ in nil }

    public init(deepFocusMinutes: Int) { self.deepFocusMinutes = deepFocusMinutes }

    /// Totals as saved (the derived files' own encoding); the caller bounds them.
    package init(
        deepFocusMinutes: Int, focused: Int, firstCompleted: Int?, deepCount: Int, firstDeep: Int?, tenthDeep: Int?,
        hoursReached: [Int?]
    ) {
        self.deepFocusMinutes = deepFocusMinutes
        self.focused = focused
        self.firstCompleted = firstCompleted
        self.deepCount = deepCount
        self.firstDeep = firstDeep
        self.tenthDeep = tenthDeep
        self.hoursReached = hoursReached
    }

    /// The totals of `focusLogs` (sorted by start, as the store keeps them).
    public init(focusLogs: [FocusLog], deepFocusMinutes: Int, days: LocalDays) {
        self.init(deepFocusMinutes: deepFocusMinutes)
        for log in focusLogs { add(log, day: days.dayNumber(of: log)) }
    }

    /// The totals with the session `old` read as `new` (an edit; `nil`: a deletion, or a session back), each on its
    /// local day, or `nil` when that cannot be told without the sessions: one of them starts no later than
    /// ``settledBefore`` (it may come before the session that set a day), or the change reaches a badge (the day it
    /// was reached depends on the sessions before it).
    package func replacing(_ old: (log: FocusLog, day: Int)?, with new: (log: FocusLog, day: Int)?) -> GrowthTotals? {
        guard
            [old, new].allSatisfy({ entry in
                entry.map { entry in settledBefore.map { entry.log.start.timeIntervalSince1970 > Double($0) } ?? true }
                    ?? true
            })
        else { return nil }
        // Every day set was set by a session before both: only sums and counts change, and the days not set yet.
        var next = self
        next.focused += (new?.log.focused ?? 0) - (old?.log.focused ?? 0)
        for (index, hours) in Self.badgeHours.enumerated() where hoursReached[index] == nil {
            guard next.focused < hours * 3600 else { return nil }
        }
        if let new, new.log.completed, firstCompleted == nil { next.firstCompleted = new.day }
        let deep = { (log: FocusLog) in log.completed && log.focused >= deepFocusMinutes * 60 }
        next.deepCount += (new.map { deep($0.log) ? 1 : 0 } ?? 0) - (old.map { deep($0.log) ? 1 : 0 } ?? 0)
        if let new, deep(new.log), firstDeep == nil { next.firstDeep = new.day }
        guard tenthDeep != nil || next.deepCount < 10 else { return nil }
        return next
    }

    /// A bound (seconds since 1970) on the start of the session that set the last of the days (the first
    /// completed, the deep ones, the badges): a session that starts after it comes after every one of them. `nil`:
    /// no day is set. A session's day is its start's in its own zone, with the day start: at most two days off.
    var settledBefore: Int? {
        ([firstCompleted, firstDeep, tenthDeep] + hoursReached).compactMap { $0 }.max().map { ($0 + 3) * 86_400 }
    }

    /// Adds the next session, on local day `day`.
    public mutating func add(_ log: FocusLog, day: Int) {
        focused += log.focused
        for (index, hours) in Self.badgeHours.enumerated() where hoursReached[index] == nil && focused >= hours * 3600 {
            hoursReached[index] = day
        }
        guard log.completed else { return }
        if firstCompleted == nil { firstCompleted = day }
        guard log.focused >= deepFocusMinutes * 60 else { return }
        deepCount += 1
        if deepCount == 1 { firstDeep = day }
        if deepCount == 10 { tenthDeep = day }
    }
}
