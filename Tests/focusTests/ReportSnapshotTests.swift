import FocusCore
import Foundation
import Testing

/// The reports of a home with wide, emoji, combining, bidi and escape-sequence tags, in English and Chinese, with
/// colour on and off, at 40 and 80 columns, on the built binary: byte for byte the text committed in
/// `Tests/focusTests/Snapshots/reports/` (`zh-Hans-always-40.txt`: Chinese, `color always`, 40 columns), which the
/// binary of main wrote before the reports were rendered as bytes.
///
/// After changing a report on purpose, regenerate the snapshots and review the difference:
///
///     FOCUS_UPDATE_SNAPSHOTS=1 swift test --filter ReportSnapshotTests
///     git diff Tests/focusTests/Snapshots
@Suite struct ReportSnapshotTests {
    static let folder = FocusBinary.packageRoot + "/Tests/focusTests/Snapshots/reports"
    static let updating = ProcessInfo.processInfo.environment["FOCUS_UPDATE_SNAPSHOTS"] == "1"
    static let now = "2026-11-30T18:00:00Z"

    /// Start, minutes and tags of each session.
    static let sessions: [(String, Int, [String])] = [
        ("2026-11-30T09:00:00Z", 40, ["写作"]), ("2026-11-29T10:00:00Z", 25, ["专注阅读很长的标签名字"]),
        ("2026-11-28T08:00:00Z", 50, ["🏔️trail"]), ("2026-11-27T07:00:00Z", 30, ["a\u{1B}[31mred"]),
        ("2026-11-26T07:00:00Z", 20, ["e\u{301}x"]), ("2026-11-25T07:00:00Z", 60, ["rtl\u{202E}evil"]),
        ("2026-11-30T12:00:00Z", 120, ["verylongtagnamethatgoesonandon"]),
        ("2026-11-24T07:00:00Z", 45, ["写作", "coding"]), ("2026-10-02T07:00:00Z", 180, []),
    ]

    /// The journal of ``sessions``, with fixed ids (`log` shows them).
    static func journal() throws -> String {
        try sessions.enumerated().map { index, session in
            let (start, minutes, tags) = session
            let begin = UTCTimestamp.parse(start)!
            var fields: [String: Any] = [
                "id": String(format: "%08X-0000-4000-8000-000000000000", index + 1), "start": start,
                "end": UTCTimestamp.format(begin.addingTimeInterval(Double(minutes * 60))), "planned": minutes * 60,
                "focused": minutes * 60, "completed": true, "tz": "UTC", "source": "manual",
            ]
            if let first = tags.first { fields["tag"] = first }
            if tags.count > 1 { fields["tags"] = tags }
            let line = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
            return String(decoding: line, as: UTF8.self) + "\n"
        }.joined()
    }

    static let commands: [[String]] = [
        ["stats"], ["stats", "--range", "30d", "--heatmap"], ["stats", "--range", "7d", "--tag", "写作"],
        ["expedition"], ["passport"], ["profile"], ["log", "--limit", "20"], ["status"],
    ]

    @Test(arguments: ["en", "zh-Hans"], ["never", "always"])
    func reportsMatchTheirSnapshots(_ language: String, _ color: String) throws {
        let home = try TempHome()
        try FileManager.default.createDirectory(atPath: home.path + "/journal", withIntermediateDirectories: true)
        try Self.journal().write(toFile: home.journalFile, atomically: true, encoding: .utf8)
        try FocusBinary.run(["config", "set", "language", language], home: home.path)
        try FocusBinary.run(["config", "set", "color", color], home: home.path)
        for columns in [40, 80] {
            var text = ""
            for command in Self.commands {
                let run = try FocusBinary.run(command, home: home.path, now: Self.now, env: ["COLUMNS": "\(columns)"])
                text += "$ focus \(command.joined(separator: " ")) (exit \(run.status))\n\(run.stdout)\(run.stderr)\n"
            }
            let file = Self.folder + "/\(language)-\(color)-\(columns).txt"
            if Self.updating {
                try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
                try text.write(toFile: file, atomically: true, encoding: .utf8)
            } else {
                let expected = try? String(contentsOfFile: file, encoding: .utf8)
                #expect(text == expected, "snapshot \(file); see how to regenerate above")
            }
        }
    }
}
