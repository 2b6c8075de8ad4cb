/// The reader's zone, from the `TZ` environment variable read exactly as the C library reads it.
///
/// Unset: the system zone (`/etc/localtime`, UTC when missing). Set and empty, or `:`: UTC.
/// `:Europe/Paris` and `Europe/Paris`: that tzdata zone; `/etc/localtime` or
/// `/usr/share/zoneinfo/posix/Europe/London`: that file; `UTC+3`: three hours *west* of Greenwich;
/// `CET-1CEST`: a rule, with the change dates of tzdata's `posixrules` when it gives none. What the
/// C library can read only by falling back (`PST` is UTC, there being no offset) is read the same
/// way, with a one-line warning, so focus and `date` never disagree.
public enum ZoneSetting {
    /// The zone to use and, when `TZ` is not something the C library reads exactly, what to tell the user.
    public struct Resolution: Sendable {
        public let zone: Zone
        public let warning: Message?
    }

    /// Resolves `tz` (`nil`: unset) against `files`.
    public static func resolve(_ tz: String?, files: ZoneFiles) -> Resolution {
        let reading = ZoneReader.read(tz: tz, files: files)
        guard !reading.isExact, let tz else { return Resolution(zone: reading.zone, warning: nil) }
        return Resolution(
            zone: reading.zone,
            warning: """
                focus: TZ='\(tz)' is neither a zone name nor a complete POSIX rule such as UTC+3; like the C \
                library, focus reads it as \(reading.zone.offsetsDescription). Set TZ to a zone name such as \
                Asia/Shanghai.
                """
        )
    }
}
