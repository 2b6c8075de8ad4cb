/// How focus reads the `tz` a session was recorded with, the one rule every date, time and check uses.
///
/// - absent or empty: the reader's zone;
/// - an IANA name this machine's tzdata has (`Asia/Shanghai`): that zone;
/// - `GMT-0300`, the form earlier versions of focus wrote for a POSIX offset: the fixed offset it
///   meant (three hours *behind* here), which glibc would read as 24 hours ahead;
/// - anything else: what the C library makes of `TZ` set to it, so `GMT+3` is three hours *west*,
///   `CET-1CEST,M3.5.0,M10.5.0/3` follows its rule, and `PST`, `IST` or a name this machine lacks
///   are UTC (glibc needs an offset after the name).
public struct SessionZone: Sendable {
    /// Which of the rule's cases the `tz` fell in.
    public enum Kind: Sendable, Equatable {
        /// An IANA name in this machine's tzdata.
        case name
        /// An offset as earlier versions of focus wrote it.
        case legacyOffset
        /// Not an IANA name, but read exactly by the C library: a POSIX rule, a path to a zone file.
        case rule
        /// Neither: the C library falls back to UTC (or to what it could read of the value).
        case fallback
    }

    public let zone: Zone
    public let kind: Kind

    /// The reading of `tz` with the tzdata of `files`.
    public init(_ tz: String, files: ZoneFiles) {
        if let offset = Self.legacyOffset(tz), let zone = Zone(secondsFromGMT: offset) {
            self.zone = Zone(identifier: zone.identifier, ianaIdentifier: nil, files: files, rules: zone.rules)
            kind = .legacyOffset
            return
        }
        let reading = ZoneReader.read(tz: tz, files: files)
        zone = reading.zone
        kind = reading.zone.ianaIdentifier == tz ? .name : reading.isExact ? .rule : .fallback
    }

    /// Seconds east in `GMT+0530` or `GMT-0300` (ICU's name for a fixed offset), else `nil`.
    static func legacyOffset(_ tz: String) -> Int? {
        guard tz.utf8.count == 8, tz.hasPrefix("GMT") else { return nil }
        let bytes = Array(tz.utf8)
        guard bytes[3] == UInt8(ascii: "+") || bytes[3] == UInt8(ascii: "-"),
            bytes[4...].allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { return nil }
        let hours = Int(bytes[4] - 48) * 10 + Int(bytes[5] - 48)
        let minutes = Int(bytes[6] - 48) * 10 + Int(bytes[7] - 48)
        guard hours <= 18, minutes < 60 else { return nil }
        return (bytes[3] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

extension Zone {
    /// The zone of a session recorded with `tz`, read next to this, the reader's, zone (see ``SessionZone``).
    public func zone(forSession tz: String?) -> Zone {
        guard let tz, !tz.isEmpty else { return self }
        return tz == identifier && SessionZone.legacyOffset(tz) == nil ? self : SessionZone(tz, files: files).zone
    }

    /// Whether `name` is written as an IANA name: relative, made of `A-Za-z0-9._+-` components,
    /// and not one of tzdata's other entries (the `posix/` and `right/` copies, `localtime`, `posixrules`).
    static func isIANASyntax(_ name: String) -> Bool {
        guard !name.isEmpty, name != "localtime", name != "posixrules", !name.hasPrefix("posix/"),
            !name.hasPrefix("right/")
        else { return false }
        var component: [UInt8] = []
        for c in name.utf8 + [UInt8(ascii: "/")] {
            if c == UInt8(ascii: "/") {
                guard !component.isEmpty, component != [46], component != [46, 46] else { return false }
                component.removeAll(keepingCapacity: true)
            } else {
                let allowed =
                    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || c == 43
                    || c == 45 || c == 46
                guard allowed else { return false }
                component.append(c)
            }
        }
        return true
    }

    /// The zone's offsets in words: `UTC`, `UTC-03:00`, `UTC+01:00 and UTC+02:00 in daylight saving
    /// time`, or `the rules of Europe/London`.
    public var offsetsDescription: Message {
        if let fixed = Self.fixedOffset(of: rules) { return Message(verbatim: Self.utcText(fixed)) }
        guard case .rule(let rule) = rules else { return "the rules of \(identifier)" }
        let standard = Self.utcText(rule.standard.offset)
        return "\(standard) and \(Self.utcText(rule.daylight.offset)) in daylight saving time"
    }

    /// `UTC`, `UTC+05:30`, `UTC-03:00`, `UTC+00:19:32`.
    static func utcText(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let total = abs(seconds)
        var text =
            "UTC" + (seconds > 0 ? "+" : "-") + UTCTimestamp.pad2(total / 3600) + ":"
            + UTCTimestamp.pad2(total / 60 % 60)
        if total % 60 != 0 { text += ":" + UTCTimestamp.pad2(total % 60) }
        return text
    }
}
