extension FocusConfig {
    /// One setting: its name in `config.json` and on the command line, what it
    /// accepts, and how to read, set, check and reset it.
    public enum Key: String, CodingKey, CaseIterable, Sendable {
        case defaultMinutes = "default-minutes"
        case breakMinutes = "break-minutes"
        case longBreakMinutes = "long-break-minutes"
        case cycles
        case dailyGoalMinutes = "daily-goal-minutes"
        case dayStart = "day-start"
        case weekStart = "week-start"
        case sound, notify, bell, color, language

        /// The accepted values of `color`.
        public static let colorModes = ["auto", "always", "never"]
        /// The words `notify` and `bell` accept, each mapped to its value.
        public static let booleanWords: [(String, Bool)] = [
            ("true", true), ("false", false), ("on", true), ("off", false), ("yes", true), ("no", false),
        ]
        /// The longest `sound` name.
        public static let maximumSoundLength = 64

        /// The allowed whole numbers, for the numeric keys.
        public var range: ClosedRange<Int>? {
            switch self {
            case .defaultMinutes, .breakMinutes, .longBreakMinutes, .dailyGoalMinutes: 1...1440
            case .cycles: 1...99
            case .dayStart, .weekStart, .sound, .notify, .bell, .color, .language: nil
            }
        }

        /// What the key accepts, for error messages and help: "a whole number from 1 to 99".
        public var accepted: Message {
            switch self {
            case .defaultMinutes, .breakMinutes, .longBreakMinutes, .dailyGoalMinutes:
                let range = range ?? 0...0
                return "whole minutes from \(range.lowerBound) to \(range.upperBound) (25, 25m, 1h30m)"
            case .cycles:
                let range = range ?? 0...0
                return "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .dayStart: return "a time HH:MM such as 04:00"
            case .weekStart: return "a day of the week such as monday or sunday"
            case .sound: return "an unlocked sound (see `focus sound list`)"
            case .notify, .bell: return "true or false (or on/off, yes/no)"
            case .color: return .choice(Self.colorModes)
            case .language: return "auto (from the locale), en or zh-Hans"
            }
        }

        /// The value in `config` as `focus config get` prints it; `nil` when unset (`sound`).
        public func value(in config: FocusConfig) -> String? {
            switch self {
            case .defaultMinutes: "\(config.defaultMinutes)"
            case .breakMinutes: "\(config.breakMinutes)"
            case .longBreakMinutes: "\(config.longBreakMinutes)"
            case .cycles: "\(config.cycles)"
            case .dailyGoalMinutes: "\(config.dailyGoalMinutes)"
            case .dayStart: config.dayStart
            case .weekStart: config.weekStart
            case .sound: config.sound
            case .notify: "\(config.notify)"
            case .bell: "\(config.bell)"
            case .color: config.color
            case .language: config.language
            }
        }

        /// Whether `config` holds this key's default value.
        public func isDefault(in config: FocusConfig) -> Bool { value(in: config) == value(in: FocusConfig()) }

        /// Why this key's value in `config` is not allowed, or `nil` when it is: a value of the wrong type in
        /// the file or one out of range, with the command that repairs it.
        public func problem(in config: FocusConfig) -> Problem? {
            if let found = config.wrongTypes[self] {
                return Problem(
                    key: self, message: "\(rawValue) must be \(accepted), not \(found.words)", repair: repair(found))
            }
            guard let value = value(in: config), parse(value) == nil else { return nil }
            return Problem(key: self, message: rejection(of: value), repair: repair(nil))
        }

        /// `config set KEY VALUE` with the text the file holds when that text is a good value (`"25"` for a
        /// number), else the default; `config unset KEY` for a key without one.
        private func repair(_ found: Found?) -> String {
            if case .text(let text) = found, !text.isEmpty {
                var probe = FocusConfig()
                if (try? set(text, in: &probe)) != nil, let value = value(in: probe) {
                    return "focus config set \(rawValue) \(value)"
                }
            }
            guard let value = value(in: FocusConfig()) else { return "focus config unset \(rawValue)" }
            return "focus config set \(rawValue) \(value)"
        }

        /// Sets this key in `config` from the text the user typed.
        ///
        /// Throws a usage error naming the key and what it accepts; `config` is
        /// unchanged then.
        public func set(_ text: String, in config: inout FocusConfig) throws(FocusError) {
            guard let value = parse(text) else { throw FocusError(.usage, rejection(of: text)) }
            switch (self, value) {
            case (.defaultMinutes, .number(let n)): config.defaultMinutes = n
            case (.breakMinutes, .number(let n)): config.breakMinutes = n
            case (.longBreakMinutes, .number(let n)): config.longBreakMinutes = n
            case (.cycles, .number(let n)): config.cycles = n
            case (.dailyGoalMinutes, .number(let n)): config.dailyGoalMinutes = n
            case (.dayStart, .text(let t)): config.dayStart = t
            case (.weekStart, .text(let t)): config.weekStart = t
            case (.sound, .text(let t)): config.sound = t
            case (.notify, .flag(let f)): config.notify = f
            case (.bell, .flag(let f)): config.bell = f
            case (.color, .text(let t)): config.color = t
            case (.language, .text(let t)): config.language = t
            default: preconditionFailure("parse(_:) gives \(rawValue) a value of its own kind")
            }
            config.wrongTypes[self] = nil
        }

        /// Puts this key in `config` back to its default.
        public func unset(in config: inout FocusConfig) {
            let defaults = FocusConfig()
            if let value = value(in: defaults) { try? set(value, in: &config) } else { config.sound = nil }
            config.wrongTypes[self] = nil
        }

        /// A value this key may hold, in the form it is stored.
        private enum Value {
            case number(Int)
            case text(String)
            case flag(Bool)
        }

        /// The value `text` gives this key, or `nil` when the key does not accept it. Minute keys take what
        /// `focus start` takes (`25`, `25m`, `1h30m`) when it is whole minutes.
        private func parse(_ text: String) -> Value? {
            switch self {
            case .defaultMinutes, .breakMinutes, .longBreakMinutes, .dailyGoalMinutes:
                guard let seconds = DurationParser.total(text.trimmingWhitespace()), seconds % 60 == 0,
                    range?.contains(seconds / 60) == true
                else { return nil }
                return .number(seconds / 60)
            case .cycles:
                return Int(text).flatMap { range?.contains($0) == true ? .number($0) : nil }
            case .dayStart: return FocusConfig.dayStartSeconds(text) != nil ? .text(text) : nil
            case .weekStart: return Weekday(word: text).map { .text($0.name) }
            case .sound:
                let fits =
                    (1...Self.maximumSoundLength).contains(text.count)
                    && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
                return fits ? .text(text) : nil
            case .notify, .bell: return Self.boolean(text).map { .flag($0) }
            case .color: return Self.colorModes.contains(text) ? .text(text) : nil
            case .language: return Language.settings.contains(text) ? .text(text) : nil
            }
        }

        private func rejection(of text: String) -> Message { "\(rawValue) must be \(accepted), not '\(text)'" }

        private static func boolean(_ text: String) -> Bool? {
            booleanWords.first { $0.0 == text.lowercased() }?.1
        }
    }
}
