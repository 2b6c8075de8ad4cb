import Foundation
import Testing

@testable import focus

/// `--help` of every command and subcommand on the built binary, compared with the text committed in
/// `Tests/focusTests/Snapshots/help/` (`focus-log-add.txt` is `focus log add --help`).
///
/// After changing a declaration on purpose, regenerate the snapshots and review the difference:
///
///     FOCUS_UPDATE_SNAPSHOTS=1 swift test --filter HelpSnapshotTests
///     git diff Tests/focusTests/Snapshots
@Suite struct HelpSnapshotTests {
    static let folder = FocusBinary.packageRoot + "/Tests/focusTests/Snapshots/help"
    static let updating = ProcessInfo.processInfo.environment["FOCUS_UPDATE_SNAPSHOTS"] == "1"

    /// The words after `focus` of every command users can reach, the overview (`[]`) first.
    static let commands: [[String]] = CommandPath(commands: [FocusCommand.self]).descendants().map {
        $0.commands.dropFirst().map { $0.configuration.name }
    }

    static func file(_ words: [String]) -> String { folder + "/" + (["focus"] + words).joined(separator: "-") + ".txt" }

    @Test(arguments: commands)
    func helpMatchesItsSnapshotAndFits80Columns(_ words: [String]) throws {
        let home = try TempHome()
        let help = try FocusBinary.run(words + ["--help"], home: home.path)
        #expect(help.status == 0 && help.stderr.isEmpty)
        if Self.updating {
            try help.stdout.write(toFile: Self.file(words), atomically: true, encoding: .utf8)
        } else {
            let expected = try? String(contentsOfFile: Self.file(words), encoding: .utf8)
            #expect(help.stdout == expected, "snapshot \(Self.file(words)); see how to regenerate above")
        }
        for line in help.stdout.split(separator: "\n") { #expect(line.count <= 80, "longer than 80: \(line)") }
        #expect(try FocusBinary.run(["help"] + words, home: home.path).stdout == help.stdout)
        #expect(try FocusBinary.run(words + ["-h"], home: home.path).stdout == help.stdout)
    }

    @Test func everySnapshotIsACommandsHelp() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).map { Self.folder + "/" + $0 }
        #expect(Set(files) == Set(Self.commands.map(Self.file)))
    }
}
