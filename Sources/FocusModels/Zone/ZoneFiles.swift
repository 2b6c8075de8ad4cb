/// Where zones are read from: the tzdata folder and the two files that name the system's zone.
public struct ZoneFiles: Sendable, Hashable {
    /// The tzdata folder relative names are read from (glibc's `TZDIR`).
    public var directory: String
    /// The system's zone (glibc's `TZDEFAULT`), used when `TZ` is unset.
    public var localtime: String
    /// Debian's one-line name of the system zone, for when `localtime` is a copy rather than a link.
    public var timezoneName: String

    public init(
        directory: String = "/usr/share/zoneinfo", localtime: String = "/etc/localtime",
        timezoneName: String = "/etc/timezone"
    ) {
        self.directory = directory
        self.localtime = localtime
        self.timezoneName = timezoneName
    }

    /// The system's files, with `TZDIR` from `environment` as glibc reads it (ignored when empty).
    public init(environment: Environment) {
        self.init()
        if let tzdir = environment["TZDIR"], !tzdir.isEmpty { directory = tzdir }
    }

    /// `/usr/share/zoneinfo`, `/etc/localtime` and `/etc/timezone`.
    public static let system = ZoneFiles()
}
