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
    /// The session that set each day, in the order first completed, first deep, tenth deep, then
    /// ``hoursReached``'s: what lets a change to an earlier session be told without the others
    /// (``replacing(_:with:)``). `nil` where the day is not set.
    public private(set) var setters: [Setter?] = Array(repeating: nil, count: 3 + badgeHours.count)

    /// A session that set a day: its start and id (its place in start order), its focus and, for an hour badge, the
    /// focus of every session before it (0 for the others).
    public struct Setter: Codable, Equatable, Sendable {
        public var start: Double
        public var id: String
        public var focused: Int
        public var focusedBefore: Int

        package init(start: Double, id: String, focused: Int, focusedBefore: Int) {
            self.start = start
            self.id = id
            self.focused = focused
            self.focusedBefore = focusedBefore
        }

        init(_ log: FocusLog, focusedBefore: Int) {
            self.init(
                start: log.start.timeIntervalSince1970, id: log.id, focused: log.focused, focusedBefore: focusedBefore)
        }

        /// Whether this session comes before `log` in start order (by start, then id).
        func precedes(_ log: FocusLog) -> Bool { (start, id) < (log.start.timeIntervalSince1970, log.id) }

        /// Whether `log` starts where this session does.
        func starts(with log: FocusLog) -> Bool { start == log.start.timeIntervalSince1970 }
    }

    public init(deepFocusMinutes: Int) { self.deepFocusMinutes = deepFocusMinutes }

    /// Totals as saved (the derived files' own encoding); the caller bounds them.
    package init(
        deepFocusMinutes: Int, focused: Int, firstCompleted: Int?, deepCount: Int, firstDeep: Int?, tenthDeep: Int?,
        hoursReached: [Int?], setters: [Setter?]
    ) {
        self.deepFocusMinutes = deepFocusMinutes
        self.focused = focused
        self.firstCompleted = firstCompleted
        self.deepCount = deepCount
        self.firstDeep = firstDeep
        self.tenthDeep = tenthDeep
        self.hoursReached = hoursReached
        self.setters = setters
    }

    /// The totals of `focusLogs` (sorted by start, as the store keeps them).
    public init(focusLogs: [FocusLog], deepFocusMinutes: Int, days: LocalDays) {
        self.init(deepFocusMinutes: deepFocusMinutes)
        for log in focusLogs { add(log, day: days.dayNumber(of: log)) }
    }

    /// The totals with the session `old` read as `new` (an edit; `nil`: a deletion, or a session back), each on its
    /// local day, or `nil` when that cannot be told without the other sessions. Each day set is told from the session
    /// that set it (``setters``): a change after it in start order leaves it; one before it moves the first completed
    /// or deep session only to itself, leaves the tenth deep one while the deep sessions before it stay as many, and
    /// an hour badge while the focus before its session stays under the hours and reaches them with it. A day not set
    /// is told only while the change does not reach it (the day would be that of a session not known here).
    package func replacing(_ old: (log: FocusLog, day: Int)?, with new: (log: FocusLog, day: Int)?) -> GrowthTotals? {
        var next = self
        next.focused += (new?.log.focused ?? 0) - (old?.log.focused ?? 0)
        let deep = { (log: FocusLog) in log.completed && log.focused >= deepFocusMinutes * 60 }
        next.deepCount += (new.map { deep($0.log) ? 1 : 0 } ?? 0) - (old.map { deep($0.log) ? 1 : 0 } ?? 0)
        guard next.replacingFirst(0, old, new, where: \.completed, remaining: nil),
            next.replacingFirst(1, old, new, where: deep, remaining: next.deepCount),
            next.replacingTenthDeep(old, new, deep: deep)
        else { return nil }
        for (index, hours) in Self.badgeHours.enumerated() {
            guard next.replacingHours(index, hours * 3600, old, new) else { return nil }
        }
        return next
    }

    /// The first session of a kind (slot 0: completed, 1: deep) after `old` reads as `new`; `false` when the one that
    /// set it goes and another one takes its place (`remaining`: how many of the kind are left, when known).
    private mutating func replacingFirst(
        _ slot: Int, _ old: (log: FocusLog, day: Int)?, _ new: (log: FocusLog, day: Int)?,
        where kind: (FocusLog) -> Bool, remaining: Int?
    ) -> Bool {
        let newOfKind = new.flatMap { kind($0.log) ? $0 : nil }
        guard let setter = setters[slot] else {
            // None of the kind before: `new` is the only one.
            if let newOfKind { set(slot, day: newOfKind.day, by: newOfKind.log, focusedBefore: 0) }
            return true
        }
        if let old, old.log.id == setter.id {
            if let newOfKind, !setter.precedes(newOfKind.log) {
                set(slot, day: newOfKind.day, by: newOfKind.log, focusedBefore: 0)
                return true
            }
            guard remaining == 0 else { return false }
            set(slot, day: nil, by: nil, focusedBefore: 0)
            return true
        }
        if let newOfKind, newOfKind.log.id != setter.id, !setter.precedes(newOfKind.log) {
            set(slot, day: newOfKind.day, by: newOfKind.log, focusedBefore: 0)
        }
        return true
    }

    /// The tenth deep session after `old` reads as `new`: the same one while as many deep sessions come before it.
    private mutating func replacingTenthDeep(
        _ old: (log: FocusLog, day: Int)?, _ new: (log: FocusLog, day: Int)?, deep: (FocusLog) -> Bool
    ) -> Bool {
        guard deepCount >= 10 else {
            set(2, day: nil, by: nil, focusedBefore: 0)
            return true
        }
        guard let setter = setters[2] else { return false }
        if let old, old.log.id == setter.id {
            guard let new, deep(new.log), new.log.id == setter.id, setter.starts(with: new.log) else { return false }
            set(2, day: new.day, by: new.log, focusedBefore: 0)
            return true
        }
        func before(_ entry: (log: FocusLog, day: Int)?) -> Bool {
            entry.map { deep($0.log) && !setter.precedes($0.log) } ?? false
        }
        return before(new) == before(old)
    }

    /// The day total focus reached `seconds` (the hour badge `index`) after `old` reads as `new`: the same session's
    /// while the focus before it stays under `seconds` and reaches it with its own.
    private mutating func replacingHours(
        _ index: Int, _ seconds: Int, _ old: (log: FocusLog, day: Int)?, _ new: (log: FocusLog, day: Int)?
    ) -> Bool {
        let slot = 3 + index
        guard focused >= seconds else {
            set(slot, day: nil, by: nil, focusedBefore: 0)
            return true
        }
        guard let setter = setters[slot] else { return false }
        var before = setter.focusedBefore
        var own = setter.focused
        var by = setter
        var day = hoursReached[index]
        if let old, old.log.id == setter.id {
            guard let new, new.log.id == setter.id, setter.starts(with: new.log) else { return false }
            own = new.log.focused
            by = Setter(new.log, focusedBefore: before)
            day = new.day
        } else {
            if let old, !setter.precedes(old.log) { before -= old.log.focused }
            if let new, !setter.precedes(new.log) { before += new.log.focused }
        }
        guard before < seconds, before + own >= seconds else { return false }
        by.focusedBefore = before
        hoursReached[index] = day
        setters[slot] = by
        return true
    }

    /// Sets the day of `slot` (``setters``' order) and the session that set it.
    private mutating func set(_ slot: Int, day: Int?, by log: FocusLog?, focusedBefore: Int) {
        let setter = log.map { Setter($0, focusedBefore: focusedBefore) }
        switch slot {
        case 0: firstCompleted = day
        case 1: firstDeep = day
        case 2: tenthDeep = day
        default: hoursReached[slot - 3] = day
        }
        setters[slot] = setter
    }

    /// Adds the next session, on local day `day`.
    public mutating func add(_ log: FocusLog, day: Int) {
        let before = focused
        focused += log.focused
        for (index, hours) in Self.badgeHours.enumerated() where hoursReached[index] == nil && focused >= hours * 3600 {
            set(3 + index, day: day, by: log, focusedBefore: before)
        }
        guard log.completed else { return }
        if firstCompleted == nil { set(0, day: day, by: log, focusedBefore: 0) }
        guard log.focused >= deepFocusMinutes * 60 else { return }
        deepCount += 1
        if deepCount == 1 { set(1, day: day, by: log, focusedBefore: 0) }
        if deepCount == 10 { set(2, day: day, by: log, focusedBefore: 0) }
    }
}
