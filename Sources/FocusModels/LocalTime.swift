import FoundationEssentials

/// Wall-clock times of day in a zone, for displays (`09:25`).
public enum LocalTime {
    /// `HH:MM` of `instant` in `zone`, 24-hour.
    public static func hourMinute(_ instant: Date, in zone: Zone) -> String {
        let local = LocalDateTime.wallSeconds(instant, in: zone)
        let secondOfDay = local - local.floorDiv(86_400) * 86_400
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        // Five ASCII bytes written at once, not two padded strings joined: `focus log` shows two a row.
        return String(unsafeUninitializedCapacity: 5) { bytes in
            bytes[0] = UInt8(ascii: "0") + UInt8(hour / 10)
            bytes[1] = UInt8(ascii: "0") + UInt8(hour % 10)
            bytes[2] = UInt8(ascii: ":")
            bytes[3] = UInt8(ascii: "0") + UInt8(minute / 10)
            bytes[4] = UInt8(ascii: "0") + UInt8(minute % 10)
            return 5
        }
    }

    /// `YYYY-MM-DD HH:MM` of `instant` in `zone`.
    public static func dateTime(_ instant: Date, in zone: Zone) -> String {
        date(instant, in: zone).isoString + " " + hourMinute(instant, in: zone)
    }

    /// The calendar date of the wall clock at `instant` in `zone`: the date beside ``hourMinute(_:in:)``, whatever
    /// day the config's `day-start` counts it for.
    public static func date(_ instant: Date, in zone: Zone) -> CivilDate {
        CivilDate(dayNumber: LocalDateTime.wallSeconds(instant, in: zone).floorDiv(86_400))
    }

    /// `mm:ss`, or `h:mm:ss` from an hour up; seconds are rounded up so a countdown reaches 00:00 at the end.
    public static func countdown(_ seconds: Double) -> String {
        let s = Int(max(0, seconds).rounded(.up))
        let h = s / 3600
        let m = s / 60 % 60
        let r = s % 60
        return h > 0
            ? "\(h):" + UTCTimestamp.pad2(m) + ":" + UTCTimestamp.pad2(r)
            : UTCTimestamp.pad2(m) + ":" + UTCTimestamp.pad2(r)
    }

    /// `1h05m`, `25m`, `45s`: a duration in words for summaries.
    public static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds)s" }
        let h = seconds / 3600
        let m = seconds / 60 % 60
        return h > 0 ? "\(h)h" + UTCTimestamp.pad2(m) + "m" : "\(m)m"
    }
}
