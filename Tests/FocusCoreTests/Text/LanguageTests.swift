import FocusCore
import Foundation
import Testing

@testable import FocusModels

/// How the language is chosen, how Chinese writes durations and dates, and the catalogue's own rules.
@Suite struct LanguageTests {
    @Test(
        arguments: [
            // (config setting, LC_ALL, LC_MESSAGES, LANG) → language
            (nil, nil, nil, "zh_CN.UTF-8", Language.simplifiedChinese),
            (nil, nil, nil, "zh_SG.UTF-8", .simplifiedChinese),
            (nil, nil, nil, "zh_Hans", .simplifiedChinese),
            (nil, nil, nil, "zh-Hans-CN", .simplifiedChinese),
            (nil, nil, nil, "zh_TW.UTF-8", .english),
            (nil, nil, nil, "zh_HK", .english),
            (nil, nil, nil, "en_US.UTF-8", .english),
            (nil, nil, nil, "C.UTF-8", .english),
            (nil, nil, nil, nil, .english),
            (nil, "en_GB.UTF-8", nil, "zh_CN.UTF-8", .english),
            (nil, nil, "zh_CN.UTF-8", "en_US.UTF-8", .simplifiedChinese),
            (nil, "", "zh_CN.UTF-8", "en_US.UTF-8", .simplifiedChinese),
            ("auto", nil, nil, "zh_CN.UTF-8", .simplifiedChinese),
            ("en", nil, nil, "zh_CN.UTF-8", .english),
            ("zh-Hans", "C", nil, nil, .simplifiedChinese),
        ] as [(String?, String?, String?, String?, Language)])
    func theLanguageFollowsTheConfigThenLCAllLCMessagesAndLang(
        _ setting: String?, _ all: String?, _ messages: String?, _ lang: String?, _ expected: Language
    ) {
        var environment: [String: String] = [:]
        environment["LC_ALL"] = all
        environment["LC_MESSAGES"] = messages
        environment["LANG"] = lang
        #expect(Language.resolve(setting: setting, environment: Environment(environment)) == expected)
    }

    @Test(arguments: [
        (0, "0s", "0秒"), (45, "45s", "45秒"), (60, "1m", "1分"), (25 * 60, "25m", "25分"),
        (3600, "1h00m", "1小时"), (5100, "1h25m", "1小时25分"), (86_400, "24h00m", "24小时"),
    ])
    func durationsInEachLanguage(_ seconds: Int, _ english: String, _ chinese: String) {
        #expect(Message.duration(seconds).rendered(in: .english) == LocalTime.duration(seconds))
        #expect(LocalTime.duration(seconds) == english)
        #expect(Message.duration(seconds).rendered(in: .simplifiedChinese) == chinese)
    }

    @Test func datesInChineseStyle() {
        let date = CivilDate(year: 2026, month: 12, day: 1)
        let styles: [(Message.DateStyle, String, String)] = [
            (.weekdayShort, "Tue 12-01", "12月1日 周二"), (.weekdayLong, "Tue 2026-12-01", "2026年12月1日 周二"),
            (.long, "2026-12-01", "2026年12月1日"), (.monthYear, "Dec 2026", "2026年12月"),
        ]
        for (style, english, chinese) in styles {
            let message: Message = "\(date, style)"
            #expect(message.rendered(in: .english) == english)
            #expect(message.rendered(in: .simplifiedChinese) == chinese)
        }
    }

    /// Data stays as it is; words, nested messages and arguments are rendered in the language, in the order the
    /// translation puts them.
    /// A message that is one placeholder shows its argument as it is (data) or in the language (a file's text), with
    /// any `%` in it kept.
    @Test(arguments: ["Lisbon", "50% done", "%@ %%", "专注 e\u{301} 👨‍👩‍👧", ""])
    func aLonePlaceholderIsItsArgument(_ text: String) {
        for language in Language.allCases {
            #expect(Message(verbatim: text).rendered(in: language) == text)
            let file = LocalizedText(text, translations: ["zh-Hans": "译" + text])
            #expect(Message(file).rendered(in: language) == (language == .english ? text : "译" + text))
            #expect(Message("\(file)").rendered(in: language) == Message(file).rendered(in: language))
        }
    }

    @Test func aMessageKeepsItsDataAndReordersItsArguments() {
        let message: Message = "unknown option '\("--tga")' for '\("focus start")'; did you mean '--\("tag")'?"
        #expect(message.description == "unknown option '--tga' for 'focus start'; did you mean '--tag'?")
        #expect(message.rendered(in: .simplifiedChinese) == "“focus start”没有选项“--tga”；你是想用“--tag”吗？")
        let error = FocusError(.noInput, "cannot read \("/tmp/x"): \(systemError: ENOENT)")
        #expect(error.message.rendered(in: .simplifiedChinese) == "无法读取 /tmp/x：没有那个文件或目录")
        #expect(Message.fill("%2$@的%1$@ %%", with: ["a", "b"]) == "b的a %")
    }

    /// Placeholders found among the bytes fill every template of the catalogue, English and Chinese, as walking its
    /// characters did (``fill``, as it was, is the reference), and templates made to test the edges.
    @Test func placeholdersFillEveryTemplateAsWalkingItsCharactersDid() {
        func positional(_ text: Substring) -> (Int, Substring)? {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            let after = text[digits.endIndex...]
            guard !digits.isEmpty, after.hasPrefix("$@"), let n = Int(digits), n >= 1 else { return nil }
            return (n, after.dropFirst(2))
        }
        func fill(_ format: String, with values: [String]) -> String {
            var out = ""
            var next = 0
            var rest = Substring(format)
            while let percent = rest.firstIndex(of: "%") {
                out.append(contentsOf: rest[..<percent])
                rest = rest[rest.index(after: percent)...]
                if rest.first == "%" {
                    out += "%"
                    rest = rest.dropFirst()
                } else if rest.first == "@" {
                    if next < values.count { out += values[next] }
                    next += 1
                    rest = rest.dropFirst()
                } else if let (position, after) = positional(rest) {
                    if position <= values.count { out += values[position - 1] }
                    rest = after
                } else {
                    out += "%"
                }
            }
            out.append(contentsOf: rest)
            return out
        }
        let catalogue = MessageCatalogue.entries(for: .simplifiedChinese)
        let edges = [
            "", "%", "%%", "%@", "%@%", "100%", "%1$@%2$@%3$@", "%0$@", "%12$@", "%x", "a%@b%%c%2$@", "中%@文",
            "%2$", "%3$x", "%99999999999999999999$@", "%0002$@", "%1$@%1$@", "%$@", "%1\u{301}$@", "%\u{301}@", "é%@",
        ]
        let templates = Array(catalogue.keys) + Array(catalogue.values) + edges
        #expect(templates.count > 100)
        for template in templates {
            for values in [[], ["a"], ["一", "naïve", "%@"]] {
                #expect(Message.fill(template, with: values) == fill(template, with: values), "\(template)")
            }
        }
    }

    /// A route's text in the reader's language when the route gives it, else its English.
    @Test func aCustomRouteMayGiveEnglishOnly() throws {
        let builtIn = ExpeditionDefinitions.builtIn.chapters[0]
        #expect(builtIn.titleText.text(in: .simplifiedChinese) == "里斯本")
        #expect(builtIn.missions[0].titleText.text(in: .simplifiedChinese) == "两次专注，站稳脚跟")
        #expect(builtIn.place.rendered(in: .simplifiedChinese) == "葡萄牙里斯本")
        #expect(builtIn.place.rendered(in: .english) == "Lisbon, Portugal")
        let json =
            #"{"deepFocusMinutes": 50, "chapters": [{"id": "oslo", "title": "Oslo", "country": "Norway","#
            + #" "story": "North.", "soundscape": "Fjord wind", "missions": [{"id": "m", "title": "One","#
            + #" "kind": "sessionCount", "targetValue": 1, "rewardMiles": 1}]}]}"#
        let custom = try ExpeditionDefinitions.parse(Array(json.utf8), file: "expeditions.json")
        #expect(custom.chapters[0].place.rendered(in: .simplifiedChinese) == "Oslo, Norway")
        let half = json.replacingOccurrences(
            of: #""missions""#, with: #""i18n": {"zh-Hans": {"title": "奥斯陆"}}, "missions""#)
        let halfTranslated = try ExpeditionDefinitions.parse(Array(half.utf8), file: "expeditions.json")
        #expect(halfTranslated.chapters[0].place.rendered(in: .simplifiedChinese) == "奥斯陆（Norway）")
        #expect(custom.chapters[0].missions[0].titleText.text(in: .simplifiedChinese) == "One")
    }

    /// Every translation keeps its key's placeholders, and the catalogue decodes.
    @Test func everyTranslationHasItsKeysPlaceholders() {
        let entries = MessageCatalogue.entries(for: .simplifiedChinese)
        #expect(entries.count > 600)
        func placeholders(_ text: String) -> Int { text.matches(of: /%(\d+\$)?@/).count }
        for (key, value) in entries {
            #expect(placeholders(key) == placeholders(value), "\(key) → \(value)")
            #expect(!value.trimmingCharacters(in: .whitespaces).isEmpty, "\(key)")
        }
    }
}
