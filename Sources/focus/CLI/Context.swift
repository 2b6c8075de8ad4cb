import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The live environment of one `focus` invocation.
///
/// The only place that reads the real clock, the process environment and the
/// system time zone; everything below it takes `now` and the zone as values.
final class Context {
    let environment: Environment
    let paths: DataPaths
    let store: AppStore
    /// Stdout, in colour when ``colorEnabled``: every view and report goes through it.
    lazy var out = TerminalWriter(output: .standard, renderer: TerminalRenderer(color: colorEnabled))
    /// Stderr, never in colour.
    let err = TerminalWriter.standardError
    /// The reader's zone: `TZ` read exactly as the C library reads it (``ZoneSetting``), without ICU; a
    /// value the C library reads only by falling back is said once on stderr, when the zone is first needed.
    ///
    /// Lazy: `focus status` when idle needs no zone.
    lazy var zone: Zone = {
        let setting = ZoneSetting.resolve(environment["TZ"], files: ZoneFiles(environment: environment))
        if let warning = setting.warning, !quiet { err.line(warning) }
        return setting.zone
    }()
    /// Set by a command that prints only its output, from a shell prompt or completion
    /// (`status --format`): no warnings, and no crash recovery.
    var quiet = false
    private var issuesReported = false
    private var recoveryTried = false
    private let pinnedNow: Date?
    private let startedActive: Double

    init(environment: Environment) throws(FocusError) {
        self.environment = environment
        let home = environment["HOME"] ?? "/"
        try DataPaths.checkFocusHome(environment)
        paths = DataPaths(environment: environment, home: home)
        try paths.checkSafety(focusHome: !(environment["FOCUS_HOME"] ?? "").isEmpty)
        store = AppStore(paths: paths, hostName: environment["FOCUS_DEVICE_NAME"] ?? Self.hostName())
        startedActive = LiveClock.monotonic()
        // A write past `ulimit -f` then fails with EFBIG and its one-line error, instead of killing focus.
        signal(SIGXFSZ, SIG_IGN)
        if let pinned = environment["FOCUS_NOW"], !pinned.isEmpty {
            guard let date = UTCTimestamp.parse(pinned) else {
                throw FocusError(.config, "FOCUS_NOW='\(pinned)' is not an RFC 3339 instant like 2026-11-29T18:00:00Z")
            }
            pinnedNow = date
        } else {
            pinnedNow = nil
        }
    }

    /// The language to speak: the config's `language` when it is `en` or `zh-Hans`, else the locale of
    /// `LC_ALL`, `LC_MESSAGES` or `LANG` (``Language/resolve(setting:environment:)``). A config file that
    /// cannot be read, or has no valid `language`, leaves the choice to the environment.
    static func language(_ environment: Environment) -> Language {
        let paths = DataPaths(environment: environment, home: environment["HOME"] ?? "/")
        return Language.resolve(setting: AppStore(paths: paths).configuredLanguage(), environment: environment)
    }

    /// The machine's host name, which names its journal file the first time it writes one.
    private static func hostName() -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let status = buffer.withUnsafeMutableBufferPointer { gethostname($0.baseAddress!, $0.count - 1) }
        guard status == 0 else { return "localhost" }
        return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
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
    lazy var config: ConfigLoad = {
        do throws(FocusError) { return .success(try store.loadConfig()) } catch { return .failure(error) }
    }()

    /// The settings or why they could not be read: a `Result` of its own, as the standard one's type is made at run
    /// time, at the price of a search through every conformance in the binary.
    enum ConfigLoad {
        case success(FocusConfig)
        case failure(FocusError)

        func get() throws(FocusError) -> FocusConfig {
            switch self {
            case .success(let config): config
            case .failure(let error): throw error
            }
        }
    }

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
        return Output.standard.isTerminal && environment["TERM"] != "dumb"
    }

    /// Terminal columns (``TerminalWriter/columns(environment:)``), read again at each call: the live frame
    /// follows a resize.
    var columns: Int { out.columns(environment: environment) }

    /// The width rows of a table are cut to and reports are wrapped to: the terminal's, or none when stdout is
    /// a pipe or a file, where each line is kept whole (for grep, and paths that can be copied).
    var lineWidth: Int? { out.isTerminal ? columns : nil }

    /// Unreadable lines reported one by one; beyond that, one line counts the rest.
    static let reportedIssues = 3

    /// Loads the journal and reports unreadable lines once on stderr (a file of garbage gets a few lines, not
    /// thousands).
    ///
    /// A session whose timer died is recorded first (``recoverCrashedSession()``). `quiet` reads
    /// without either, for shell completion, where a line would land in the user's command line.
    func loadJournal(quiet: Bool = false) throws(FocusError) {
        if !quiet { recoverCrashedSession() }
        try store.load()
        if !quiet { reportIssues() }
    }

    /// Loads the journal and runs `body` under the store's change lock (``AppStore/changing(_:)``): for a command
    /// that decides what to write from what it read (`undo`, `log edit`, `log delete`, `import`).
    ///
    /// A dead timer's session is recorded first, outside the lock: its `on-stop` hook may run focus itself.
    func changingJournal<T>(_ body: () throws(FocusError) -> T) throws(FocusError) -> T {
        recoverCrashedSession()
        return try store.changing { () throws(FocusError) -> T in
            try loadJournal()
            return try body()
        }
    }

    /// Runs `decide` with the history's answers (``SessionLookup``): the session index's when it can give them, else
    /// the loaded journal's (``loadJournal(quiet:)``), for a command that changes one session. `decide` asks every
    /// question before it prints or writes anything: when the index cannot tell, it runs again on the loaded journal.
    func deciding<T>(_ decide: (SessionLookup) throws(FocusError) -> T) throws(FocusError) -> T {
        recoverCrashedSession()
        if let lookup = store.indexedLookup() {
            do throws(FocusError) { return try decide(lookup) } catch {
                guard error == SessionLookup.cannotTell else { throw error }
            }
        }
        try loadJournal()
        return try decide(store.loadedLookup)
    }

    /// ``deciding(_:)`` under the store's change lock, as ``changingJournal(_:)``: what `body` decides from is read
    /// under the lock.
    func changingHistory<T>(_ body: (SessionLookup) throws(FocusError) -> T) throws(FocusError) -> T {
        recoverCrashedSession()
        return try store.changing { () throws(FocusError) -> T in try deciding(body) }
    }

    /// Reports the unreadable lines the last load found, once per run, on stderr.
    func reportIssues() {
        if issuesReported { return }
        for issue in store.issues.prefix(Self.reportedIssues) { err.line("focus: skipped \(issue.message)") }
        let more = store.issues.count - Self.reportedIssues
        if more == 1 {
            err.line("focus: skipped 1 more unreadable line; 'focus doctor' lists every one")
        } else if more > 1 {
            err.line("focus: skipped \(more) more unreadable lines; 'focus doctor' lists every one")
        }
        issuesReported = true
    }

    /// Loads the journal and brings the expedition up to date; returns the events of the sessions applied now, by
    /// session id.
    @discardableResult
    func loadExpedition() throws(FocusError) -> [String: [ExpeditionEvent]] {
        try loadJournal()
        return try store.loadExpedition(days: try localDays())
    }

    /// Brings the expedition up to date like ``loadExpedition()``, from the derived files when they match the journal
    /// (``AppStore/loadDerivedExpedition(days:)``), for a command that shows nothing but the expedition: the history
    /// is read only when they cannot tell.
    @discardableResult
    func loadExpeditionOnly() throws(FocusError) -> [String: [ExpeditionEvent]] {
        recoverCrashedSession()
        if let events = try store.loadDerivedExpedition(days: try localDays()) { return events }
        return try loadExpedition()
    }

    /// Records a session whose timer died (``AppStore/recover()``) and tells the user, once per run.
    ///
    /// Every command that reads the history or the session calls it first (through
    /// ``loadJournal(quiet:)``, or directly); completion, `status --format`, `--version` and
    /// help never do, so they never block, print or run a hook. When the session cannot be
    /// recorded (disk full, read-only journal) the state file stays for the next command to
    /// retry, and this command goes on after a warning: a full disk must not stop `status` or `doctor`.
    func recoverCrashedSession() {
        guard !quiet, !recoveryTried else { return }
        recoveryTried = true
        do throws(FocusError) { report(try store.recover()) } catch { err.line(RecoveryView.retry(error)) }
    }

    /// Says what became of a dead timer's session and runs its `on-stop` hook (waited for, within its time limit).
    func report(_ recovery: AppStore.Recovery?) {
        recoveryTried = true
        guard let recovery else { return }
        if let line = RecoveryView.line(recovery, in: zone) { err.line(line) }
        guard let hook = recovery.hook else { return }
        let hooks = HookRunner(store: store, environment: environment, discardOutput: false)
        if let problem = hooks.start(hook) { err.line(problem) }
        for line in hooks.finish() { err.line(line) }
    }
}
