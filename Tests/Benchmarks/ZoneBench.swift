// Reading time zones: focus's Zone (tzdata read as glibc reads it) against Foundation's TimeZone (ICU).
// Built and run by `make bench` (release, one thread); prints, asserts nothing; not part of `make test`.
import FocusModels
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU seconds of `body`.
func timed(_ body: () -> Void) -> Double {
    let start = cpuSeconds()
    body()
    return cpuSeconds() - start
}

func report(_ what: String, _ zone: Double, _ foundation: Double, unit: String) {
    let name = what.padding(toLength: 44, withPad: " ", startingAt: 0)
    print(
        name
            + String(
                format: "Zone %8.3f %@   TimeZone %8.3f %@   (%.1fx)", zone, unit, foundation, unit, foundation / zone))
}

// Every zone each reads once per process: the first reading of a name is the load.
let names = [
    "Asia/Shanghai", "America/New_York", "Europe/London", "Australia/Sydney", "Asia/Tokyo", "Europe/Paris",
    "America/Los_Angeles", "Asia/Kolkata", "America/Sao_Paulo", "Africa/Cairo", "Pacific/Auckland", "Asia/Tehran",
    "America/Santiago", "Europe/Moscow", "Asia/Singapore", "America/Havana", "Australia/Lord_Howe", "Asia/Kathmandu",
    "America/St_Johns", "Pacific/Chatham",
]
var sink = 0
let zoneLoad = timed { for name in names { sink &+= Zone(identifier: name)!.secondsFromGMT(at: 0) } }
let foundationLoad = timed {
    for name in names { sink &+= TimeZone(identifier: name)!.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) }
}
report(
    "load a zone (first use of a name)", zoneLoad / Double(names.count) * 1e6,
    foundationLoad / Double(names.count) * 1e6, unit: "us")

// One million offsets in New York, instants spread over 1970-2037 (the table) and 2037-2100 (the footer rule).
let count = 1_000_000
let zone = Zone(identifier: "America/New_York")!
let timeZone = TimeZone(identifier: "America/New_York")!
for (label, range) in [
    ("1M secondsFromGMT, 1970-2037", 0...2_100_000_000),
    ("1M secondsFromGMT, 2037-2100", 2_200_000_000...4_100_000_000),
] {
    let step = (range.upperBound - range.lowerBound) / count
    let ours = timed { for i in 0..<count { sink &+= zone.secondsFromGMT(at: range.lowerBound + i * step) } }
    let theirs = timed {
        for i in 0..<count {
            sink &+= timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(range.lowerBound + i * step)))
        }
    }
    report(label, ours * 1e3, theirs * 1e3, unit: "ms")
}

// One million local dates with a day start, the never-backwards rule included, against the plain sum with TimeZone.
let days = LocalDays(timeZone: zone, dayStartSeconds: 4 * 3600)
let logs = (0..<count).map { i in
    let start = Date(timeIntervalSince1970: Double(1_700_000_000 + i * 97))
    return FocusLog(
        id: "\(i)", start: start, end: start, planned: 0, focused: 0, completed: true, tz: "America/New_York")
}
let ourDays = timed { for log in logs { sink &+= days.dayNumber(of: log) } }
let theirDays = timed {
    for log in logs {
        let t = Int(log.start.timeIntervalSince1970)
        sink &+= (t + TimeZone(identifier: log.tz!)!.secondsFromGMT(for: log.start) - 4 * 3600) / 86_400
    }
}
report("1M session dates (LocalDays vs TimeZone)", ourDays * 1e3, theirDays * 1e3, unit: "ms")
print(sink == 42 ? " " : "")
