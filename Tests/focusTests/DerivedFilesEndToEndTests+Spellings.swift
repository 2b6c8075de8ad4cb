import FocusCore
import Foundation
import Testing

/// A tag spelled two ways that Swift's `==` takes for one (a precomposed letter and its decomposition, a
/// compatibility ideograph and the unified one, the Kelvin sign and `K`) is one tag for `stats --range --tag`: the
/// streaks the stats cache keeps per tag are found under either spelling, and print what they print without the
/// derived files, after an append, an edit and an undo in either spelling.
extension DerivedFilesEndToEndTests {
    /// Two spellings of one tag: the journal's first, and the other.
    enum Spellings: String, CaseIterable {
        case decomposedFirst, precomposedFirst, compatibilityIdeographFirst, unifiedIdeographFirst, kelvinSignFirst
        case asciiFirst, marksInAnotherOrder, hangulJamoFirst

        var stored: String {
            switch self {
            case .decomposedFirst: "cafe\u{301}"
            case .precomposedFirst: "caf\u{E9}"
            case .compatibilityIdeographFirst: "\u{F91D}"
            case .unifiedIdeographFirst: "\u{6B04}"
            case .kelvinSignFirst: "\u{212A}elvin"
            case .asciiFirst: "Kelvin"
            case .marksInAnotherOrder: "a\u{323}\u{307}"
            case .hangulJamoFirst: "\u{1112}\u{1161}\u{11AB}"
            }
        }

        var other: String {
            switch self {
            case .decomposedFirst: "caf\u{E9}"
            case .precomposedFirst: "cafe\u{301}"
            case .compatibilityIdeographFirst: "\u{6B04}"
            case .unifiedIdeographFirst: "\u{F91D}"
            case .kelvinSignFirst: "Kelvin"
            case .asciiFirst: "\u{212A}elvin"
            case .marksInAnotherOrder: "a\u{307}\u{323}"
            case .hangulJamoFirst: "\u{D55C}"
            }
        }
    }

    /// A session of 25 minutes at 09:00 `days` days before 2026-11-30, with `tag`.
    static func session(_ n: Int, daysAgo days: Int, tag: String) -> String {
        let start = 1_796_029_200 - days * 86_400
        return
            #"{"id":"\#(String(format: "%032x", n))","start":"\#(UTCTimestamp.format(epochSeconds: start))","#
            + #""end":"\#(UTCTimestamp.format(epochSeconds: start + 1_500))","planned":1500,"focused":1500,"#
            + #""completed":true,"tag":"\#(tag)"}"#
    }

    @Test(arguments: Spellings.allCases)
    func aTagsStreaksAreFoundUnderEverySpellingOfIt(_ spellings: Spellings) throws {
        #expect(spellings.stored == spellings.other && Array(spellings.stored.utf8) != Array(spellings.other.utf8))
        let home = try TempHome()
        // Runs of 5 days (9 to 13 days ago) and 3 (up to yesterday); another tag 8 days ago.
        try home.writeJournal(
            [13, 12, 11, 10, 9, 3, 2, 1].enumerated().map { Self.session($0 + 1, daysAgo: $1, tag: spellings.stored) }
                + [Self.session(20, daysAgo: 8, tag: "other")])
        #expect(try FocusBinary.run(["stats"], home: home.path, now: Self.now).status == 0)
        let steps: [(change: String, command: [String], current: Int, longest: Int)] = [
            ("an append without the tag", ["log", "add", "--start", "2026-11-30 09:00", "--duration", "25m"], 3, 5),
            (
                "an append in the other spelling",
                ["log", "add", "--start", "2026-11-30 10:00", "--duration", "25m", "--tag", spellings.other], 4, 5
            ),
            (
                "an edit in the other spelling",
                ["log", "edit", String(format: "%032x", 20), "--add-tag", spellings.other], 4, 6
            ),
            (
                "an edit in the first spelling",
                ["log", "edit", String(format: "%032x", 8), "--remove-tag", spellings.stored], 1, 6
            ),
            ("an undo", ["undo"], 4, 6),
        ]
        for step in steps {
            let r = try FocusBinary.run(step.command, home: home.path, now: Self.now)
            #expect(r.status == 0, "\(step.change): \(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: home.path + "/state/cache/session-index.bin"))
            let cold = try TempHome(device: nil)
            try FileManager.default.removeItem(atPath: cold.path)
            try FileManager.default.copyItem(atPath: home.path, toPath: cold.path)
            for tag in [spellings.stored, spellings.other] {
                for command in [
                    ["stats", "--range", "7d", "--tag", tag, "--json"], ["stats", "--range", "30d", "--tag", tag],
                ] {
                    try? FileManager.default.removeItem(atPath: cold.path + "/state/cache")
                    let reference = try FocusBinary.run(command, home: cold.path, now: Self.now)
                    if command.last == "--json" {
                        let json = try JSONSerialization.jsonObject(with: Data(reference.stdout.utf8)) as? [String: Any]
                        #expect(json?["currentStreak"] as? Int == step.current, "\(step.change), #\(tag)")
                        #expect(json?["longestStreak"] as? Int == step.longest, "\(step.change), #\(tag)")
                    }
                    for pass in ["folding", "warm"] {
                        let got = try FocusBinary.run(command, home: home.path, now: Self.now)
                        #expect(
                            got.stdout == reference.stdout && got.stderr == reference.stderr
                                && got.status == reference.status,
                            "\(command.joined(separator: " ")) after \(step.change), \(pass)")
                    }
                }
            }
        }
    }
}

/// Where sessions spell one tag two ways, the label every merged view prints (`stats` "By tag" and `byTag`,
/// `focus tags`, `completions --tags`) is the tag's NFC form, with and without the derived files, whichever
/// spelling came first and whichever a change touched.
extension DerivedFilesEndToEndTests {
    /// How the two spellings meet: sessions recorded (`log add`) before the derived files are built, then a step.
    enum LabelStep: String, CaseIterable {
        /// The first spelling on 11-20, then an append in the other on 11-25 (only it in the last 7 days).
        case appendedLater
        /// Both on 11-25, the one starting later recorded first.
        case appendedEarlierSameDay
        /// The other spelling's session deleted.
        case deleted
        /// Another session edited to the other spelling.
        case edited
    }

    static let labelCommands: [[String]] = [
        ["stats", "--range", "7d", "--json"], ["stats", "--range", "30d"], ["stats", "--range", "all", "--json"],
        ["completions", "--tags"], ["tags"], ["tags", "--json"],
    ]

    @Test(
        arguments: LabelStep.allCases,
        [Spellings.precomposedFirst, .decomposedFirst, .compatibilityIdeographFirst, .kelvinSignFirst])
    func aTagSpelledTwoWaysIsLabelledByItsNFCForm(_ step: LabelStep, _ spellings: Spellings) throws {
        let home = try TempHome()
        func add(_ start: String, _ tag: String) throws {
            let r = try FocusBinary.run(
                ["log", "add", "--start", start, "--duration", "20m", "--tag", tag], home: home.path, now: Self.now)
            #expect(r.status == 0, "\(r.stderr)")
        }
        try add(step == .appendedEarlierSameDay ? "2026-11-25 11:00" : "2026-11-20 09:00", spellings.stored)
        if step == .deleted { try add("2026-11-25 09:00", spellings.other) }
        if step == .edited { try add("2026-11-25 09:00", "plain") }
        #expect(try FocusBinary.run(["tags"], home: home.path, now: Self.now).status == 0)
        switch step {
        case .appendedLater, .appendedEarlierSameDay: try add("2026-11-25 09:00", spellings.other)
        case .deleted, .edited:
            let log = try FocusBinary.run(["log", "--json", "--limit", "1"], home: home.path, now: Self.now)
            let rows = try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [[String: Any]]
            let id = try #require(rows?.first?["shortId"] as? String)
            let change = step == .deleted ? ["log", "delete", id] : ["log", "edit", id, "--tag", spellings.other]
            #expect(try FocusBinary.run(change, home: home.path, now: Self.now).status == 0)
        }

        let label = spellings.stored.precomposedStringWithCanonicalMapping
        let completions = try FocusBinary.run(["completions", "--tags"], home: home.path, now: Self.now)
        #expect(completions.stdout.split(separator: "\n").contains { Array($0.utf8) == Array(label.utf8) })
        let stats = try FocusBinary.run(["stats", "--range", "30d", "--json"], home: home.path, now: Self.now)
        let byTag = (try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])?["byTag"]
        #expect((byTag as? [String: Int])?.keys.map { Array($0.utf8) }.contains(Array(label.utf8)) == true)

        try Self.expectSameOutputs(home, after: "\(step)", commands: Self.labelCommands)
    }
}
