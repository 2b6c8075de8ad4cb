import FocusCore
import Foundation
import Testing

/// Issue 13 through the built binary: hostile ids, tags and notes imported from a file, then every command that
/// shows them, with colour off and forced on. Nothing from data reaches the output raw: no ESC but the
/// renderer's SGR codes, no C1 or bidi control, and a CR/LF in an id never adds a row.
@Suite struct DataEscapingEndToEndTests {
    static let hostile = [
        "\u{1B}]52;c;aGk=\u{07}", "\u{1B}[8m", "\u{202E}gnp", "\u{1B}]2;pwned\u{07}", "专注", "👨‍👩‍👧‍👦", "\u{9B}31m",
    ]

    /// A CSV export a peer might have written: one session per hostile value, used as id, tag and note; the
    /// first id carries a CR/LF and a forged row.
    static func csv() -> String {
        var text = SessionExporter.csvHeader.joined(separator: ",") + "\n"
        for (index, value) in hostile.enumerated() {
            let id = index == 0 ? "evil\r\n2026-11-29  09:00–09:25  25m  completed    #forged" : value + "\(index)"
            let day = "2026-11-2\(index + 1)"
            text += "\"\(id)\",\(day),\(day)T09:00:00Z,\(day)T09:25:00Z,1500,1500,true,UTC,"
            text += "\"\(value)\",\"note \(value)\",import\n"
        }
        return text
    }

    /// Whether `text` holds a character that may not reach a terminal, other than its newlines and, with
    /// `sgr`, the renderer's colour codes.
    static func raw(_ text: String, sgr: Bool = false) -> Bool {
        let rest = sgr ? text.replacing(/\x{1B}\[[0-9;]*m/, with: "") : text
        return rest.unicodeScalars.contains { $0 != "\n" && TerminalEscaping.isUnsafe($0) }
    }

    @Test func importLogStatsAndErrorsShowHostileDataEscaped() throws {
        let home = try TempHome()
        let file = home.path + "/peer-\u{1B}]2;x\u{07}.csv"
        try Self.csv().write(toFile: file, atomically: true, encoding: .utf8)
        let now = "2026-11-29T18:00:00Z"
        let imported = try FocusBinary.run(["import", file, "--from", "csv"], home: home.path, now: now)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Added 7 sessions"), "\(imported.stdout)")
        #expect(!Self.raw(imported.stdout) && imported.stdout.contains("peer-\\e]2;x\\x07.csv"))

        for colour in ["never", "always"] {
            #expect(try FocusBinary.run(["config", "set", "color", colour], home: home.path).status == 0)
            let log = try FocusBinary.run(["log"], home: home.path, now: now)
            #expect(log.status == 0 && !Self.raw(log.stdout, sgr: colour == "always"), "\(log.stdout)")
            let rows = log.stdout.split(separator: "\n")
            #expect(rows.count == 7, "a CR/LF in an id adds no row:\n\(log.stdout)")
            #expect(!rows.contains { $0.hasPrefix("2026-11-29") })
            // The short id is a prefix: what shows of the CR/LF is its escape.
            #expect(log.stdout.replacing(/\x{1B}\[[0-9;]*m/, with: "").contains("evil\\r\\n202"))
            for args in [["stats", "--range", "all"], ["stats", "--range", "7d", "--tag", Self.hostile[0]]] {
                let stats = try FocusBinary.run(args, home: home.path, now: now, env: ["COLUMNS": "40"])
                #expect(stats.status == 0 && !Self.raw(stats.stdout, sgr: colour == "always"), "\(stats.stdout)")
                for line in stats.stdout.replacing(/\x{1B}\[[0-9;]*m/, with: "").split(separator: "\n") {
                    #expect(line.displayWidth <= 40, "\(line)")
                }
            }
        }
        #expect(try FocusBinary.run(["config", "set", "color", "never"], home: home.path).status == 0)
        #expect(try FocusBinary.run(["log"], home: home.path, now: now).stdout.contains("#\\e]52;c;aGk=\\x07"))

        // --json is exact: the values decode to what was imported, and no unsafe character is written raw.
        let json = try FocusBinary.run(["log", "--json"], home: home.path, now: now)
        #expect(!Self.raw(json.stdout) && json.stdout.contains("\\u202e"))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["tag"] as? String }) == Set(Self.hostile))

        // Error lines quote what was typed, escaped.
        let bad = try FocusBinary.run(["log", "delete", "nope\u{1B}]2;pwned\u{07}"], home: home.path, now: now)
        #expect(bad.status != 0 && bad.stderr.hasPrefix("Error: ") && !Self.raw(bad.stderr), "\(bad.stderr)")
        let usage = try FocusBinary.run(["stats", "--range", "\u{1B}[8m\u{202E}"], home: home.path, now: now)
        #expect(usage.status == 64 && usage.stderr.contains("\\e[8m\\u{202E}") && !Self.raw(usage.stderr))
    }

    @Test func exportToAPipeIsExact() throws {
        let home = try TempHome()
        let file = home.path + "/peer.csv"
        try Self.csv().write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try FocusBinary.run(["import", file, "--from", "csv"], home: home.path).status == 0)
        let csv = try FocusBinary.run(["export", "--format", "csv"], home: home.path)
        #expect(csv.status == 0 && csv.stdout.contains("\u{1B}]52;c;aGk=\u{07}"), "a file gets the exact bytes")
    }
}
