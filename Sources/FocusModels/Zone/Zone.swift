import FoundationEssentials

/// A time zone read as the C library reads it: from the system's tzdata (TZif files under
/// `/usr/share/zoneinfo` or `TZDIR`) or from a POSIX TZ rule, without ICU.
///
/// Every offset is the one glibc 2.36's `localtime_r` gives for the same `TZ`, including its
/// readings of odd rules and, for the `right/` zones, its leap seconds (an inserted second reads as
/// a second `:59`). Its members are named as Foundation's `TimeZone` members focus uses, so a
/// `TimeZone` parameter can become a `Zone` without touching its body.
///
/// A value: the data is read once per process per name (``ZoneReader``) and never changes after.
public struct Zone: Sendable, Equatable {
    /// A name the C library reads as this zone: the IANA name when it has one (`Europe/Paris`),
    /// else the `TZ` value it was read from (`UTC+3`, `CET-1CEST,M3.5.0,M10.5.0/3`, a path).
    public var identifier: String { storage.identifier }
    /// The IANA name to record with a session, or `nil` when the zone has none: its tzdata name,
    /// or `Etc/GMT+3` for a fixed whole-hour offset (`UTC+3`), which every system reads the same way.
    public var ianaIdentifier: String? { storage.ianaIdentifier }
    /// Where this zone, and the zones of sessions read next to it, come from.
    public var files: ZoneFiles { storage.files }
    var rules: Rules { storage.rules }
    /// The largest gap between two of the zone's offsets: how far back a change can still matter.
    var offsetSpread: Int { storage.offsetSpread }

    /// One reference, so that a zone costs a retain to pass around, as every session's date does.
    private let storage: Storage

    private final class Storage: Sendable {
        let identifier: String
        let ianaIdentifier: String?
        let files: ZoneFiles
        let rules: Rules
        let offsetSpread: Int

        init(identifier: String, ianaIdentifier: String?, files: ZoneFiles, rules: Rules, offsetSpread: Int) {
            self.identifier = identifier
            self.ianaIdentifier = ianaIdentifier
            self.files = files
            self.rules = rules
            self.offsetSpread = offsetSpread
        }

        func offset(at t: Int) -> Int {
            switch rules {
            case .table(let table): return table.offset(at: t)
            case .rule(let rule): return rule.offset(at: t)
            }
        }
    }

    /// A table read from a TZif file, or a POSIX rule alone.
    enum Rules: Sendable, Equatable {
        case table(ZoneTable)
        case rule(PosixRule)
    }

    init(identifier: String, ianaIdentifier: String?, files: ZoneFiles, rules: Rules) {
        let spread: Int
        switch rules {
        case .table(let table): spread = table.offsetSpread
        case .rule(let rule): spread = abs(rule.standard.offset - rule.daylight.offset)
        }
        storage = Storage(
            identifier: identifier,
            ianaIdentifier: ianaIdentifier ?? Self.etcName(fixedOffset: Self.fixedOffset(of: rules)),
            files: files, rules: rules, offsetSpread: spread)
    }

    public static func == (a: Zone, b: Zone) -> Bool {
        a.storage === b.storage || (a.identifier == b.identifier && a.files == b.files && a.rules == b.rules)
    }

    /// The zone `identifier` names: a tzdata name, a path to a TZif file, or a complete POSIX rule,
    /// read from the system's tzdata; `nil` for what the C library can read only as a fallback to
    /// UTC (`PST`, `Mars/Olympus`).
    public init?(identifier: String) {
        guard !identifier.isEmpty else { return nil }
        let reading = ZoneReader.read(tz: identifier, files: .system)
        guard reading.isExact else { return nil }
        self = reading.zone
    }

    /// A zone always `seconds` east of Greenwich (at most 24:59:59 either way, as POSIX allows), named
    /// `Etc/GMT-3` for a whole number of hours tzdata has and `<+0530>-5:30` otherwise.
    public init?(secondsFromGMT seconds: Int) {
        guard abs(seconds) < 25 * 3600 else { return nil }
        let name = Self.fixedName(seconds)
        var part = PosixRule.Part()
        part.name = name.abbreviation
        part.offset = seconds
        let rule = PosixRule(standard: part, daylight: part)
        self.init(
            identifier: Self.etcName(fixedOffset: seconds) ?? name.rule, ianaIdentifier: nil, files: .system,
            rules: .rule(rule))
    }

    /// Greenwich: `Etc/UTC`.
    public static let gmt = Zone(secondsFromGMT: 0)!

    /// Seconds to add to UTC to read the wall clock at `date`.
    public func secondsFromGMT(for date: Date) -> Int { secondsFromGMT(at: Self.seconds(date)) }

    /// ``secondsFromGMT(for:)`` for `t` seconds since 1970 UTC.
    public func secondsFromGMT(at t: Int) -> Int { storage.offset(at: t) }

    /// Whether daylight saving time is in force at `date` (glibc's `tm_isdst`).
    public func isDaylightSavingTime(for date: Date) -> Bool { state(at: Self.seconds(date)).isDaylight }

    /// The abbreviation in force at `date` (glibc's `tm_zone`: `CET`, `+0530`, or empty).
    public func abbreviation(for date: Date) -> String { state(at: Self.seconds(date)).abbreviation }

    /// Every instant in `lower...upper` (seconds since 1970 UTC) at which the offset may change: a
    /// superset of the changes, from which the changes are the candidates that differ from the second before.
    package func changeCandidates(in lower: Int, _ upper: Int) -> [Int] {
        guard lower <= upper else { return [] }
        switch rules {
        case .table(let table): return table.changeCandidates(in: lower, upper)
        case .rule(let rule): return rule.changeCandidates(in: lower, upper)
        }
    }

    func state(at t: Int) -> (offset: Int, isDaylight: Bool, abbreviation: String) {
        switch rules {
        case .table(let table): return table.state(at: t)
        case .rule(let rule):
            let daylight = rule.isDaylight(at: t)
            let part = daylight ? rule.daylight : rule.standard
            return (part.offset, daylight, part.name)
        }
    }

    /// Whole seconds since 1970, rounded down (the instants focus keeps are whole seconds).
    static func seconds(_ date: Date) -> Int {
        let t = date.timeIntervalSince1970.rounded(.down)
        return t.isFinite ? Int(max(-1e15, min(1e15, t))) : 0
    }

    /// The offset of a zone that never changes it, else `nil`.
    static func fixedOffset(of rules: Rules) -> Int? {
        switch rules {
        case .rule(let rule): return rule.isFixed ? rule.standard.offset : nil
        case .table(let table):
            let offsets =
                table.types.map(\.offset)
                + [table.footer?.standard.offset, table.footer?.daylight.offset].compactMap { $0 }
            return offsets.min() == offsets.max() && table.leaps.isEmpty ? offsets.first : nil
        }
    }

    /// tzdata's name for a fixed offset: `Etc/UTC`, `Etc/GMT-3` (three hours *east*) … `Etc/GMT-14`, `Etc/GMT+12`.
    static func etcName(fixedOffset seconds: Int?) -> String? {
        guard let seconds, seconds % 3600 == 0, (-12...14).contains(seconds / 3600) else { return nil }
        let hours = seconds / 3600
        return hours == 0 ? "Etc/UTC" : "Etc/GMT" + (hours > 0 ? "-\(hours)" : "+\(-hours)")
    }

    /// The abbreviation (`+0530`, `-03`, `UTC`) and the POSIX rule (`<+0530>-5:30`) of a fixed offset.
    static func fixedName(_ seconds: Int) -> (abbreviation: String, rule: String) {
        guard seconds != 0 else { return ("UTC", "UTC0") }
        let east = seconds > 0
        let total = abs(seconds)
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        var abbreviation = (east ? "+" : "-") + UTCTimestamp.pad2(h)
        if m != 0 || s != 0 { abbreviation += UTCTimestamp.pad2(m) }
        if s != 0 { abbreviation += UTCTimestamp.pad2(s) }
        var clock = "\(h)"
        if m != 0 || s != 0 { clock += ":" + UTCTimestamp.pad2(m) }
        if s != 0 { clock += ":" + UTCTimestamp.pad2(s) }
        // POSIX counts hours west of Greenwich.
        return (abbreviation, "<\(abbreviation)>" + (east ? "-" : "") + clock)
    }
}
