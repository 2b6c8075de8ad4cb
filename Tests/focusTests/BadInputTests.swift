import FocusCore
import Foundation
import Testing

/// The bad-input catalogue, on the built binary: each case gets a clear one-line
/// message, the right exit code, and leaves every user file byte-identical.
@Suite struct BadInputTests {
    static let now = "2026-11-29T18:00:00Z"
    static let good =
        #"{"id":"good","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
        + #""completed":true,"tag":"kept"}"#

    /// Every file under `root`, path → bytes.
    /// Derived files focus may (re)build from the journal at any time; everything else is the user's.
    static let derivedFiles: Set<String> = [
        "state/cache/stats-cache.bin", "state/cache/expedition.json", "state/cache/session-index.bin",
    ]

    /// The user's files under `root` (derived caches left out), by relative path.
    static func snapshot(_ root: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? []
        where !derivedFiles.contains(name) {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDir), !isDir.boolValue {
                files[name] = FileManager.default.contents(atPath: root + "/" + name)
            }
        }
        return files
    }

    static func journal(_ bytes: [UInt8]) throws -> TempHome {
        let home = try TempHome()
        try FileManager.default.createDirectory(atPath: home.path + "/journal", withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: home.journalFile))
        return home
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Deterministic noise: the same "binary garbage" on every run.
    static let garbage: [UInt8] = {
        var x: UInt32 = 2_463_534_242
        return (0..<8192).map { _ in
            x ^= x << 13
            x ^= x >> 17
            x ^= x << 5
            return UInt8(truncatingIfNeeded: x)
        }
    }()

    struct JournalCase: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        /// What stderr says when the journal is read (empty: nothing).
        let message: String
        /// `focus doctor`'s exit status.
        let doctor: Int32
        var testDescription: String { name }
    }

    static let journalCases: [JournalCase] = [
        // A record a crash cut short was never saved: read past in silence, and only a note for the doctor.
        JournalCase(
            name: "truncated last line",
            bytes: bytes(good + "\n" + #"{"id":"cut","start":"2026-11-29T10:00:00Z","end":"2026-1"#), message: "",
            doctor: 0),
        JournalCase(
            name: "torn line ended by the next append",
            bytes: bytes(
                good + "\n" + #"{"id":"cut","start":"2026-11-29T10:00:00Z","end":"2026-1"# + "\n"
                    + good.replacingOccurrences(of: "good", with: "next").replacingOccurrences(of: "T09:", with: "T11:")
                    + "\n"), message: "", doctor: 0),
        JournalCase(
            name: "unterminated garbage", bytes: bytes(good + "\n" + "not a record"),
            message: "test-00000001.jsonl:2: incomplete last line", doctor: 65),
        JournalCase(name: "0-byte journal", bytes: [], message: "", doctor: 0),
        JournalCase(
            name: "binary garbage", bytes: garbage, message: "more unreadable lines; 'focus doctor' lists every one",
            doctor: 65),
        JournalCase(
            name: "10 MB single line",
            bytes: Array(repeating: UInt8(ascii: "x"), count: 10_000_000) + [10] + bytes(good + "\n"),
            message: "test-00000001.jsonl:1: not a JSON object", doctor: 65),
        JournalCase(
            name: "invalid UTF-8",
            bytes: bytes(#"{"id":"a"#) + [0xFF, 0xFE]
                + bytes(
                    #"","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1500,"focused":1500,"#
                        + #""completed":true}"#
                        + "\n"),
            message: "test-00000001.jsonl:1: invalid UTF-8 in a string", doctor: 65),
        JournalCase(
            name: "wrong value types",
            bytes: bytes(
                #"{"id":"t","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":"1500","#
                    + #""focused":1500,"completed":true}"#
                    + "\n"),
            message: #"test-00000001.jsonl:1: "planned" must be a whole number of seconds"#, doctor: 65),
        JournalCase(
            name: "future record version", bytes: bytes(#"{"v":3,"id":"f","kind":"merge"}"# + "\n"),
            message: "test-00000001.jsonl:1: record version 3 is newer than this focus understands (2)", doctor: 65),
        JournalCase(name: "duplicate ids", bytes: bytes(good + "\n" + good + "\n"), message: "", doctor: 0),
        JournalCase(
            name: "end before start",
            bytes: bytes(
                #"{"id":"e","start":"2026-11-29T10:00:00Z","end":"2026-11-29T09:00:00Z","planned":60,"focused":0,"#
                    + #""completed":false}"#
                    + "\n"),
            message: #"test-00000001.jsonl:1: "end" is before "start""#, doctor: 65),
        JournalCase(
            name: "negative duration",
            bytes: bytes(
                #"{"id":"n","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1500,"focused":-60,"#
                    + #""completed":true}"#
                    + "\n"),
            message: #"test-00000001.jsonl:1: "focused" (-60.0) is outside 0…604800 seconds"#, doctor: 65),
        JournalCase(
            name: "absurd duration",
            bytes: bytes(
                #"{"id":"a","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1e12,"focused":60,"#
                    + #""completed":true}"#
                    + "\n"),
            message: #"test-00000001.jsonl:1: "planned" (1000000000000.0) is outside 0…604800 seconds"#, doctor: 65),
        JournalCase(
            name: "focus longer than the session",
            bytes: bytes(
                #"{"id":"l","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1500,"focused":3600,"#
                    + #""completed":true}"#
                    + "\n"),
            message: #"test-00000001.jsonl:1: "focused" (3600 s) is longer than end - start (1500 s)"#, doctor: 65),
        JournalCase(
            name: "unknown keys",
            bytes: bytes(
                #"{"id":"u","start":"2026-11-29T10:00:00Z","end":"2026-11-29T10:25:00Z","planned":1500,"focused":1500,"#
                    + #""completed":true,"mood":{"stars":[5]},"tag":"kept"}"#
                    + "\n"),
            message: "", doctor: 0),
    ]

    @Test(arguments: journalCases)
    func badJournalIsReportedOnceAndLeftAlone(_ c: JournalCase) throws {
        let home = try Self.journal(c.bytes)
        let before = Self.snapshot(home.path)
        for args in [["log"], ["stats"], ["export", "--format", "jsonl"]] {
            let r = try FocusBinary.run(args, home: home.path, now: Self.now)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            if c.message.isEmpty {
                #expect(r.stderr.isEmpty, "\(args): \(r.stderr)")
            } else {
                #expect(lines.count <= 4 && lines.allSatisfy { $0.count < 300 }, "\(args): \(r.stderr.prefix(2000))")
                #expect(r.stderr.contains(c.message), "\(args): \(r.stderr.prefix(2000))")
            }
        }
        let doctor = try FocusBinary.run(["doctor"], home: home.path, now: Self.now)
        #expect(doctor.status == c.doctor, "\(doctor.stdout.prefix(2000))")
        #expect(Self.snapshot(home.path) == before)
    }
}
