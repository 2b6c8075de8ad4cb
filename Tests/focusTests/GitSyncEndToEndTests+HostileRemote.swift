import Foundation
import Testing

/// `focus sync` against a remote that someone rewrote, a buggy machine broke or an attacker with push access
/// filled: the sync refuses in one line (exit 65) before the rebase, and this machine's journal folder, its
/// commits and its working tree stay exactly as they were.
extension GitSyncEndToEndTests {
    /// What a remote commit does to the journal (a shell script run in a clone of the remote, where `$D` is the
    /// desktop's journal file and `$L` the laptop's), and the words the laptop's refusal must say.
    struct Harm: CustomStringConvertible, Sendable {
        let description: String
        let script: String
        let words: [String]
    }

    static let removals: [Harm] = [
        Harm(
            description: "a force-push that drops the desktop's last sync",
            script: "git reset -q --hard HEAD~1 && git push -q -f origin HEAD:main",
            words: ["origin/main lacks or changes lines this journal holds (1 of desktop-"]),
        Harm(
            description: "a commit removing a line of the desktop's file",
            script: "sed -i 1d \"$D\" && git commit -qam harm && git push -q origin HEAD:main",
            words: ["(1 of desktop-"]),
        Harm(
            description: "a commit changing one byte of the laptop's own file",
            script: "sed -i '1s/0/1/' \"$L\" && git commit -qam harm && git push -q origin HEAD:main",
            words: ["(1 of laptop-"]),
        Harm(
            description: "a commit deleting the desktop's file",
            script: "git rm -q \"$D\" && git commit -qm harm && git push -q origin HEAD:main",
            words: ["(2 of desktop-"]),
        Harm(
            description: "a commit truncating the laptop's own file",
            script: ": > \"$L\" && git commit -qam harm && git push -q origin HEAD:main",
            words: ["(1 of laptop-"]),
        Harm(
            description: "a force-push of an unrelated history",
            script: """
                git checkout -q --orphan other && git rm -rqf . && echo hi > a.txt && git add a.txt \
                && git commit -qm harm && git push -q -f origin other:main
                """,
            words: ["(2 of desktop-"]),
    ]

    static let strangeFiles: [Harm] = [
        Harm(
            description: "a link under a new journal file's name",
            script: "ln -s \"$SECRET\" evil-12345678.jsonl && git add . && git commit -qm harm && git push -q",
            words: ["origin/main holds evil-12345678.jsonl, which is not a regular file"]),
        Harm(
            description: "the desktop's file replaced by a link",
            script: "rm \"$D\" && ln -s \"$SECRET\" \"$D\" && git add . && git commit -qm harm && git push -q",
            words: ["origin/main holds desktop-", "which is not a regular file"]),
        Harm(
            description: "a .gitattributes that is a link",
            script: "rm .gitattributes && ln -s \"$SECRET\" .gitattributes && git add -A && git commit -qm harm "
                + "&& git push -q",
            words: ["origin/main holds .gitattributes, which is not a regular file"]),
        Harm(
            description: "a folder under a journal file's name",
            script: "mkdir x.jsonl && echo {} > x.jsonl/a && git add . && git commit -qm harm && git push -q",
            words: ["origin/main holds x.jsonl, which is not a regular file"]),
        Harm(
            description: "a submodule under a journal file's name",
            script: """
                git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),sub.jsonl && git commit -qm harm \
                && git push -q
                """,
            words: ["origin/main holds sub.jsonl, which is not a regular file"]),
    ]

    /// A shell command that prints the records of a file with their ids changed: records no machine wrote.
    static let forge = #"sed 's/"id":"[0-9A-F]\{8\}/"id":"DEADBEEF/'"#

    /// What a remote commit does to git's own files or plants under this machine's name, on a laptop with nothing
    /// left to send (so that a remote copy longer than here is not hidden by a line the laptop has not sent).
    static let plants: [Harm] = [
        Harm(
            description: "a .gitattributes that makes git write journal files as UTF-16",
            script: "printf '*.jsonl text working-tree-encoding=UTF-16LE\\n' > .gitattributes "
                + "&& git add .gitattributes && git commit -qm harm && git push -q",
            words: ["origin/main changes .gitattributes, which"]),
        Harm(
            description: "a .gitignore that ignores batch files",
            script: "printf '*.batch-*\\n' >> .gitignore && git commit -qam harm && git push -q",
            words: ["origin/main changes .gitignore, which"]),
        Harm(
            description: "both of git's files removed",
            script: "git rm -q .gitattributes .gitignore && git commit -qm harm && git push -q",
            words: ["origin/main changes .gitattributes, .gitignore, which"]),
        Harm(
            description: "a record appended to the laptop's own file",
            script: #"\#(forge) "$L" > f && cat f >> "$L" && git commit -qam harm && git push -q"#,
            words: ["(1 of laptop-"]),
        Harm(
            description: "a batch planted under the laptop's name",
            script: #"""
                B="${L%.jsonl}.batch-1-1.jsonl" && \#(forge) "$L" > "$B" && git add "$B" && git commit -qm harm \#
                && git push -q
                """#,
            words: ["origin/main holds laptop-", ".batch-1-1.jsonl under this machine's name, which it never sent"]),
    ]

    /// Refuses a remote that lacks journal lines this machine holds, whoever's they are.
    @Test(arguments: removals) func aRemoteThatLostLinesIsRefusedAndNothingHereChanges(harm: Harm) throws {
        try expectRefusal(of: harm)
    }

    /// Refuses a remote that holds a link, a folder or a submodule where git would write a file focus reads.
    @Test(arguments: strangeFiles) func aRemoteHoldingLinksIsRefusedAndNothingIsFollowed(harm: Harm) throws {
        try expectRefusal(of: harm)
    }

    /// git takes focus's attributes for journal files from `.git/info/attributes` (written at every sync), over any
    /// `.gitattributes`: one asking for another encoding, other line ends, a filter or `$Id$` rewrites nothing, and
    /// journal files stay text to git.
    @Test func attributesInTheTreeDoNotChangeHowGitWritesJournalFiles() throws {
        let machines = try TwoMachines()
        let (git, laptop) = (machines.git, machines.laptop)
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m"], now: Self.readAt)
        _ = try Self.sync(laptop, machines.clock, ["--init", machines.remote])
        let hostile = "*.jsonl text eol=crlf working-tree-encoding=UTF-16LE filter=lfs ident merge=binary -diff\n"
        try Data(hostile.utf8).write(to: URL(fileURLWithPath: laptop.journalFolder + "/.gitattributes"))
        let file = try #require(laptop.ownJournalFiles().first)
        let attributes = try Self.run(git, ["-C", laptop.journalFolder, "check-attr", "-a", "--", file]).stdout
        let unset = ["text", "eol", "working-tree-encoding", "filter", "ident"].map { "\(file): \($0): unset" }
        let set = ["\(file): merge: union", "\(file): diff: set"]
        #expect(Set(attributes.split(separator: "\n").map(String.init)) == Set(unset + set))
        let bytes = try #require(laptop.journalFiles()[file])
        try FileManager.default.removeItem(atPath: laptop.journalFolder + "/" + file)
        #expect(try Self.run(git, ["-C", laptop.journalFolder, "checkout", "--", file]).status == 0)
        #expect(laptop.journalFiles()[file] == bytes)
    }

    /// This machine's files are sent though a `.gitignore` ignores them: focus adds them by name, with `--force`.
    @Test func aGitignoreIgnoringJournalFilesStopsNoSync() throws {
        let machines = try TwoMachines()
        let (laptop, desktop, clock) = (machines.laptop, machines.desktop, machines.clock)
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m"], now: clock.tick())
        try Data("*.jsonl\n*.batch-*\n".utf8).write(to: URL(fileURLWithPath: laptop.journalFolder + "/.gitignore"))
        #expect(try Self.sync(laptop, clock, ["--init", machines.remote]).contains("sent 1 line"))
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m"], now: clock.tick())
        #expect(try Self.sync(laptop, clock).contains("sent 1 line"))
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        #expect(try Self.run(machines.git, ["clone", "-q", machines.remote, desktop.journalFolder]).status == 0)
        #expect(try desktop.sessions(now: Self.readAt).count == 2)
    }

    /// `.gitignore` and `.gitattributes` edited on one machine after the first sync stay on that machine: sent, they
    /// would have every other machine refuse the remote (it changes files git reads). Both machines go on syncing,
    /// and lines are counted though the edit calls journal files binary (`-diff`).
    @Test func gitsFilesEditedAfterTheFirstSyncStayOnTheirMachine() throws {
        let machines = try TwoMachines()
        let (laptop, desktop, clock) = (machines.laptop, machines.desktop, machines.clock)
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m"], now: clock.tick())
        _ = try Self.sync(laptop, clock, ["--init", machines.remote])
        try FileManager.default.createDirectory(atPath: desktop.dataFolder, withIntermediateDirectories: true)
        #expect(try Self.run(machines.git, ["clone", "-q", machines.remote, desktop.journalFolder]).status == 0)
        var focusOwn: [String: String] = [:]
        for (name, added) in [(".gitignore", "*.swp\n"), (".gitattributes", "*.jsonl -diff\n")] {
            let path = laptop.journalFolder + "/" + name
            focusOwn[name] = try String(contentsOfFile: path, encoding: .utf8)
            try Data((focusOwn[name]! + added).utf8).write(to: URL(fileURLWithPath: path))
        }

        try laptop.expectSuccess(["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m"], now: clock.tick())
        #expect(try Self.sync(laptop, clock).hasSuffix("main: sent 1 line, nothing new arrived.\n"))
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-22 09:00", "--duration", "25m"], now: clock.tick())
        #expect(try Self.sync(desktop, clock).hasSuffix("main: sent 1 line, received 1 line.\n"))
        #expect(try Self.sync(laptop, clock).hasSuffix("main: nothing new to send, received 1 line.\n"))
        let ignore = laptop.journalFolder + "/.gitignore"
        #expect(try String(contentsOfFile: ignore, encoding: .utf8) == focusOwn[".gitignore"]! + "*.swp\n")
        for name in [".gitignore", ".gitattributes"] {
            #expect(try String(contentsOfFile: desktop.journalFolder + "/" + name, encoding: .utf8) == focusOwn[name])
        }
        #expect(try laptop.sessions(now: Self.readAt).count == 3)
        #expect(try desktop.sessions(now: Self.readAt).count == 3)
    }

    /// A remote that already holds more of this machine's lines than it was sent (copied there by hand, or pushed
    /// by a sync whose answer was lost), though fewer than it holds now, takes nothing away: the sync goes through.
    @Test func aRemoteHoldingMoreOfThisMachinesLinesIsNoRemoval() throws {
        let machines = try TwoMachines()
        let (git, laptop, clock) = (machines.git, machines.laptop, machines.clock)
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m"], now: clock.tick())
        _ = try Self.sync(laptop, clock, ["--init", machines.remote])
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m"], now: clock.tick())
        let copy = machines.server + "/copy"
        #expect(try Self.run(git, ["clone", "-q", machines.remote, copy]).status == 0)
        let file = try #require(laptop.ownJournalFiles().first)
        try laptop.journalFiles()[file]?.write(to: URL(fileURLWithPath: copy + "/" + file))
        let pushed = try Self.run(
            "/bin/sh", ["-c", "cd \"$0\" && git commit -qam copy && git push -q", copy],
            env: [
                "GIT_AUTHOR_NAME": "me", "GIT_AUTHOR_EMAIL": "me@example.invalid", "GIT_COMMITTER_NAME": "me",
                "GIT_COMMITTER_EMAIL": "me@example.invalid",
            ])
        try #require(pushed.status == 0, "\(pushed.stderr)")
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-22 09:00", "--duration", "25m"], now: clock.tick())
        #expect(try Self.sync(laptop, clock).hasSuffix("sent 1 line, nothing new arrived.\n"))
        #expect(try laptop.sessions(now: Self.readAt).count == 3)
        #expect(try Self.run(git, ["-C", copy, "pull", "-q"]).status == 0)
        #expect(try String(contentsOfFile: copy + "/" + file, encoding: .utf8).split(separator: "\n").count == 3)
    }

    /// git's words in an error (its last line, which quotes the remote's address and can carry what the remote's
    /// server says) reach the terminal escaped, as every piece of data focus prints does.
    @Test func gitsWordsAreEscapedInTheErrorLine() throws {
        _ = try requireTool("git", package: "git")
        let laptop = try Machine("laptop")
        let hostile = laptop.root + "/\u{1B}]52;c;aGk=\u{07}\u{1B}[2J\u{202E}\r.git"
        let result = try laptop.focus(["sync", "--init", hostile], now: Self.readAt)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: cannot reach origin ("), "\(result.stderr)")
        #expect(result.stderr.contains(#"\e]52;c;aGk=\x07\e[2J\u{202E}\r.git"#), "\(result.stderr)")
        let controls = result.stderr.unicodeScalars.filter { $0.properties.generalCategory == .control }
        #expect(
            controls.count == 1 && result.stderr.hasSuffix("\n") && !result.stderr.contains("\u{202E}"),
            "\(result.stderr)")
    }

    /// Refuses a remote that changes what git reads when it writes or adds files, or that holds records under this
    /// machine's name that it never sent: they would come back here as its own, for `focus undo` to take.
    @Test(arguments: plants) func aRemoteChangingGitsFilesOrPlantingOwnRecordsIsRefused(harm: Harm) throws {
        try expectRefusal(of: harm, unsent: false)
    }

    /// Two machines synced through a bare repository, the laptop with a line not sent yet (unless not `unsent`);
    /// `harm` is done to the remote; the laptop's sync refuses, and its journal folder, working tree and commits are
    /// as they were.
    private func expectRefusal(
        of harm: Harm, unsent: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let machines = try TwoMachines(sourceLocation: sourceLocation)
        let (git, server, remote, laptop, desktop, clock) = (
            machines.git, machines.server, machines.remote, machines.laptop, machines.desktop, machines.clock
        )
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m"], now: clock.tick())
        _ = try Self.sync(laptop, clock, ["--init", remote])
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-21 09:00", "--duration", "50m"], now: clock.tick())
        _ = try Self.sync(desktop, clock, ["--init", remote])
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-22 09:00", "--duration", "50m"], now: clock.tick())
        _ = try Self.sync(desktop, clock)
        #expect(try Self.sync(laptop, clock).hasSuffix("received 2 lines.\n"), sourceLocation: sourceLocation)
        if unsent {
            try laptop.expectSuccess(
                ["log", "add", "--start", "2026-11-23 09:00", "--duration", "25m"], now: clock.tick())
        }

        let secret = laptop.root + "/secret"
        try Data("{\"id\":\"not-for-focus\"}\n".utf8).write(to: URL(fileURLWithPath: secret))
        let attacker = server + "/attacker"
        #expect(try Self.run(git, ["clone", "-q", remote, attacker]).status == 0, sourceLocation: sourceLocation)
        let harmed = try Self.run(
            "/bin/sh", ["-c", "cd \"$0\" && " + harm.script, attacker],
            env: [
                "D": try #require(desktop.ownJournalFiles().first), "L": try #require(laptop.ownJournalFiles().first),
                "SECRET": secret, "GIT_AUTHOR_NAME": "eve", "GIT_AUTHOR_EMAIL": "eve@example.invalid",
                "GIT_COMMITTER_NAME": "eve", "GIT_COMMITTER_EMAIL": "eve@example.invalid",
            ])
        try #require(harmed.status == 0, "\(harmed.stderr)", sourceLocation: sourceLocation)

        func repository(_ args: [String]) throws -> String {
            try Self.run(git, ["-C", laptop.journalFolder] + args).stdout
        }
        let files = laptop.journalFiles()
        let head = try repository(["rev-parse", "HEAD"])
        for attempt in 1...2 {
            let result = try laptop.focus(["sync"], now: clock.tick())
            #expect(result.status == 65, "attempt \(attempt): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(
                result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1
                    && harm.words.allSatisfy { result.stderr.contains($0) }
                    && result.stderr.contains("nothing here changed"),
                "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(laptop.journalFiles() == files, "attempt \(attempt)", sourceLocation: sourceLocation)
            #expect(try repository(["status", "--porcelain"]).isEmpty, sourceLocation: sourceLocation)
            // The first attempt committed the line not sent yet; nothing else moved HEAD.
            #expect(try repository(["rev-parse", unsent ? "HEAD~1" : "HEAD"]) == head, sourceLocation: sourceLocation)
        }
        let links = try FileManager.default.contentsOfDirectory(atPath: laptop.journalFolder).filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: laptop.journalFolder + "/" + $0)) != nil
        }
        #expect(links.isEmpty, "\(links)", sourceLocation: sourceLocation)
        #expect(try laptop.sessions(now: Self.readAt).count == (unsent ? 4 : 3), sourceLocation: sourceLocation)
    }
}
