import FocusCore
import Foundation
import Testing

/// The commands that change one session (`log add`, `log edit`, `log delete`, `log move`, `log split`, `undo`) print
/// and write exactly what they print and write without the session index, through every kind of journal change.
extension DerivedFilesEndToEndTests {
    /// A journal to start from, besides ``history()``.
    enum IndexedJournal: String, CaseIterable {
        /// The 45 sessions alone.
        case plain
        /// Sessions of another device whose ids share their first 8 characters with others: longer short ids.
        case sharedPrefixes
        /// An import (a batch file) first: `undo` takes it back from the loaded journal.
        case anImport
        /// A line that cannot be read: the index cannot be used, every command loads the journal and says so.
        case anUnreadableLine
        /// An id that is not plain ASCII: the index cannot be used.
        case aNonASCIIID
    }

    static func id(_ n: Int) -> String { String(format: "%032x", n) }

    /// The commands run one after another in both homes: each kind of change, ids by prefix, wrong ids.
    static let changes: [[String]] = [
        ["log", "add", "--start", "2026-11-30 09:00", "--duration", "25m", "--tag", "reading"],
        ["log", "add", "--start", "2026-10-25 09:10", "--duration", "25m"],
        ["log", "edit", id(10), "--tag", "edited"],
        ["log", "edit", "0000", "--tag", "x"],
        ["log", "edit", "ffff", "--tag", "x"],
        ["log", "edit", "", "--tag", "x"],
        ["log", "edit", id(12).uppercased(), "--note", "loud"],
        ["log", "edit", String(id(0x1d).prefix(31)), "--tag", "x"],
        ["log", "edit", id(13), "--start", "2026-10-25 09:05"],
        ["log", "move", id(14), "--start", "2026-10-25 09:20"],
        ["log", "split", id(15), "2026-10-30 13:10"],
        ["log", "delete", id(11)],
        ["undo"], ["undo"], ["undo"],
        ["log", "edit", id(10), "--lengthen", "5m"],
        ["log", "delete", "shared00"],
        ["log", "edit", "shared00-a", "--tag", "s"],
        ["log", "edit", "SHARED00-A", "--tag", "s"],
        ["log", "edit", "shared00-ab", "--tag", "s"],
        ["log", "move", "shared00-b", "--start", "2026-10-25 09:00"],
        ["log", "add", "--start", "2026-10-31 09:00", "--duration", "20m"],
        ["undo"], ["undo"], ["undo"], ["undo"], ["undo"], ["undo"], ["undo"],
    ]

    /// `text` with each id focus made up (a UUID) named by its place among `ids`, in full and as a short id.
    static func normalized(_ text: String, ids: inout [String]) -> String {
        let pattern = try! NSRegularExpression(pattern: "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}")
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let id = String(text[Range(match.range, in: text)!])
            if !ids.contains(id) { ids.append(id) }
        }
        var out = text
        for (n, id) in ids.enumerated() {
            out = out.replacingOccurrences(of: id, with: "new-\(n)")
            out = out.replacingOccurrences(
                of: NSRegularExpression.escapedPattern(for: String(id.prefix(8))) + "[0-9A-F-]*", with: "new-\(n)",
                options: .regularExpression)
        }
        return out
    }

    /// The journal folder's files and their bytes, normalized.
    static func journal(_ home: TempHome, ids: inout [String]) throws -> [String: String] {
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: home.path + "/journal") {
            let text = try String(contentsOfFile: home.path + "/journal/" + name, encoding: .utf8)
            files[normalized(name, ids: &ids)] = normalized(text, ids: &ids)
        }
        return files
    }

    @Test(arguments: IndexedJournal.allCases)
    func theCommandsThatChangeOneSessionDoWhatTheyDoWithoutTheIndex(_ journal: IndexedJournal) throws {
        let indexed = try TempHome()
        let plain = try TempHome()
        // A folder where the index would be: the plain home's commands cannot write one, and load the journal.
        try FileManager.default.createDirectory(
            atPath: plain.path + "/state/cache/session-index.bin", withIntermediateDirectories: true)
        let other =
            ["shared00-a", "shared00-b", "shared00-abc", "SHARED00-ABD"].enumerated().map { n, id in
                #"{"id":"\#(id)","start":"2026-10-2\#(n)T12:00:00Z","end":"2026-10-2\#(n)T12:30:00Z","#
                    + #""planned":1800,"focused":1800,"completed":true,"tag":"synced"}"#
            }
        for home in [indexed, plain] {
            var lines = Self.history()
            switch journal {
            case .plain: break
            case .sharedPrefixes: try home.writeJournal(other, name: "laptop-0000000a.jsonl")
            case .anImport:
                let file = home.path + "/import.jsonl"
                try (other.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                let r = try FocusBinary.run(["import", file, "--from", "jsonl"], home: home.path, now: Self.now)
                #expect(r.status == 0, "\(r.stderr)")
            case .anUnreadableLine: lines.insert("{not a record", at: 20)
            case .aNonASCIIID:
                lines.append(other[0].replacingOccurrences(of: "shared00-a", with: "é-1"))
            }
            try home.writeJournal(lines)
        }
        var indexedIDs: [String] = []
        var plainIDs: [String] = []
        for (step, command) in Self.changes.enumerated() {
            let got = try FocusBinary.run(command, home: indexed.path, now: Self.now)
            let reference = try FocusBinary.run(command, home: plain.path, now: Self.now)
            let what = "\(journal) step \(step): \(command.joined(separator: " "))"
            // The journals first: they name the new ids, which the outputs show short.
            #expect(try Self.journal(indexed, ids: &indexedIDs) == Self.journal(plain, ids: &plainIDs), "\(what)")
            #expect(got.status == reference.status, "\(what)")
            #expect(
                Self.normalized(got.stdout, ids: &indexedIDs) == Self.normalized(reference.stdout, ids: &plainIDs),
                "\(what)")
            #expect(
                Self.normalized(got.stderr, ids: &indexedIDs) == Self.normalized(reference.stderr, ids: &plainIDs),
                "\(what)")
            if step == 8 {
                // Another device's append and a file replaced by a sync engine: the index is built again.
                let line =
                    #"{"id":"feedfacefeedfacefeedfacefeedface","start":"2026-10-25T09:15:00Z","#
                    + #""end":"2026-10-25T10:05:00Z","planned":3000,"focused":3000,"completed":true}"#
                for home in [indexed, plain] {
                    try home.writeJournal([line], name: "phone-0000000b.jsonl")
                    let own = URL(fileURLWithPath: home.journalFile)
                    try Data(contentsOf: own).write(to: own, options: .atomic)
                }
            }
        }
        // The index was used where it can be: its third word says whether it is.
        let index = try Data(contentsOf: URL(fileURLWithPath: indexed.path + "/state/cache/session-index.bin"))
        let usable = index.count >= 24 && index[16] == 1
        #expect(usable == [.plain, .sharedPrefixes, .anImport].contains(journal))
    }
}
