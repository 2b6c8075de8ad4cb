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
