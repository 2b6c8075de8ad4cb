#if canImport(Glibc)
    import Glibc
#endif

/// The machine's clocks, read directly.
enum LiveClock {
    /// `CLOCK_MONOTONIC`: stops while the machine is suspended.
    static func monotonic() -> Double { read(CLOCK_MONOTONIC) }

    /// `CLOCK_BOOTTIME`: counts time asleep too.
    static func boottime() -> Double { read(CLOCK_BOOTTIME) }

    private static func read(_ id: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
