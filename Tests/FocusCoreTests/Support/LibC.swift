import FocusCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The C library's local time, the oracle `Zone` is compared with.
///
/// `TZ` and `TZDIR` are process-wide: every reading sets them under one lock and puts them back
/// after, and only the `.serialized` suite ``ZoneLibcTests`` uses this.
enum LibC {
    /// What `localtime_r` says about an instant.
    struct Local: Equatable, CustomStringConvertible {
        /// Seconds to add to UTC for the wall clock it shows (`:60` read as `:59`, as `Zone` reads it).
        var offset: Int
        var isDaylight: Bool
        var abbreviation: String
        var description: String { "\(offset) \(isDaylight ? "DST" : "std") '\(abbreviation)'" }
    }

    private static let lock = Mutex(())

    /// Runs `body` with `TZ` set to `tz` (`nil`: unset) and `TZDIR` to `tzdir`, after `tzset()`.
    static func with<T>(tz: String?, tzdir: String? = nil, _ body: () throws -> T) rethrows -> T {
        try lock.withLock { _ in
            let savedTZ = getenv("TZ").map { String(cString: $0) }
            let savedDir = getenv("TZDIR").map { String(cString: $0) }
            // A zone without transitions first: glibc's hidden state is then that of a fresh process.
            set("TZDIR", nil)
            set("TZ", "Etc/UTC")
            tzset()
            set("TZ", tz)
            set("TZDIR", tzdir)
            tzset()
            defer {
                set("TZ", savedTZ)
                set("TZDIR", savedDir)
                tzset()
            }
            return try body()
        }
    }

    /// `localtime_r` at `t` seconds since 1970, under the `TZ` of the enclosing ``with(tz:tzdir:_:)``.
    static func local(_ t: Int) -> Local {
        var time = time_t(t)
        var tm = tm()
        localtime_r(&time, &tm)
        let day = CivilDate(year: Int(tm.tm_year) + 1900, month: Int(tm.tm_mon) + 1, day: Int(tm.tm_mday)).dayNumber
        let wall = day * 86_400 + Int(tm.tm_hour) * 3600 + Int(tm.tm_min) * 60 + min(Int(tm.tm_sec), 59)
        return Local(
            offset: wall - t, isDaylight: tm.tm_isdst > 0, abbreviation: tm.tm_zone.map { String(cString: $0) } ?? "")
    }

    /// `zone`'s reading of `t` in the same terms.
    static func local(_ zone: Zone, _ t: Int) -> Local {
        let date = Date(timeIntervalSince1970: Double(t))
        return Local(
            offset: zone.secondsFromGMT(at: t), isDaylight: zone.isDaylightSavingTime(for: date),
            abbreviation: zone.abbreviation(for: date))
    }

    /// The instants where `zone` and the C library (under the current `TZ`) disagree, with both readings.
    static func mismatches(_ zone: Zone, at instants: [Int]) -> [String] {
        instants.compactMap { t in
            let expected = local(t)
            let actual = local(zone, t)
            return expected == actual ? nil : "\(zone.identifier) at \(t): libc \(expected), Zone \(actual)"
        }
    }

    private static func set(_ name: String, _ value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
}

/// SplitMix64: the same seed gives the same instants on every run.
struct TestRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}
