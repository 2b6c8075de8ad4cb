import FocusCore
import FoundationEssentials
import FoundationInternationalization

#if canImport(Glibc)
    import Glibc
#endif

/// The live environment of one `focus` invocation.
///
/// The only place that reads the real clock, the process environment and the
/// system time zone; everything below it takes `now` and the zone as values.
final class Context {
    let environment: [String: String]
    let paths: DataPaths
    let store: AppStore
    let out = Output.standard
    let err = Output.error
    /// The reader's zone: `TZ` read exactly as the C library reads it (``ZoneSetting``), without ICU; a
    /// value the C library reads only by falling back is said once on stderr, when the zone is first needed.
    ///
    /// Lazy: `focus status` when idle needs no zone.
    lazy var zone: Zone = {
        let setting = ZoneSetting.resolve(environment["TZ"], files: ZoneFiles(environment: environment))
        if let warning = setting.warning { err.line(warning) }
        return setting.zone
    }()
    /// ``zone`` as Foundation's `TimeZone`, for the views that still take one: its IANA name through ICU
    /// (FoundationEssentials alone would silently say GMT), else its offset now.
    lazy var timeZone: TimeZone = {
        Internationalization.link()
        return zone.ianaIdentifier.flatMap(TimeZone.init(identifier:))
            ?? TimeZone(secondsFromGMT: zone.secondsFromGMT(for: now())) ?? .gmt
    }()
    /// The command table users see (set by ``CommandLineTool``), for completions and the man page.
    var commands: [Command] = []
    private var issuesReported = false
    private let pinnedNow: Date?
    private let startedActive: Double

    init(environment: [String: String]) throws(FocusError) {
        self.environment = environment
        let home = environment["HOME"] ?? "/"
        try DataPaths.checkFocusHome(environment)
        paths = DataPaths(environment: environment, home: home)
        store = AppStore(paths: paths, hostName: environment["FOCUS_DEVICE_NAME"] ?? Self.hostName())
        startedActive = LiveClock.monotonic()
        if let pinned = environment["FOCUS_NOW"], !pinned.isEmpty {
            guard let date = UTCTimestamp.parse(pinned) else {
                throw FocusError(.config, "FOCUS_NOW='\(pinned)' is not an RFC 3339 instant like 2026-11-29T18:00:00Z")
            }
            pinnedNow = date
        } else {
            pinnedNow = nil
        }
    }

    /// The machine's host name, which names its journal file the first time it writes one.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        return String(cString: buffer)
    }

    /// The wall clock; with `FOCUS_NOW` set, that instant plus the time this process has run.
    func now() -> Date {
        guard let pinnedNow else { return Date() }
        return pinnedNow.addingTimeInterval(LiveClock.monotonic() - startedActive)
    }

    /// A reading of all three clocks.
    func reading() -> ClockReading {
        ClockReading(active: LiveClock.monotonic(), elapsed: LiveClock.boottime(), wall: now())
    }

    /// Settings, loaded once.
    lazy var config: Result<FocusConfig, FocusError> = {
        do throws(FocusError) { return .success(try store.loadConfig()) } catch { return .failure(error) }
    }()

    func loadConfig() throws(FocusError) -> FocusConfig { try config.get() }

    /// Local-date bucketing in the reader's zone with the configured `day-start`.
    func localDays() throws(FocusError) -> LocalDays {
        LocalDays(timeZone: zone, dayStartSeconds: try loadConfig().dayStartSeconds)
    }

    /// The IANA name to stamp on new sessions (``Zone/ianaIdentifier``); `nil` stamps none, and the
    /// session is then dated in the zone of whoever reads it.
    var timeZoneIdentifier: String? { zone.ianaIdentifier }

    /// Whether stdout may carry colour: a terminal, no `NO_COLOR`, config `color` not `never` (`always` forces it).
    var colorEnabled: Bool {
        let setting = (try? loadConfig().color) ?? "auto"
        if setting == "never" { return false }
        if setting == "always" { return true }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return out.isTerminal && environment["TERM"] != "dumb"
    }

    /// Terminal columns, from the terminal itself, else `COLUMNS`, else 80.
    var columns: Int {
        var size = winsize()
        if out.isTerminal, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let c = environment["COLUMNS"].flatMap(Int.init), c > 0 { return c }
        return 80
    }

    /// Unreadable lines reported one by one; beyond that, one line counts the rest.
    static let reportedIssues = 3

    /// Loads the journal and reports unreadable lines once on stderr (a file of garbage gets a few lines, not thousands).
    ///
    /// `quiet` reads without reporting, for shell completion, where a warning
    /// would land in the middle of the user's command line.
    func loadJournal(quiet: Bool = false) throws(FocusError) {
        try store.load()
        if !quiet { reportIssues() }
    }

    /// Reports the unreadable lines the last load found, once per run, on stderr.
    func reportIssues() {
        if issuesReported { return }
        for issue in store.issues.prefix(Self.reportedIssues) { err.line("focus: skipped \(issue)") }
        let more = store.issues.count - Self.reportedIssues
        if more > 0 {
            err.line(
                "focus: skipped \(more) more unreadable line\(more == 1 ? "" : "s"); 'focus doctor' lists every one")
        }
        issuesReported = true
    }

    /// Loads the journal and brings the expedition up to date; returns the events of the sessions applied now, by session id.
    @discardableResult
    func loadExpedition() throws(FocusError) -> [String: [ExpeditionEvent]] {
        try loadJournal()
        return try store.loadExpedition(days: try localDays())
    }

    /// Records a session whose timer died and tells the user, once.
    ///
    /// When it cannot be recorded (disk full, read-only journal) the state
    /// file stays for the next command to retry, and this command goes on
    /// after a warning: a full disk must not stop `focus status` or `doctor`.
    func recoverCrashedSession() {
        let found: AppStore.Recovery?
        do throws(FocusError) { found = try store.recoverInterruptedSession() } catch {
            let retry = error.kind == .data ? "" : "; the next focus command tries again"
            err.line("focus: a session that ended without its timer is not recorded (\(error.message))\(retry).")
            return
        }
        guard let recovery = found else { return }
        let started = LocalTime.dateTime(recovery.state.startedAt, in: timeZone)
        if let log = recovery.recorded {
            err.line(
                "focus: the session started \(started) ended without its timer; recorded \(LocalTime.duration(log.focused)) of focus as \(log.completed ? "completed" : "interrupted")."
            )
        } else if recovery.state.phase.isFocus {
            err.line(
                "focus: the session started \(started) ended without its timer; under a minute of focus, nothing recorded."
            )
        } else {
            err.line(
                "focus: the \(recovery.state.phase.title.lowercased()) started \(started) ended without its timer; breaks are not recorded."
            )
        }
        // The phase was stopped, if not by the user: `on-stop` runs as it would have (waited for, within its time limit).
        guard let hook = Hook.ended(recovery.state, stopped: true, recorded: recovery.recorded) else { return }
        let hooks = HookRunner(directory: paths.hooksDirectory, environment: environment, discardOutput: false)
        if let problem = hooks.start(hook) { err.line(problem) }
        for line in hooks.finish() { err.line(line) }
    }
}
