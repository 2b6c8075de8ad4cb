import Foundation
import Testing

/// Completion never runs anything that came from the journal (issue 13): tags that are shell code, a glob,
/// a tag with a space and a Chinese tag are offered as exactly those words by bash, zsh and fish, a Tab
/// inserts them so that the command line runs with exactly that tag, and no file is ever created.
@Suite(.serialized) struct CompletionSafetyTests {
    static let tags = ["$(touch PWNED)", "`touch PWNED`", ";touch PWNED", "*", "deep work", "专注"]

    /// What a user types before Tab to pick each tag: its first character, escaped as the shells need.
    static let prefixes = [
        ("\\$", tags[0]), ("\\`", tags[1]), ("\\;", tags[2]), ("\\*", tags[3]), ("deep", tags[4]), ("专", tags[5]),
    ]

    /// A journal with one session per tag, written as an imported file would leave it.
    static func home() throws -> TempHome {
        let home = try TempHome()
        try home.writeJournal(
            tags.enumerated().map { index, tag in
                let day = 10 + index
                return
                    #"{"id":"t\#(index)","start":"2026-11-\#(day)T09:00:00Z","end":"2026-11-\#(day)T09:25:00Z","#
                    + #""planned":1500,"focused":1500,"completed":true,"tag":"\#(tag)","source":"import"}"#
            })
        return home
    }

    /// Whether completing created the file a tag's code would: in the shell's folder, or the test's.
    static func pwned(_ home: TempHome) -> Bool {
        FileManager.default.fileExists(atPath: home.path + "/PWNED")
            || FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/PWNED")
    }

    static let lines = ["focus start --tag ", "focus stats --tag ", "focus log --tag ", "focus log add --tag "]

    @Test func completionsListsTheTagsAsPlainLines() throws {
        let home = try Self.home()
        let r = try FocusBinary.run(["completions", "--tags"], home: home.path)
        #expect(r.stdout == Self.tags.reversed().joined(separator: "\n") + "\n" && r.stderr.isEmpty)
    }

    @Test func bashOffersExactlyTheTagsQuotedAndRunsNothing() throws {
        let home = try Self.home()
        guard let replies = try Shells.bashReplies(Self.lines, home: home) else { return }
        let quoted = Set(try Shells.bashQuoted(Self.tags, home: home))
        #expect(quoted.count == Self.tags.count)
        for (line, got) in zip(Self.lines, replies) { #expect(Set(got) == quoted, "bash: '\(line)'") }
        #expect(!Self.pwned(home))
    }

    @Test func zshOffersExactlyTheTagsAndRunsNothing() throws {
        let home = try Self.home()
        guard let zsh = try InteractiveShell("zsh", home: home) else { return }
        for line in Self.lines { #expect(Set(try zsh.candidates(line)) == Set(Self.tags), "zsh: '\(line)'") }
        #expect(!Self.pwned(home))
    }

    @Test func fishOffersExactlyTheTagsAndRunsNothing() throws {
        let home = try Self.home()
        guard let candidates = try Shells.fishCandidates(Self.lines, home: home) else { return }
        for (line, got) in zip(Self.lines, candidates) { #expect(Set(got) == Set(Self.tags), "fish: '\(line)'") }
        #expect(!Self.pwned(home))
    }

    /// The whole path a user takes: type a prefix, Tab, Enter; `focus log --tag` then lists that one session.
    @Test(arguments: ["bash", "zsh", "fish"])
    func tabThenEnterRunsWithExactlyTheTag(_ shell: String) throws {
        let home = try Self.home()
        guard let session = try InteractiveShell(shell, home: home) else { return }
        for (prefix, tag) in Self.prefixes {
            #expect(try session.completeTagAndRun(prefix: prefix) == [tag], "\(shell): '\(prefix)' + Tab")
        }
        #expect(!Self.pwned(home))
    }
}
