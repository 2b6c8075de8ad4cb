import FocusCore
import Foundation
import Testing

/// Every value the README names completes in the real bash, zsh and fish, from scripts installed where the
/// README says: bash through its completion function as bash calls it on Tab, zsh through its completion
/// system in a tmux session, fish through `complete -C`. The shells come from Debian (see ``Shells``).
@Suite(.serialized) struct CompletionEndToEndTests {
    /// Two sessions, typed by hand (so no sound unlocks: white, pink and brown are the free ones), and a file.
    static func home() throws -> TempHome {
        let home = try TempHome()
        try home.writeJournal([
            #"{"id":"a","start":"2026-11-28T09:00:00Z","end":"2026-11-28T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"thesis","source":"manual"}"#,
            #"{"id":"b","start":"2026-11-29T09:00:00Z","end":"2026-11-29T09:25:00Z","planned":1500,"focused":1500,"#
                + #""completed":true,"tag":"deep work","source":"manual"}"#,
        ])
        FileManager.default.createFile(atPath: home.path + "/take.wav", contents: Data())
        return home
    }

    static let commands = [
        "start", "continue", "break", "status", "stop", "cancel", "stats", "tags", "expedition", "passport", "profile",
        "log",
        "undo", "export",
        "import", "sync", "doctor", "config", "completions", "sound", "help",
    ]
    static let keys = FocusConfig.Key.allCases.map(\.rawValue)

    /// What is typed before Tab, and the candidates every shell must offer (files by their last name).
    static let cases: [(String, [String])] = [
        ("focus ", commands),
        ("focus st", ["start", "status", "stop", "stats"]),
        ("focus sy", ["sync"]),
        ("focus sync --", ["--init", "--help"]),
        ("focus con", ["config", "continue"]),
        ("focus --", ["--help", "--version"]),
        ("focus start --tag ", ["deep work", "thesis"]),
        ("focus start --tag x --no", ["--note"]),
        ("focus start --note ", []),
        ("focus start --sound ", ["white", "pink", "brown"]),
        ("focus stats --ra", ["--range"]),
        ("focus stats --range ", StatsRange.names),
        ("focus stats --tag ", ["deep work", "thesis"]),
        ("focus stats --device ", ["test"]),
        ("focus log --device ", ["test"]),
        ("focus log ", ["add", "edit", "move", "split", "delete"]),
        ("focus log a", ["add"]),
        ("focus log --range ", StatsRange.names),
        ("focus log add --", ["--start", "--end", "--duration", "--tag", "--note", "--help"]),
        ("focus log edit x --tag ", ["deep work", "thesis"]),
        ("focus log delete --", ["--help"]),
        ("focus export --format ", ["csv", "json", "jsonl", "ical"]),
        ("focus export --out take.", ["take.wav"]),
        ("focus import take.", ["take.wav"]),
        ("focus import take.wav --from ", ["watson", "timewarrior", "csv", "json", "jsonl"]),
        ("focus config ", ["list", "get", "set", "unset"]),
        ("focus config s", ["set"]),
        ("focus config get ", keys),
        ("focus config set da", ["daily-goal-minutes", "day-start"]),
        ("focus config set color ", ["auto", "always", "never"]),
        ("focus config set bell ", ["true", "false", "on", "off", "yes", "no"]),
        ("focus config set sound ", ["white", "pink", "brown"]),
        ("focus config set cycles ", []),
        ("focus config unset no", ["notify"]),
        ("focus sound ", ["list", "white", "pink", "brown"]),
        ("focus sound --out take.", ["take.wav"]),
        ("focus completions ", ["bash", "zsh", "fish"]),
        ("focus help ", commands),
        ("focus help log ", ["add", "edit", "move", "split", "delete"]),
        ("focus help config ", ["list", "get", "set", "unset"]),
    ]

    /// Candidates as sets, files by their last name, for comparing shells that order and prefix differently.
    static func normalized(_ words: [String]) -> Set<String> {
        Set(words.map { $0.hasSuffix("take.wav") ? "take.wav" : $0 })
    }

    @Test func bashCompletesEveryValue() throws {
        let home = try Self.home()
        guard let replies = try Shells.bashReplies(Self.cases.map(\.0), home: home) else { return }
        // bash inserts what its completion function leaves in COMPREPLY as it is, so candidates come quoted.
        for ((line, expected), got) in zip(Self.cases, replies) {
            #expect(Self.normalized(got) == Set(try Shells.bashQuoted(expected, home: home)), "bash: '\(line)'")
        }
    }

    @Test func zshCompletesEveryValue() throws {
        let home = try Self.home()
        guard let zsh = try InteractiveShell("zsh", home: home) else { return }
        for (line, expected) in Self.cases {
            #expect(Self.normalized(try zsh.candidates(line)) == Set(expected), "zsh: '\(line)'")
        }
    }

    @Test func fishCompletesEveryValueFromTheFirstTab() throws {
        let home = try Self.home()
        guard let candidates = try Shells.fishCandidates(Self.cases.map(\.0), home: home) else { return }
        for ((line, expected), got) in zip(Self.cases, candidates) {
            #expect(Self.normalized(got) == Set(expected), "fish: '\(line)'")
        }
    }

    /// Saved where the README says, bash-completion loads the script on first use.
    @Test func bashCompletionLoadsTheSavedScriptOnDemand() throws {
        let home = try Self.home()
        guard let bash = Shells.path("bash") else { return }
        guard FileManager.default.fileExists(atPath: Shells.bashCompletion) else {
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                Issue.record("bash-completion is missing on CI; .ci/run installs it")
            }
            return
        }
        _ = try Shells.script("bash", home: home, as: ".local/share/bash-completion/completions/focus")
        let program = """
            source \(Shells.bashCompletion)
            complete -p focus 2>/dev/null && echo 'loaded too early'
            __load_completion focus
            complete -p focus
            """
        let r = try Shells.run(bash, ["--norc", "--noprofile", "-c", program], home: home)
        #expect(r.stdout == "complete -F _focus focus\n", "\(r.stdout)\(r.stderr)")
    }

    /// `source <(focus completions zsh)` after compinit registers the function, as the README says.
    @Test func zshScriptSourcedAfterCompinitRegistersItself() throws {
        let home = try Self.home()
        guard let zsh = Shells.path("zsh") else { return }
        let script = try Shells.script("zsh", home: home)
        let program = "autoload -Uz compinit && compinit -u -D && source \(script) && print -r -- $_comps[focus]"
        let r = try Shells.run(zsh, ["-f", "-c", program], home: home)
        #expect(r.stdout == "_focus\n" && r.stderr.isEmpty, "\(r.stdout)\(r.stderr)")
    }
}
