import Foundation
import Testing

/// Several tags a session, as a user types and reads them: `--tag` again and again, `--add-tag`, `--remove-tag`,
/// `focus tags`, `stats --tag`, and journals of the previous version read exactly as before.
@Suite struct SeveralTagsEndToEndTests {
    static let now = "2026-11-29T18:00:00Z"

    static func focus(_ args: [String], _ home: TempHome) throws -> RunResult {
        try FocusBinary.run(args, home: home.path, now: now)
    }

    @Test func tagsAreGivenEditedListedAndCounted() throws {
        let home = try TempHome()
        let add = try Self.focus(
            [
                "log", "add", "--start", "2026-11-28 09:00", "--duration", "1h", "--tag", "coding", "--tag", "bugfix",
                "--tag", "coding",
            ], home)
        #expect(add.status == 0 && add.stdout.contains("(1h00m) #coding #bugfix"), "\(add.stdout)\(add.stderr)")
        #expect(
            try Self.focus(["log", "add", "--start", "2026-11-29 09:00", "--duration", "30m", "--tag", "coding"], home)
                .status == 0)
        // One line, readable by the previous version (its first tag), and the list.
        #expect(home.journalLines().first?.contains(#""tag":"coding","tags":["coding","bugfix"],"#) == true)
        #expect(home.journalLines().last?.contains(#""tag":"coding","note"#) == false)

        let stats = try Self.focus(["stats", "--range", "all", "--json"], home)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        #expect(
            json["byTag"] as? [String: Int] == ["coding": 5400, "bugfix": 3600]
                && json["focusedSeconds"] as? Int == 5400)
        let bugfix = try Self.focus(["stats", "--range", "all", "--tag", "bugfix", "--json"], home)
        #expect(bugfix.stdout.contains(#""focusedSeconds":3600"#) && bugfix.stdout.contains(#""sessions":1,"#))
        let text = try Self.focus(["stats", "--range", "all"], home).stdout
        #expect(text.contains("A session with several tags counts under each of them."), "\(text)")

        let tags = try Self.focus(["tags"], home)
        let rows = tags.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.dropFirst().first?.map(String.init) == ["#coding", "2", "sessions", "1h30m", "2026-11-29"])
        #expect(rows.dropFirst(2).first?.map(String.init) == ["#bugfix", "1", "session", "1h00m", "2026-11-28"])
        #expect(try Self.focus(["completions", "--tags"], home).stdout == "coding\nbugfix\n")

        let id = String(
            try #require(try Self.focus(["log"], home).stdout.split(separator: "\n").last?.split(separator: " ").first))
        let edit = try Self.focus(["log", "edit", id, "--add-tag", "review", "--remove-tag", "coding"], home)
        #expect(edit.status == 0 && edit.stdout.hasSuffix("#bugfix #review.\n"), "\(edit.stdout)\(edit.stderr)")
        let log = try Self.focus(["log", "--json"], home)
        #expect(log.stdout.contains(#""tag":"bugfix","#) && log.stdout.contains(#""tags":["bugfix","review"]"#))
        #expect(try Self.focus(["log", "edit", id, "--tag", "a", "--tag", "b"], home).stdout.hasSuffix("#a #b.\n"))
        #expect(try Self.focus(["log", "edit", id, "--tag", ""], home).stdout.hasSuffix("(1h00m).\n"))
        #expect(try Self.focus(["undo"], home).status == 0)
        #expect(try Self.focus(["log", "--tag", "b"], home).stdout.contains("#a #b"))
        // Export and import of focus's own JSON: the same sessions, tags and sources, on a new machine.
        let out = home.path + "/all.json"
        #expect(try Self.focus(["export", "--format", "json", "--out", out], home).status == 0)
        let laptop = try TempHome()
        #expect(try Self.focus(["import", out, "--from", "json"], laptop).stdout.hasPrefix("Added 2 sessions"))
        #expect(try Self.focus(["log", "--json"], laptop).stdout == (try Self.focus(["log", "--json"], home).stdout))
    }

    /// `focus tags` as printed: each column as wide as its widest value or its header, so a header wider than the
    /// values (`focus` over `30m`, `sessions` over `1 session`) is still followed by a gap; in English and Chinese,
    /// with short tags and with wide ones (CJK, a tag cut at 30 columns).
    @Test(arguments: [
        (
            "C.UTF-8", [["a"]],
            [
                "tag  sessions   focus  last used", "#a   1 session    30m  2026-11-29",
                "A session with several tags counts under each of them.",
            ]
        ),
        (
            "zh_CN.UTF-8", [["a"]],
            [
                "标签  次        专注  最近使用", "#a    1 次专注  30分  2026-11-29",
                "带多个标签的专注在每个标签下都计一次。",
            ]
        ),
        (
            "C.UTF-8", [["写作练习写作练习", String(repeating: "x", count: 40)], ["a"]],
            [
                "tag                             sessions   focus  last used",
                "#a                              1 session    30m  2026-11-29",
                "#xxxxxxxxxxxxxxxxxxxxxxxxxxxx…  1 session    30m  2026-11-28",
                "#写作练习写作练习               1 session    30m  2026-11-28",
                "A session with several tags counts under each of them.",
            ]
        ),
        (
            "zh_CN.UTF-8", [["写作练习写作练习", String(repeating: "x", count: 40)], ["a"]],
            [
                "标签                            次        专注  最近使用",
                "#a                              1 次专注  30分  2026-11-29",
                "#xxxxxxxxxxxxxxxxxxxxxxxxxxxx…  1 次专注  30分  2026-11-28",
                "#写作练习写作练习               1 次专注  30分  2026-11-28",
                "带多个标签的专注在每个标签下都计一次。",
            ]
        ),
    ])
    func theTagsTableKeepsAGapAfterEveryHeader(_ locale: String, _ sessions: [[String]], _ expected: [String]) throws {
        let home = try TempHome()
        for (day, tags) in zip([28, 29].suffix(sessions.count), sessions) {
            let add = ["log", "add", "--start", "2026-11-\(day) 09:00", "--duration", "30m"]
            #expect(try Self.focus(add + tags.flatMap { ["--tag", $0] }, home).status == 0)
        }
        let tags = try FocusBinary.run(["tags"], home: home.path, now: Self.now, env: ["LC_ALL": locale])
        #expect(tags.status == 0 && tags.stderr.isEmpty)
        #expect(tags.stdout.split(separator: "\n").map(String.init) == expected, "\(tags.stdout)")
    }

    /// A file in another format than `--from` says exits 65 and writes nothing: a JSON export read as JSON Lines
    /// (the README promised it), JSON Lines read as JSON.
    @Test func aFileInTheWrongFormatWritesNothing() throws {
        let home = try TempHome()
        #expect(try Self.focus(["log", "add", "--start", "9:00", "--duration", "25m", "--tag", "t"], home).status == 0)
        for (format, from) in [("json", "jsonl"), ("jsonl", "json"), ("csv", "json"), ("json", "csv")] {
            let file = home.path + "/e." + format
            #expect(try Self.focus(["export", "--format", format, "--out", file], home).status == 0)
            let other = try TempHome()
            let r = try Self.focus(["import", file, "--from", from], other)
            #expect(
                r.status == 65 && r.stdout.isEmpty && r.stderr.split(separator: "\n").count == 1, "\(from): \(r.stderr)"
            )
            #expect(
                other.contents("journal") == nil
                    && (try? FileManager.default.contentsOfDirectory(
                        atPath: other.path + "/journal"))?.isEmpty ?? true
            )
        }
    }

    /// The journals of the previous version (the fuzz corpus, one journal file each) export byte for byte as they
    /// did, with the same statistics: `Snapshots/v1-journal` was written by focus before sessions had several tags.
    @Test func journalsOfThePreviousVersionReadIdentically() throws {
        let home = try TempHome()
        let corpus = FocusBinary.packageRoot + "/Tests/FocusCoreTests/Fixtures/fuzz/journal"
        try FileManager.default.createDirectory(atPath: home.path + "/journal", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus) {
            try FileManager.default.copyItem(
                atPath: corpus + "/" + name, toPath: home.path + "/journal/c\(name.prefix(12)).jsonl")
        }
        let golden = FocusBinary.packageRoot + "/Tests/focusTests/Snapshots/v1-journal/"
        let run = { (args: [String]) in try FocusBinary.run(args, home: home.path, now: "2026-12-01T12:00:00Z").stdout }
        #expect(
            try run(["export", "--format", "jsonl"])
                == (try String(contentsOfFile: golden + "export.jsonl", encoding: .utf8)))
        let stats = try run(["stats", "--range", "all", "--json"]).replacingOccurrences(
            of: #","tagsOverlap":false"#, with: "")
        #expect(stats == (try String(contentsOfFile: golden + "stats.json", encoding: .utf8)))
        // Reading them wrote nothing into them.
        for name in try FileManager.default.contentsOfDirectory(atPath: corpus) {
            #expect(
                FileManager.default.contents(atPath: corpus + "/" + name)
                    == home.contents("journal/c\(name.prefix(12)).jsonl"))
        }
    }
}
