/// The contents of a TZif file (RFC 8536, versions 1 to 4) as glibc keeps them, and the offset in
/// force at an instant, found by binary search.
///
/// Before the first transition glibc uses the first standard-time type (RFC 8536 says type 0);
/// from the last transition on, the file's POSIX footer when it has one.
struct ZoneTable: Sendable, Equatable {
    /// A local time type: an offset, whether it is daylight saving time, and its abbreviation.
    struct LocalType: Sendable, Equatable {
        var offset: Int
        var isDaylight: Bool
        var abbreviation: String
        /// Whether transitions into this type are given in standard time, and in UT (used only to
        /// move `posixrules`' transitions to other offsets, as glibc does).
        var isStandard = false
        var isUT = false
    }

    /// From `time` on, wall clocks are `correction` seconds behind POSIX time (the `right/` zones).
    struct Leap: Sendable, Equatable {
        var time: Int
        var correction: Int
    }

    /// Instants (seconds since 1970 UTC) at which the type changes, ascending.
    var transitions: [Int]
    /// The type in force from each transition on, an index into `types`.
    var transitionTypes: [UInt8]
    var types: [LocalType]
    var leaps: [Leap] = []
    /// The rule for instants from the last transition on (TZif version 2 and later).
    var footer: PosixRule?

    /// The type before the first transition: glibc's first standard-time type, else the first.
    var initialType: LocalType { types.first { !$0.isDaylight } ?? types[0] }

    /// Offset (leap seconds applied), daylight saving and abbreviation at `t`.
    func state(at t: Int) -> (offset: Int, isDaylight: Bool, abbreviation: String) {
        var state: (offset: Int, isDaylight: Bool, abbreviation: String)
        if let last = transitions.last, t >= last, let footer {
            let part = footer.part(at: t)
            state = (part.offset, footer.isDaylight(at: t), part.name)
        } else {
            let type = self.type(at: t)
            state = (type.offset, type.isDaylight, type.abbreviation)
        }
        state.offset -= leapCorrection(at: t)
        return state
    }

    /// The offset alone, the hot path of every local date.
    func offset(at t: Int) -> Int {
        let raw: Int
        if let last = transitions.last, t >= last, let footer {
            raw = footer.offset(at: t)
        } else {
            let index = transitions.lastIndex(atOrBefore: t) { $0 }
            raw = index < 0 ? initialType.offset : types[Int(transitionTypes[index])].offset
        }
        return leaps.isEmpty ? raw : raw - leapCorrection(at: t)
    }

    /// The type in force at `t` by the table alone.
    private func type(at t: Int) -> LocalType {
        let index = transitions.lastIndex(atOrBefore: t) { $0 }
        return index < 0 ? initialType : types[Int(transitionTypes[index])]
    }

    /// Seconds the wall clock lags POSIX time at `t`. During an inserted leap second glibc shows
    /// `:60`; here it reads as a second `:59`, so the date never moves early.
    private func leapCorrection(at t: Int) -> Int {
        let index = leaps.lastIndex(atOrBefore: t) { $0.time }
        return index < 0 ? 0 : leaps[index].correction
    }

    /// Every instant in `lower...upper` where the offset may change: transitions, footer changes
    /// from the last transition on, and leap seconds.
    func changeCandidates(in lower: Int, _ upper: Int) -> [Int] {
        var out: [Int] = []
        var index = transitions.lastIndex(atOrBefore: lower - 1) { $0 } + 1
        while index < transitions.count, transitions[index] <= upper {
            out.append(transitions[index])
            index += 1
        }
        if let last = transitions.last, upper >= last, let footer {
            out += footer.changeCandidates(in: max(lower, last), upper)
        }
        guard !leaps.isEmpty else { return out }
        out += leaps.map(\.time).filter { (lower...upper).contains($0) }
        return out.sorted()
    }

    /// The largest spread between two offsets this table can give, leap seconds included.
    var offsetSpread: Int {
        var offsets = types.map(\.offset)
        if let footer { offsets += [footer.standard.offset, footer.daylight.offset] }
        let corrections = leaps.map(\.correction) + [0]
        return (offsets.max()! - offsets.min()!) + (corrections.max()! - corrections.min()!)
    }
}

extension Array {
    /// The index of the last element whose `key` is at most `t`, in an array ascending by `key`; -1 if none.
    fileprivate func lastIndex(atOrBefore t: Int, by key: (Element) -> Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if key(self[mid]) <= t { low = mid + 1 } else { high = mid }
        }
        return low - 1
    }
}
