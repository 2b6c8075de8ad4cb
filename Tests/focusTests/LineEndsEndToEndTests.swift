import Foundation
import Testing

/// `focus import` of a file with Windows line ends (CR LF), with Unix ones (LF), and with no line end after the
/// last line: every format reads the same sessions, says the same, and leaves the same journal.
@Suite struct LineEndsEndToEndTests {
    /// How the lines of an input end.
    enum LineEnd: String, CaseIterable, CustomTestStringConvertible {
        case lf, crlf, lfNoFinal, crlfNoFinal

        var testDescription: String { rawValue }

        /// `lines` joined with this line end.
        func join(_ lines: [String]) -> String {
            let end = self == .crlf || self == .crlfNoFinal ? "\r\n" : "\n"
            let final = self == .lf || self == .crlf ? end : ""
            return lines.joined(separator: end) + final
        }
    }

    /// One input: its `--from`, its file name and its lines (two sessions each).
    struct Input: CustomTestStringConvertible {
        let format: String
        let name: String
        let lines: [String]
        var testDescription: String { format }
    }

    static let inputs = [
        Input(
            format: "jsonl", name: "sessions.jsonl",
            lines: [
                #"{"id":"a1","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true,"tag":"work"}"#,
                #"{"id":"a2","start":"2026-11-28T10:00:00Z","end":"2026-11-28T10:10:00Z","planned":1500,"#
                    + #""focused":600,"completed":false,"tag":"read"}"#,
            ]),
        Input(
            format: "csv", name: "sessions.csv",
            lines: [
                "start,end,focused,completed,tag,note",
                #"2026-11-28T09:00:00Z,2026-11-28T09:25:00Z,1500,true,work,"first, then more""#,
                "2026-11-28T10:00:00Z,2026-11-28T10:10:00Z,600,false,read,",
            ]),
        Input(
            format: "timewarrior", name: "2026-11.data",
            lines: [
                #"inc 20261128T090000Z - 20261128T092500Z # work "deep focus""#,
                "inc 20261128T100000Z - 20261128T101000Z # read abandoned",
            ]),
        Input(
            format: "watson", name: "frames",
            lines: [
                "[",
                #" [1795856400, 1795857900, "work", "0123456789abcdef0123456789abcdef", ["deep"], 1795857900],"#,
                #" [1795860000, 1795860600, "read", "fedcba9876543210fedcba9876543210", [], 1795860600]"#,
                "]",
            ]),
        Input(
            format: "json", name: "sessions.json",
            lines: [
                "[",
                #"{"id":"a1","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true,"tag":"work"},"#,
                #"{"id":"a2","start":"2026-11-28T10:00:00Z","end":"2026-11-28T10:10:00Z","planned":1500,"#
                    + #""focused":600,"completed":false,"tag":"read"}"#,
                "]",
            ]),
    ]

    /// What one import did: its run and the journal folder's files (name and bytes).
    struct Outcome {
        let result: RunResult
        let journal: [String: Data]
    }

    /// Imports `input` with `end` into a new home.
    static func importing(_ input: Input, _ end: LineEnd, in folder: TempHome) throws -> Outcome {
        let file = folder.path + "/" + input.name
        try Data(end.join(input.lines).utf8).write(to: URL(fileURLWithPath: file))
        let home = try TempHome()
        let result = try FocusBinary.run(
            ["import", file, "--from", input.format], home: home.path, now: "2026-11-29T18:00:00Z")
        var journal: [String: Data] = [:]
        // A failed import leaves no journal folder.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: home.path + "/journal")) ?? [] {
            journal[name] = home.contents("journal/" + name)
        }
        return Outcome(result: result, journal: journal)
    }

    @Test(arguments: inputs)
    func everyLineEndImportsTheSameSessions(_ input: Input) throws {
        let folder = try TempHome(device: nil)
        let unix = try Self.importing(input, .lf, in: folder)
        let file = folder.path + "/" + input.name
        #expect(unix.result.status == 0, "\(unix.result.stderr)")
        #expect(unix.result.stderr.isEmpty)
        #expect(
            unix.result.stdout.hasPrefix("Added 2 sessions (35m of focus) from \(file).\n"), "\(unix.result.stdout)")
        #expect(unix.result.stdout.hasSuffix("Skipped: 0.\n"), "\(unix.result.stdout)")
        // One batch file of two sessions, and nothing else in the journal.
        let batch = try #require(unix.journal.count == 1 ? unix.journal.first : nil, "\(unix.journal.keys)")
        #expect(batch.key.contains(".batch-"))
        #expect(String(decoding: batch.value, as: UTF8.self).split(separator: "\n").count == 2)
        for end in LineEnd.allCases.dropFirst() {
            let other = try Self.importing(input, end, in: folder)
            #expect(other.result.status == unix.result.status, "\(end): \(other.result.stderr)")
            #expect(other.result.stdout == unix.result.stdout, "\(end)")
            #expect(other.result.stderr == unix.result.stderr, "\(end)")
            #expect(other.journal == unix.journal, "\(end)")
        }
    }
}
