import FoundationEssentials

/// The user's settings, `config.json` in the config folder.
///
/// Every key is optional in the file; a missing key takes its default, and
/// only values that differ from the defaults are written back. `focus config`
/// edits the file through ``AppStore/setConfig(_:to:)``; the timer, stats and
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
    /// The keys whose value in the file had the wrong JSON type, each with what was found there
    /// (``Found/text(_:)`` for `"25"`); their properties hold the defaults until `config set` or `unset` repairs them.
    public var wrongTypes: [Key: Found] = [:]
    /// `auto` (from `LC_ALL`, `LC_MESSAGES` or `LANG`), `en` or `zh-Hans`: see ``Language``.
    public var language: String = "auto"

    public init() {}

    typealias CodingKeys = Key

    /// Reads every key it knows; a value of the wrong type is noted in ``wrongTypes`` rather than thrown, so
    /// the file can be repaired one key at a time and the error can name the key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var config = FocusConfig()
        func read<T: Decodable>(_ key: Key, _ property: WritableKeyPath<FocusConfig, T>) {
            guard c.contains(key) else { return }
            do {
                config[keyPath: property] = try c.decode(T.self, forKey: key)
            } catch {
                config.wrongTypes[key] = Self.describe(key, in: c)
            }
        }
        read(.defaultMinutes, \.defaultMinutes)
        read(.breakMinutes, \.breakMinutes)
        read(.longBreakMinutes, \.longBreakMinutes)
        read(.cycles, \.cycles)
        read(.dailyGoalMinutes, \.dailyGoalMinutes)
        read(.dayStart, \.dayStart)
        read(.weekStart, \.weekStart)
        if (try? c.decodeNil(forKey: .sound)) != true { read(.sound, \.sound) }
        read(.notify, \.notify)
        read(.bell, \.bell)
        read(.color, \.color)
        read(.language, \.language)
        self = config
    }

    /// What the file holds at `key`: text, a flag, a number, null, a list or an object.
    private static func describe(_ key: Key, in c: KeyedDecodingContainer<Key>) -> Found {
        if let text = try? c.decode(String.self, forKey: key) { return .text(text) }
        if let flag = try? c.decode(Bool.self, forKey: key) { return .flag(flag) }
        if let number = try? c.decode(Double.self, forKey: key) {
            let whole = number.rounded() == number && abs(number) < 1e15
            return .number(whole ? "\(Int(number))" : "\(number)")
        }
        if (try? c.decodeNil(forKey: key)) == true { return .null }
        if (try? c.nestedUnkeyedContainer(forKey: key)) != nil { return .list }
        return (try? c.nestedContainer(keyedBy: Key.self, forKey: key)) != nil ? .object : .tooLarge
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

    /// The first problem with a value, naming the key, what it accepts and the command that repairs it.
    public func validate() -> Problem? {
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
            case .language: try c.encode(language, forKey: key)
            }
        }
    }
}
