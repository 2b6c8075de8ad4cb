import FocusModels

/// Where focus keeps its files.
///
/// Three kinds of files, kept apart so that syncing the journal never syncs what belongs to one machine:
///
/// | what | where |
/// |---|---|
/// | the journal, the only thing meant to be synced | `$XDG_DATA_HOME/focus/journal/` (`~/.local/share/focus/journal/`)
/// |
/// | machine-local state: the device id, the running session and its lock | `$XDG_STATE_HOME/focus/`
/// (`~/.local/state/focus/`) |
/// | derived files, safe to delete: the stats cache, the expedition checkpoint | `$XDG_CACHE_HOME/focus/`
/// (`~/.cache/focus/`) |
/// | settings, routes and hooks | `$XDG_CONFIG_HOME/focus/` (`~/.config/focus/`) |
///
/// `$FOCUS_HOME`, when set, holds all of them: the journal at `$FOCUS_HOME/journal/` (as in earlier versions),
/// state at `$FOCUS_HOME/state/`, derived files at `$FOCUS_HOME/state/cache/`, settings at `$FOCUS_HOME/`.
public struct DataPaths: Equatable, Sendable {
    /// The folder that holds the journal folder: what a user syncs between machines.
    public let dataDirectory: String
    /// Machine-local state: never synced.
    public let stateDirectory: String
    /// Derived files: rebuilt from the journal whenever they are missing.
    public let cacheDirectory: String
    /// Folder for `config.json`, `expeditions.json` and `hooks/`.
    public let configDirectory: String

    public init(dataDirectory: String, stateDirectory: String, cacheDirectory: String, configDirectory: String) {
        self.dataDirectory = dataDirectory
        self.stateDirectory = stateDirectory
        self.cacheDirectory = cacheDirectory
        self.configDirectory = configDirectory
    }

    /// The layout of a `FOCUS_HOME`: state in `state/`, derived files in `state/cache/` below `dataDirectory`.
    public init(dataDirectory: String, configDirectory: String) {
        self.init(
            dataDirectory: dataDirectory, stateDirectory: dataDirectory + "/state",
            cacheDirectory: dataDirectory + "/state/cache", configDirectory: configDirectory)
    }

    /// Resolves the folders from environment variables and the home folder.
    public init(environment: Environment, home: String) {
        if let focusHome = environment["FOCUS_HOME"], !focusHome.isEmpty {
            self.init(dataDirectory: focusHome, configDirectory: focusHome)
            return
        }
        func xdg(_ key: String, _ fallback: String) -> String {
            if let value = environment[key], value.hasPrefix("/") { return value + "/focus" }
            return home + "/" + fallback + "/focus"
        }
        self.init(
            dataDirectory: xdg("XDG_DATA_HOME", ".local/share"), stateDirectory: xdg("XDG_STATE_HOME", ".local/state"),
            cacheDirectory: xdg("XDG_CACHE_HOME", ".cache"), configDirectory: xdg("XDG_CONFIG_HOME", ".config"))
    }

    /// Refuses a `FOCUS_HOME` that is a file, or lies under one: the user named a folder that cannot be one.
    ///
    /// A missing folder is fine (it reads as empty and is created when something is written).
    public static func checkFocusHome(_ environment: Environment) throws(FocusError) {
        guard let home = environment["FOCUS_HOME"], !home.isEmpty else { return }
        // A folder (most runs): every path above it is one too, or the system could not have reached it.
        if FileIO.kind(home) == .folder { return }
        var path = home.hasPrefix("/") ? "" : "."
        for component in home.split(separator: "/") {
            path += "/" + String(component)
            switch FileIO.kind(path) {
            case .missing: return
            case .folder: continue
            case .other:
                guard FileIO.kind(home) == .other else {
                    throw FocusError(
                        .config, "FOCUS_HOME=\(home) cannot be a folder: \(path) is a file; point it at a folder")
                }
                throw FocusError(.config, "FOCUS_HOME=\(home) is a file, not a folder; point it at a folder")
            }
        }
    }

    /// Refuses (exit 73) a folder focus keeps files in that someone else could change: one that belongs to another
    /// user or that its group or others may write to, or one under such a folder (see ``FolderSafety``).
    ///
    /// Folders that do not exist yet are judged by where they would be created. Every command that reads or writes
    /// data calls this first, so nothing is read from (hooks, settings) or written to a place another user controls.
    public func checkSafety(focusHome: Bool) throws(FocusError) {
        let folders: [(String, Message)] = [
            (dataDirectory, focusHome ? "FOCUS_HOME" : "the data folder"), (journalDirectory, "the journal folder"),
            (stateDirectory, "the state folder"), (cacheDirectory, "the cache folder"),
            (configDirectory, focusHome ? "FOCUS_HOME" : "the config folder"),
        ]
        // Lists, not sets (``FolderSafety/problem(folder:skipping:)``): five folders, a dozen above them.
        var seen: [String] = []
        var checked: [String] = []
        for (folder, what) in folders where !seen.contains(folder) {
            seen.append(folder)
            if let problem = FolderSafety.problem(folder: folder, skipping: &checked) {
                throw FocusError(
                    .cantCreate,
                    """
                    refusing to use \(what) \(folder): \(problem); focus keeps its files only where nobody else \
                    can change them
                    """)
            }
        }
    }

    /// Every `*.jsonl` file in here is part of the journal (see ``JournalFiles``).
    public var journalDirectory: String { dataDirectory + "/journal" }
    /// The journal file `device` appends to.
    public func journalFile(of device: Device) -> String { journalDirectory + "/" + device.journalFileName }
    /// The marker `device` publishes in the synced folder while it runs a session.
    public func runningMarkerFile(of device: Device) -> String {
        journalDirectory + "/" + device.name + "-" + device.id + RunningMarker.fileSuffix
    }
    /// This machine's device id and name, generated once.
    public var deviceFile: String { stateDirectory + "/device.json" }
    /// The running session's state, replaced atomically.
    public var runningStateFile: String { stateDirectory + "/running.json" }
    /// Held with `flock` by the process that runs a session.
    public var sessionLockFile: String { stateDirectory + "/running.lock" }
    /// Held with `flock` by a command from reading what it changes to writing the change (`undo`, `log edit`,
    /// `log delete`, `import`, `config set`), so two of them never decide on the same state: the state folder
    /// itself, so the lock leaves no file behind.
    public var changeLock: String { stateDirectory }
    /// The user's settings.
    public var configFile: String { configDirectory + "/config.json" }
    /// The user's expedition definitions; when present they replace the built-in ones.
    public var expeditionsFile: String { configDirectory + "/expeditions.json" }
    /// Executables run when a phase starts or ends, named after ``Hook/Event/fileName``.
    public var hooksDirectory: String { configDirectory + "/hooks" }
    /// The expedition checkpoint: the fold of the journal so far, replaced atomically.
    public var expeditionCheckpointFile: String { cacheDirectory + "/expedition.json" }
    /// The derived day summaries `focus stats` reads (see ``AppStore/statsInput(range:tag:today:days:)``).
    public var statsCacheFile: String { cacheDirectory + "/stats-cache.bin" }
    /// Where each session's and change record's line is, for the commands that change one (``SessionIndex``).
    public var sessionIndexFile: String { cacheDirectory + "/session-index.bin" }
    /// The appends focus made to journal files itself (``OwnAppends``).
    public var ownAppendsFile: String { cacheDirectory + "/appends.bin" }

    /// Where focus before per-device journals wrote everything; read, taken over and tidied, never written.
    public struct Legacy: Equatable, Sendable {
        /// The one journal file every machine appended to: still read, never written again.
        public let journalFile: String
        /// A session that ran (or crashed) under the old layout: recovered once, then removed.
        public let runningStateFile: String
        public let sessionLockFile: String
        /// Derived files in the synced folder: removed by the next command that writes.
        public let derivedFiles: [String]
    }

    /// The files of the layout before per-device journals, all in the data folder.
    public var legacy: Legacy {
        Legacy(
            journalFile: journalDirectory + "/focus.jsonl", runningStateFile: dataDirectory + "/running.json",
            sessionLockFile: dataDirectory + "/running.lock",
            derivedFiles: [dataDirectory + "/expedition.json", dataDirectory + "/stats-cache.bin"])
    }
}
