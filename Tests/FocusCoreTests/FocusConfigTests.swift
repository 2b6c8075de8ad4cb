import FocusCore
import Foundation
import Testing

/// `focus config` rules: what each key accepts, what is written, and the store's atomic update.
@Suite struct FocusConfigTests {
    typealias Key = FocusConfig.Key

    /// Without a config file the defaults are used unchecked (`AppStore.loadConfig`): they must be valid.
    @Test func defaultsAreValid() {
        #expect(FocusConfig().validate() == nil)
    }

    @Test(arguments: [
        (Key.defaultMinutes, "50", "50"), (.defaultMinutes, "1440", "1440"), (.breakMinutes, "1", "1"),
        (.longBreakMinutes, "20", "20"), (.cycles, "99", "99"), (.dailyGoalMinutes, "240", "240"),
        (.dayStart, "04:30", "04:30"), (.dayStart, "23:59", "23:59"),
        (.weekStart, "sunday", "sunday"), (.weekStart, "saturday", "saturday"), (.weekStart, "Friday", "friday"),
        (.weekStart, "sun", "sunday"), (.weekStart, "周日", "sunday"), (.weekStart, "monday", "monday"),
        (.sound, "Mediterranean surf", "Mediterranean surf"),
        (.notify, "off", "false"), (.notify, "true", "true"), (.bell, "YES", "true"), (.bell, "no", "false"),
        (.color, "never", "never"), (.color, "always", "always"),
    ])
    func setAcceptsAndGetShows(_ key: Key, _ text: String, _ shown: String) throws {
        var config = FocusConfig()
        try key.set(text, in: &config)
        #expect(key.value(in: config) == shown)
        #expect(config.validate() == nil)
    }

    @Test(arguments: [
        (Key.defaultMinutes, "0"), (.defaultMinutes, "1441"), (.defaultMinutes, "abc"), (.breakMinutes, "1.5"),
        (.longBreakMinutes, "-5"), (.cycles, "0"), (.cycles, "100"), (.dailyGoalMinutes, ""), (.dayStart, "4:00"),
        (.dayStart, "24:00"), (.dayStart, "04:60"), (.dayStart, "0400"), (.color, "sometimes"), (.color, "Never"),
        (.notify, "maybe"), (.bell, "2"), (.weekStart, "funday"), (.weekStart, ""), (.weekStart, "7"), (.sound, ""),
        (.sound, String(repeating: "x", count: 65)), (.sound, "rain\n"),
    ])
    func setRefusesNamingTheKeyAndWhatItAccepts(_ key: Key, _ text: String) {
        var config = FocusConfig()
        #expect {
            try key.set(text, in: &config)
        } throws: { error in
            let e = error as? FocusError
            return e?.kind == .usage && e?.message == "\(key.rawValue) must be \(key.accepted), not '\(text)'"
        }
        #expect(config == FocusConfig())
    }

    @Test(arguments: Key.allCases)
    func unsetRestoresTheDefault(_ key: Key) throws {
        var config = FocusConfig()
        try Key.cycles.set("4", in: &config)
        try Key.sound.set("rain", in: &config)
        try Key.color.set("never", in: &config)
        try Key.notify.set("false", in: &config)
        key.unset(in: &config)
        #expect(key.isDefault(in: config))
        #expect(key.value(in: config) == key.value(in: FocusConfig()))
    }

    @Test func weekStartIsMondayUnlessSet() throws {
        #expect(FocusConfig().weekStartDay == .monday)
        let sunday = try JSONDecoder().decode(FocusConfig.self, from: Data(#"{"week-start": "sunday"}"#.utf8))
        #expect(sunday.weekStartDay == .sunday && sunday.validate() == nil)
        var config = FocusConfig()
        try Key.weekStart.set("Monday", in: &config)
        #expect(String(decoding: try JSONEncoder().encode(config), as: UTF8.self) == "{}")
    }

    @Test func encodingWritesOnlyValuesThatDifferFromTheDefaults() throws {
        var config = FocusConfig()
        #expect(String(decoding: try JSONEncoder().encode(config), as: UTF8.self) == "{}")
        try Key.cycles.set("4", in: &config)
        try Key.dayStart.set("04:00", in: &config)
        try Key.bell.set("false", in: &config)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(config), as: UTF8.self)
                == #"{"bell":false,"cycles":4,"day-start":"04:00"}"#)
        #expect(try JSONDecoder().decode(FocusConfig.self, from: encoder.encode(config)) == config)
    }

    @Test(arguments: [
        (#"{"cycles": 0}"#, "cycles must be a whole number from 1 to 99, not '0'"),
        (#"{"day-start": "4am"}"#, "day-start must be a time HH:MM such as 04:00, not '4am'"),
        (#"{"color": "blue"}"#, "color must be auto, always or never, not 'blue'"),
        (
            #"{"week-start": "someday"}"#,
            "week-start must be a day of the week such as monday or sunday, not 'someday'"
        ),
        (
            #"{"notify": "yes"}"#,
            #"notify must be true or false (or on/off, yes/no), not the text "yes"; "#
                + "repair it with `focus config set notify true`"
        ),
        ("not json", "is not valid JSON"),
    ])
    func aBadFileIsRefusedWithThePathAndTheKey(_ file: String, _ reason: String) throws {
        let home = try StoreFolder()
        try file.write(toFile: home.paths.configFile, atomically: false, encoding: .utf8)
        #expect {
            try home.store.loadConfig()
        } throws: { error in
            let e = error as? FocusError
            return e?.kind == .data && e?.message.description.hasPrefix(home.paths.configFile) == true
                && e?.message.description.contains(reason) == true
        }
    }

    /// The value found is said in the reader's language too: no English inside a Chinese error.
    @Test(arguments: [
        (#"{"cycles": "four"}"#, "cycles 必须是 1 到 99 之间的整数，而不是 文本“four”"),
        (#"{"cycles": [4]}"#, "cycles 必须是 1 到 99 之间的整数，而不是 列表"),
        (#"{"color": true}"#, "color 必须是 auto、always 或 never，而不是 true"),
    ])
    func aWrongTypeIsSaidInChinese(_ file: String, _ expected: String) throws {
        let config = try JSONDecoder().decode(FocusConfig.self, from: Data(file.utf8))
        #expect(config.validate()?.message.rendered(in: .simplifiedChinese) == expected)
    }

    @Test(arguments: [
        (#"{"default-minutes": "25"}"#, Key.defaultMinutes, #"the text "25""#, "set default-minutes 25"),
        (#"{"default-minutes": "25m"}"#, .defaultMinutes, #"the text "25m""#, "set default-minutes 25"),
        (#"{"break-minutes": "soon"}"#, .breakMinutes, #"the text "soon""#, "set break-minutes 5"),
        (#"{"cycles": [4]}"#, .cycles, "a list", "set cycles 1"),
        (#"{"cycles": 2.5}"#, .cycles, "the number 2.5", "set cycles 1"),
        (#"{"cycles": 1e400}"#, .cycles, "a number too large to hold", "set cycles 1"),
        (#"{"daily-goal-minutes": {"h": 2}}"#, .dailyGoalMinutes, "an object", "set daily-goal-minutes 100"),
        (#"{"day-start": 4}"#, .dayStart, "the number 4", "set day-start 00:00"),
        (#"{"day-start": null}"#, .dayStart, "null", "set day-start 00:00"),
        (#"{"week-start": 0}"#, .weekStart, "the number 0", "set week-start monday"),
        (#"{"sound": 7}"#, .sound, "the number 7", "unset sound"),
        (#"{"bell": "off"}"#, .bell, #"the text "off""#, "set bell false"),
        (#"{"color": false}"#, .color, "false", "set color auto"),
    ])
    func aValueOfTheWrongTypeNamesTheKeyWhatItAcceptsAndTheRepair(
        _ file: String, _ key: Key, _ found: String, _ repair: String
    ) throws {
        let config = try JSONDecoder().decode(FocusConfig.self, from: Data(file.utf8))
        #expect(config.wrongTypes.keys.elementsEqual([key]) && config.wrongTypes[key]?.words.description == found)
        #expect(
            config.validate()?.line
                == "\(key.rawValue) must be \(key.accepted), not \(found); repair it with `focus config \(repair)`")
        var repaired = config
        try key.set(key == .sound ? "pink" : key.value(in: FocusConfig())!, in: &repaired)
        #expect(repaired.validate() == nil)
        var reset = config
        key.unset(in: &reset)
        #expect(reset == FocusConfig())
    }

    @Test(arguments: [
        (Key.defaultMinutes, "25m", "25"), (.defaultMinutes, "1h30m", "90"), (.defaultMinutes, " 45 ", "45"),
        (.breakMinutes, "5m", "5"), (.longBreakMinutes, "1h", "60"), (.dailyGoalMinutes, "2h", "120"),
        (.dailyGoalMinutes, "24h", "1440"),
    ])
    func minuteKeysTakeTheDurationsStartTakes(_ key: Key, _ text: String, _ shown: String) throws {
        var config = FocusConfig()
        try key.set(text, in: &config)
        #expect(key.value(in: config) == shown)
    }

    @Test(arguments: ["90s", "1h30s", "0m", "25h", "1m1m", "m", "25 m"])
    func minuteKeysRefuseWhatIsNotWholeMinutesInRange(_ text: String) {
        var config = FocusConfig()
        #expect(throws: FocusError.self) { try Key.defaultMinutes.set(text, in: &config) }
        #expect(config == FocusConfig())
    }

    @Test func anyBrokenKeyCanBeRepairedFirst() throws {
        let home = try StoreFolder()
        let file = #"{"cycles": "4", "bell": "no", "day-start": "4am", "week-start": "someday"}"#
        try file.write(toFile: home.paths.configFile, atomically: false, encoding: .utf8)
        let change = try home.store.setConfig(.dayStart, to: "04:00")
        #expect(change.reset.map(\.key) == [.cycles, .bell])
        #expect(change.reset.first?.message == #"cycles must be a whole number from 1 to 99, not the text "4""#)
        #expect {
            try home.store.loadConfig()
        } throws: { error in
            (error as? FocusError)?.message.description.hasSuffix("repair it with `focus config set week-start monday`")
                == true
        }
        #expect(try home.store.unsetConfig(.weekStart).reset.isEmpty)
        let config = try home.store.loadConfig()
        #expect(config.dayStart == "04:00" && config.cycles == 1 && config.bell && config.wrongTypes.isEmpty)
    }

    @Test(arguments: [
        ("nosuchsound", "unknown sound 'nosuchsound'"), ("rian", "did you mean 'rain'?"),
        ("rain", "'rain' (Rain) is locked: the stamp of Amsterdam, Netherlands unlocks it"),
    ])
    func soundMustBeOneThatPlaysNow(_ name: String, _ reason: String) throws {
        let home = try StoreFolder()
        #expect {
            try home.store.setConfig(.sound, to: name)
        } throws: { error in
            (error as? FocusError)?.kind == .usage
                && (error as? FocusError)?.message.description.contains(reason) == true
        }
        #expect(!FileManager.default.fileExists(atPath: home.paths.configFile))
        #expect(try home.store.setConfig(.sound, to: "brown").config.sound == "brown")
    }

    @Test func updateWritesAtomicallyAndCanRepairABadValue() throws {
        let home = try StoreFolder()
        try #"{"cycles": 0, "later-key": 1}"#.write(toFile: home.paths.configFile, atomically: false, encoding: .utf8)
        let config = try home.store.setConfig(.cycles, to: "3").config
        #expect(config.cycles == 3)
        #expect(try home.store.loadConfig() == config)
        #expect(
            String(decoding: FileManager.default.contents(atPath: home.paths.configFile)!, as: UTF8.self)
                == "{\n  \"cycles\" : 3\n}\n")
        let mode = try FileManager.default.attributesOfItem(atPath: home.paths.configFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.dir) == ["config.json"])
    }

    @Test func updateLeavesAFileThatIsNotJSONAlone() throws {
        let home = try StoreFolder()
        try "{ broken".write(toFile: home.paths.configFile, atomically: false, encoding: .utf8)
        #expect(throws: FocusError.self) {
            try home.store.setConfig(.cycles, to: "3")
        }
        #expect(
            String(decoding: FileManager.default.contents(atPath: home.paths.configFile)!, as: UTF8.self) == "{ broken")
    }

    @Test func aFailedChangeWritesNothing() throws {
        let home = try StoreFolder()
        #expect(throws: FocusError.self) {
            try home.store.setConfig(.cycles, to: "x")
        }
        #expect(!FileManager.default.fileExists(atPath: home.paths.configFile))
    }
}

/// A store in a fresh temporary folder, removed afterwards.
final class StoreFolder {
    let dir: String
    let paths: DataPaths
    let store: AppStore

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        paths = DataPaths(dataDirectory: dir, configDirectory: dir)
        store = AppStore(paths: paths)
    }

    deinit { try? FileManager.default.removeItem(atPath: dir) }
}
