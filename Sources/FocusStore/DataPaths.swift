import FocusModels

/// Where focus keeps its files.
///
/// Data: `$FOCUS_HOME`, else `$XDG_DATA_HOME/focus`, else `~/.local/share/focus`.
/// Config: `$FOCUS_HOME` when set (one variable isolates everything), else
/// `$XDG_CONFIG_HOME/focus`, else `~/.config/focus`.
public struct DataPaths: Equatable, Sendable {
    /// Folder for the journal and the small state files.
    public let dataDirectory: String
    /// Folder for `config.json`, `expeditions.json` and `hooks/`.
    public let configDirectory: String

    public init(dataDirectory: String, configDirectory: String) {
        self.dataDirectory = dataDirectory
        self.configDirectory = configDirectory
    }

    /// Resolves the folders from environment variables and the home folder.
    public init(environment: [String: String], home: String) {
        if let focusHome = environment["FOCUS_HOME"], !focusHome.isEmpty {
            self.init(dataDirectory: focusHome, configDirectory: focusHome)
            return
        }
        func xdg(_ key: String, _ fallback: String) -> String {
            if let value = environment[key], value.hasPrefix("/") { return value + "/focus" }
            return home + "/" + fallback + "/focus"
        }
        self.init(
            dataDirectory: xdg("XDG_DATA_HOME", ".local/share"), configDirectory: xdg("XDG_CONFIG_HOME", ".config"))
    }

    /// Refuses a `FOCUS_HOME` that is a file, or lies under one: the user named a folder that cannot be one.
    ///
    /// A missing folder is fine (it reads as empty and is created when something is written).
    public static func checkFocusHome(_ environment: [String: String]) throws(FocusError) {
        guard let home = environment["FOCUS_HOME"], !home.isEmpty else { return }
        var path = home.hasPrefix("/") ? "" : "."
        for component in home.split(separator: "/") {
            path += "/" + component
            switch FileIO.kind(path) {
            case .missing: return
            case .folder: continue
            case .other:
                let what =
                    FileIO.kind(home) == .other ? "is a file, not a folder" : "cannot be a folder: \(path) is a file"
                throw FocusError(.config, "FOCUS_HOME=\(home) \(what); point it at a folder")
            }
        }
    }

    /// Every `*.jsonl` file in here is part of the journal.
    public var journalDirectory: String { dataDirectory + "/journal" }
    /// The journal file this machine appends to.
    public var journalFile: String { journalDirectory + "/focus.jsonl" }
    /// The running session's state, replaced atomically.
    public var runningStateFile: String { dataDirectory + "/running.json" }
    /// Held with `flock` by the process that runs a session.
    public var sessionLockFile: String { dataDirectory + "/running.lock" }
    /// The user's settings.
    public var configFile: String { configDirectory + "/config.json" }
    /// The user's expedition definitions; when present they replace the built-in ones.
    public var expeditionsFile: String { configDirectory + "/expeditions.json" }
    /// Executables run when a phase starts or ends, named after ``Hook/Event/fileName``.
    public var hooksDirectory: String { configDirectory + "/hooks" }
    /// The expedition checkpoint: the fold of the journal so far, replaced atomically.
    public var expeditionCheckpointFile: String { dataDirectory + "/expedition.json" }
    /// The derived day summaries `focus stats` reads (see ``AppStore/loadStatsInput(range:today:days:)``).
    public var statsCacheFile: String { dataDirectory + "/stats-cache.bin" }
}
