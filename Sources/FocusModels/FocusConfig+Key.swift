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
        case sound, notify, bell, color

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
            case .dayStart, .weekStart, .sound, .notify, .bell, .color: nil
            }
        }

        /// What the key accepts, for error messages and help: "a whole number from 1 to 99".
        public var accepted: String {
            switch self {
            case .defaultMinutes, .breakMinutes, .longBreakMinutes, .cycles, .dailyGoalMinutes:
                let range = range ?? 0...0
                return "a whole number from \(range.lowerBound) to \(range.upperBound)"
            case .dayStart: return "a time HH:MM such as 04:00"
            case .weekStart: return "a day of the week such as monday or sunday"
            case .sound: return "a sound name of 1 to \(Self.maximumSoundLength) characters"
            case .notify, .bell: return "true or false (or on/off, yes/no)"
            case .color: return Self.colorModes.dropLast().joined(separator: ", ") + " or " + Self.colorModes.last!
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
            }
        }

        /// Whether `config` holds this key's default value.
        public func isDefault(in config: FocusConfig) -> Bool { value(in: config) == value(in: FocusConfig()) }

        /// Why this key's value in `config` is not allowed, or `nil` when it is.
        public func problem(in config: FocusConfig) -> String? {
            guard let value = value(in: config) else { return nil }
            return isValid(value) ? nil : rejection(of: value)
        }

        /// Sets this key in `config` from the text the user typed.
        ///
        /// Throws a usage error naming the key and what it accepts; `config` is
        /// unchanged then.
        public func set(_ text: String, in config: inout FocusConfig) throws(FocusError) {
            guard isValid(text) else { throw FocusError(.usage, rejection(of: text)) }
            switch self {
            case .defaultMinutes: config.defaultMinutes = Int(text)!
            case .breakMinutes: config.breakMinutes = Int(text)!
            case .longBreakMinutes: config.longBreakMinutes = Int(text)!
            case .cycles: config.cycles = Int(text)!
            case .dailyGoalMinutes: config.dailyGoalMinutes = Int(text)!
            case .dayStart: config.dayStart = text
            case .weekStart: config.weekStart = Weekday(word: text)!.name
            case .sound: config.sound = text
            case .notify: config.notify = Self.boolean(text)!
            case .bell: config.bell = Self.boolean(text)!
            case .color: config.color = text
            }
        }

        /// Puts this key in `config` back to its default.
        public func unset(in config: inout FocusConfig) {
            let defaults = FocusConfig()
            if let value = value(in: defaults) { try? set(value, in: &config) } else { config.sound = nil }
        }

        private func isValid(_ text: String) -> Bool {
            switch self {
            case .defaultMinutes, .breakMinutes, .longBreakMinutes, .cycles, .dailyGoalMinutes:
                return Int(text).map { range?.contains($0) ?? false } ?? false
            case .dayStart: return FocusConfig.dayStartSeconds(text) != nil
            case .weekStart: return Weekday(word: text) != nil
            case .sound:
                return (1...Self.maximumSoundLength).contains(text.count)
                    && !text.unicodeScalars.contains { $0.properties.generalCategory == .control }
            case .notify, .bell: return Self.boolean(text) != nil
            case .color: return Self.colorModes.contains(text)
            }
        }

        private func rejection(of text: String) -> String { "\(rawValue) must be \(accepted), not '\(text)'" }

        private static func boolean(_ text: String) -> Bool? {
            booleanWords.first { $0.0 == text.lowercased() }?.1
        }
    }
}
