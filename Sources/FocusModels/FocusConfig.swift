import FoundationEssentials

/// The user's settings, `config.json` in the config folder.
///
/// Every key is optional in the file; a missing key takes its default, and
/// only values that differ from the defaults are written back. `focus config`
/// edits the file through ``AppStore/updateConfig(_:)``; the timer, stats and
/// views read it through ``AppStore/loadConfig()``. ``Key`` names each setting.
public struct FocusConfig: Equatable, Sendable, Codable {
    public var defaultMinutes: Int = 25
    public var breakMinutes: Int = 5
    public var longBreakMinutes: Int = 15
    public var cycles: Int = 1
    public var dailyGoalMinutes: Int = 100
    /// `HH:MM` at which a day begins, for night owls.
    public var dayStart: String = "00:00"
    /// The day a week begins on, for the `week` and `last-week` ranges: a ``Weekday/name`` once set.
    public var weekStart: String = Weekday.monday.name
    public var sound: String?
    public var notify: Bool = true
    public var bell: Bool = true
    /// `auto`, `always` or `never`.
    public var color: String = "auto"

    public init() {}

    typealias CodingKeys = Key

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = FocusConfig()
        defaultMinutes = try c.decodeIfPresent(Int.self, forKey: .defaultMinutes) ?? d.defaultMinutes
        breakMinutes = try c.decodeIfPresent(Int.self, forKey: .breakMinutes) ?? d.breakMinutes
        longBreakMinutes = try c.decodeIfPresent(Int.self, forKey: .longBreakMinutes) ?? d.longBreakMinutes
        cycles = try c.decodeIfPresent(Int.self, forKey: .cycles) ?? d.cycles
        dailyGoalMinutes = try c.decodeIfPresent(Int.self, forKey: .dailyGoalMinutes) ?? d.dailyGoalMinutes
        dayStart = try c.decodeIfPresent(String.self, forKey: .dayStart) ?? d.dayStart
        weekStart = try c.decodeIfPresent(String.self, forKey: .weekStart) ?? d.weekStart
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

    /// ``weekStart`` as a day; Monday when invalid (``validate()`` reports that).
    public var weekStartDay: Weekday { Weekday(word: weekStart) ?? .monday }

    /// The first problem with a value, naming the key and what it accepts.
    public func validate() -> String? {
        Key.allCases.lazy.compactMap { $0.problem(in: self) }.first
    }

    /// Writes the keys whose values differ from the defaults, so `unset` leaves no trace.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        let d = FocusConfig()
        for key in Key.allCases where key.value(in: self) != key.value(in: d) {
            switch key {
            case .defaultMinutes: try c.encode(defaultMinutes, forKey: key)
            case .breakMinutes: try c.encode(breakMinutes, forKey: key)
            case .longBreakMinutes: try c.encode(longBreakMinutes, forKey: key)
            case .cycles: try c.encode(cycles, forKey: key)
            case .dailyGoalMinutes: try c.encode(dailyGoalMinutes, forKey: key)
            case .dayStart: try c.encode(dayStart, forKey: key)
            case .weekStart: try c.encode(weekStart, forKey: key)
            case .sound: try c.encodeIfPresent(sound, forKey: key)
            case .notify: try c.encode(notify, forKey: key)
            case .bell: try c.encode(bell, forKey: key)
            case .color: try c.encode(color, forKey: key)
            }
        }
    }
}
