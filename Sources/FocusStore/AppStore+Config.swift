import FocusModels
import FocusSound
import FoundationEssentials

extension AppStore {
    /// The settings in `config.json`, or the defaults when there is none.
    ///
    /// A file that is not valid JSON is an error naming the file; a value of the wrong type or out of range is
    /// one naming the file, the key, what it accepts and the `focus config` command that repairs it.
    public func loadConfig() throws(FocusError) -> FocusConfig {
        // The defaults are valid (`FocusConfigTests`): without a file there is nothing to check.
        guard let config = try readConfigFile() else { return FocusConfig() }
        if let problem = config.validate() { throw configError(problem) }
        return config
    }

    /// What a change to the settings did: the settings now, and the keys that held a value of the wrong type
    /// and went back to their defaults, since such a value cannot be written back (each with what it held).
    public struct ConfigChange: Equatable, Sendable {
        public let config: FocusConfig
        public let reset: [FocusConfig.Problem]
    }

    /// `focus config set KEY VALUE`: checks `text` by the key's rules, and for `sound` a name that may be
    /// played now (an unknown one gets the closest name, a locked one the city that unlocks it), judged
    /// against ``expedition`` as last loaded; then replaces `config.json` (see ``updateConfig(_:)``).
    @discardableResult
    public func setConfig(_ key: FocusConfig.Key, to text: String) throws(FocusError) -> ConfigChange {
        if key == .sound {
            _ = try SoundCatalog(definitions: expeditionDefinitions).unlockedEntry(named: text, in: expedition)
        }
        return try updateConfig { (config) throws(FocusError) in try key.set(text, in: &config) }
    }

    /// `focus config unset KEY`: the key back to its default (see ``updateConfig(_:)``).
    @discardableResult
    public func unsetConfig(_ key: FocusConfig.Key) throws(FocusError) -> ConfigChange {
        try updateConfig { config in key.unset(in: &config) }
    }

    /// Applies `change` to the settings and replaces `config.json` atomically; when `change` throws, nothing is
    /// written and its error is passed on.
    ///
    /// The file is read without validation, so any one key can be repaired while others are still wrong: a value
    /// out of range elsewhere is written back as it was (and still reported by the next command), a value of the
    /// wrong type elsewhere goes back to its default and is listed in ``ConfigChange/reset``. A file that is not
    /// valid JSON is left alone and is an error. A change that leaves a problem the file did not have writes nothing.
    private func updateConfig(_ change: (inout FocusConfig) throws(FocusError) -> Void) throws(FocusError)
        -> ConfigChange
    {
        // Read, changed and written under the change lock: two racing `config set` of two keys keep both.
        try changing(in: paths.configDirectory) { () throws(FocusError) -> ConfigChange in
            let before = try readConfig()
            var config = before
            try change(&config)
            let known = Set(FocusConfig.Key.allCases.compactMap { $0.problem(in: before)?.message })
            if let problem = FocusConfig.Key.allCases.lazy.compactMap({ $0.problem(in: config) })
                .first(where: { !known.contains($0.message) })
            {
                throw configError(problem)
            }
            let reset = FocusConfig.Key.allCases.compactMap { key in
                config.wrongTypes[key] != nil ? key.problem(in: config) : nil
            }
            config.wrongTypes = [:]
            let bytes = try Self.fileBytes(config, pretty: true, what: "the settings")
            try FileIO.makeDirectories(paths.configDirectory)
            try FileIO.replace(paths.configFile, with: bytes)
            return ConfigChange(config: config, reset: reset)
        }
    }

    private func configError(_ problem: FocusConfig.Problem) -> FocusError {
        FocusError(.data, "\(paths.configFile): \(problem.line)")
    }

    /// The `language` setting alone, read leniently so that messages about the rest of a broken file are in
    /// the user's language: `nil` when there is no file, it is not a JSON object, or `language` is missing or
    /// not one of ``Language/settings``.
    public func configuredLanguage() -> String? {
        struct LanguageOnly: Decodable { let language: String? }
        guard let bytes = try? FileIO.read(paths.configFile),
            let language = (try? JSONDecoder().decode(LanguageOnly.self, from: Data(bytes)))?.language
        else { return nil }
        return Language.settings.contains(language) ? language : nil
    }

    private func readConfig() throws(FocusError) -> FocusConfig { try readConfigFile() ?? FocusConfig() }

    /// The settings in the file, `nil` when there is none.
    private func readConfigFile() throws(FocusError) -> FocusConfig? {
        guard let bytes = try FileIO.read(paths.configFile, following: true) else { return nil }
        do {
            return try JSONDecoder().decode(FocusConfig.self, from: Data(bytes))
        } catch {
            // A number no setting can hold (1e300, 2^63) is named like any value out of range.
            if let key = JSONNumberProbe.firstNonInteger(in: bytes) {
                throw FocusError(.data, "\(paths.configFile): \(key) is not a whole number focus can use")
            }
            throw FocusError(.data, "\(paths.configFile) is not valid JSON")
        }
    }
}
