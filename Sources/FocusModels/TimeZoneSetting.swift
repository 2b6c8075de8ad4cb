import FoundationEssentials

/// Reads the `TZ` environment variable the way the C library does, for the
/// forms Foundation alone gets wrong.
///
/// Foundation takes `TZ=:America/New_York` or a zoneinfo path for GMT, and
/// `TZ=UTC+3` for three hours *east* (POSIX counts the other way). Every
/// local date would be silently wrong, and the wrong zone would be written
/// into the journal, so the value is resolved here and anything that still
/// cannot be understood comes with a warning.
public enum TimeZoneSetting {
    /// The outcome: the zone to use, or `nil` for "the system zone", plus a warning for the user.
    public struct Resolution: Equatable, Sendable {
        public let timeZone: TimeZone?
        public let warning: String?
    }

    /// Resolves `TZ` (`nil` or empty: the system zone).
    public static func resolve(_ tz: String?) -> Resolution {
        guard var name = tz, !name.isEmpty else { return Resolution(timeZone: nil, warning: nil) }
        if name.hasPrefix(":") { name.removeFirst() }
        let parts = name.split(separator: "/")
        if name.hasPrefix("/"), let index = parts.lastIndex(of: "zoneinfo") {
            name = parts[(index + 1)...].joined(separator: "/")
        }
        // A POSIX rule comes first: ICU reads `UTC+3` with the opposite sign.
        if let (offset, hasRule) = posixOffset(name) {
            if hasRule, let named = TimeZone(identifier: name) { return Resolution(timeZone: named, warning: nil) }
            if let zone = TimeZone(secondsFromGMT: offset) {
                let warning =
                    hasRule
                    ? "focus: TZ='\(tz!)' has daylight-saving rules focus cannot follow; using its standard offset "
                        + "\(zone.identifier). Set TZ to a zone name such as Europe/Paris."
                    : nil
                return Resolution(timeZone: zone, warning: warning)
            }
        }
        if let zone = TimeZone(identifier: name) { return Resolution(timeZone: zone, warning: nil) }
        return Resolution(
            timeZone: TimeZone(identifier: "UTC"),
            warning:
                "focus: TZ='\(tz!)' is not a time zone focus knows; using UTC. Set TZ to a zone name such as "
                + "Asia/Shanghai."
        )
    }

    /// The standard offset of a POSIX rule such as `UTC+3`, `CET-1CEST` or `<+0530>-5:30`,
    /// in seconds east of Greenwich, and whether a daylight-saving part follows.
    static func posixOffset(_ rule: String) -> (Int, Bool)? {
        var rest = Substring(rule)
        if rest.first == "<" {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let letters = rest.prefix(while: { $0.isLetter })
            guard letters.count >= 3 else { return nil }
            rest = rest.dropFirst(letters.count)
        }
        var sign = 1
        if rest.first == "+" || rest.first == "-" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        let clock = rest.prefix(while: { $0.isNumber || $0 == ":" })
        let parts = clock.split(separator: ":").map { Int($0) }
        guard !clock.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }), let hours = parts[0], hours <= 24
        else { return nil }
        let minutes = parts.count > 1 ? parts[1]! : 0
        // POSIX offsets are hours west of Greenwich: UTC+3 is three hours behind it.
        let west = sign * (hours * 3600 + minutes * 60)
        return (-west, clock.endIndex != rest.endIndex)
    }
}
