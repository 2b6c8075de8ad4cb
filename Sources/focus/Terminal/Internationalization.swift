import FoundationEssentials
import FoundationInternationalization

/// Makes sure ICU time zones are linked into the binary.
///
/// FoundationEssentials alone answers `TimeZone.current` with GMT whatever
/// `TZ` says, and `TimeZone(identifier:)` with `nil`: no error, every local
/// date silently wrong. FoundationInternationalization plugs ICU in through a
/// dynamic replacement, which a static link drops unless something in its
/// object file is used. A format style is the cheapest such use.
enum Internationalization {
    @inline(never)
    static func link() {
        let style = Date.FormatStyle(
            date: .omitted, time: .omitted, locale: Locale(identifier: "en_US_POSIX"),
            calendar: Calendar(identifier: .gregorian), timeZone: TimeZone.gmt)
        withExtendedLifetime(style) {}
    }
}
