import FoundationEssentials

/// The user's settings, `config.json` in the config folder.
///
/// Every key is optional in the file; a missing key takes its default.
/// `focus config` (a later issue) edits the file; the timer, stats and views
/// read it through ``AppStore/loadConfig()``.
public struct FocusConfig: Equatable, Sendable, Codable {
    public var defaultMinutes: Int = 25
    public var breakMinutes: Int = 5
    public var longBreakMinutes: Int = 15
    public var cycles: Int = 1
    public var dailyGoalMinutes: Int = 100
    /// `HH:MM` at which a day begins, for night owls.
    public var dayStart: String = "00:00"
    public var sound: String?
    public var notify: Bool = true
    public var bell: Bool = true
    /// `auto`, `always` or `never`.
    public var color: String = "auto"

    public init() {}

    enum CodingKeys: String, CodingKey, CaseIterable {
        case defaultMinutes = "default-minutes", breakMinutes = "break-minutes", longBreakMinutes = "long-break-minutes"
        case cycles, dailyGoalMinutes = "daily-goal-minutes", dayStart = "day-start", sound, notify, bell, color
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = FocusConfig()
        defaultMinutes = try c.decodeIfPresent(Int.self, forKey: .defaultMinutes) ?? d.defaultMinutes
        breakMinutes = try c.decodeIfPresent(Int.self, forKey: .breakMinutes) ?? d.breakMinutes
        longBreakMinutes = try c.decodeIfPresent(Int.self, forKey: .longBreakMinutes) ?? d.longBreakMinutes
        cycles = try c.decodeIfPresent(Int.self, forKey: .cycles) ?? d.cycles
        dailyGoalMinutes = try c.decodeIfPresent(Int.self, forKey: .dailyGoalMinutes) ?? d.dailyGoalMinutes
        dayStart = try c.decodeIfPresent(String.self, forKey: .dayStart) ?? d.dayStart
        sound = try c.decodeIfPresent(String.self, forKey: .sound)
        notify = try c.decodeIfPresent(Bool.self, forKey: .notify) ?? d.notify
        bell = try c.decodeIfPresent(Bool.self, forKey: .bell) ?? d.bell
        color = try c.decodeIfPresent(String.self, forKey: .color) ?? d.color
    }

    /// `day-start` as seconds after midnight, or `nil` when it is not `HH:MM`.
    public static func dayStartSeconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isNumber) }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        return h * 3600 + m * 60
    }

    /// ``dayStart`` in seconds; midnight when invalid (``validate()`` reports that).
    public var dayStartSeconds: Int { Self.dayStartSeconds(dayStart) ?? 0 }

    /// The first problem with a value, naming the key and what it accepts.
    public func validate() -> String? {
        func range(_ key: CodingKeys, _ value: Int, _ r: ClosedRange<Int>) -> String? {
            r.contains(value) ? nil : "\(key.rawValue) must be a whole number from \(r.lowerBound) to \(r.upperBound), not \(value)"
        }
        if let e = range(.defaultMinutes, defaultMinutes, 1...1440) { return e }
        if let e = range(.breakMinutes, breakMinutes, 1...1440) { return e }
        if let e = range(.longBreakMinutes, longBreakMinutes, 1...1440) { return e }
        if let e = range(.cycles, cycles, 1...99) { return e }
        if let e = range(.dailyGoalMinutes, dailyGoalMinutes, 1...1440) { return e }
        if Self.dayStartSeconds(dayStart) == nil { return "day-start must be a time HH:MM such as 04:00, not '\(dayStart)'" }
        if !["auto", "always", "never"].contains(color) { return "color must be auto, always or never, not '\(color)'" }
        return nil
    }
}
