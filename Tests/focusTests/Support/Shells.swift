import Foundation
import Testing

/// The real shells the completion tests drive, and how a test gets at them.
///
/// bash, zsh and fish come from Debian: `apt-get install bash-completion zsh fish tmux` (`.ci/run`
/// installs them). On a machine without one, its tests are skipped, except on CI (`CI=true`), where
/// a missing shell is a failure.
enum Shells {
    /// The shell's executable, or `nil` after recording why it is missing when CI needs it.
    static func path(_ name: String) -> String? {
        let found = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        if found == nil, ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("\(name) is missing on CI; .ci/run installs it with apt")
        }
        return found
    }

    /// bash-completion's loader, for the test of the lazily loaded script.
    static let bashCompletion = "/usr/share/bash-completion/bash_completion"

    /// The folder of the built `focus`, first on PATH so the scripts' `command focus` finds it.
    static let binFolder = URL(fileURLWithPath: FocusBinary.path).deletingLastPathComponent().path

    /// The environment a shell runs in: nothing of the developer's own, `focus` on PATH, data in `home`.
    static func environment(home: TempHome) -> [String: String] {
        [
            "PATH": binFolder + ":/usr/bin:/bin", "HOME": home.path, "FOCUS_HOME": home.path,
            "XDG_CONFIG_HOME": home.path + "/.config", "XDG_DATA_HOME": home.path + "/.local/share",
            "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", "TZ": "UTC",
        ]
    }

    /// The completion script `focus completions shell` prints, saved under `home`; its path.
    static func script(_ shell: String, home: TempHome, as name: String? = nil) throws -> String {
        let r = try FocusBinary.run(["completions", shell], home: home.path)
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        let file = home.path + "/" + (name ?? "focus." + shell)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try r.stdout.write(toFile: file, atomically: false, encoding: .utf8)
        return file
    }

    /// Runs `shell` with `arguments` in `home` (its working folder) and the test environment.
    static func run(_ shell: String, _ arguments: [String], home: TempHome) throws -> RunResult {
        try Spawned(executable: shell, arguments: arguments, environment: environment(home: home)).wait()
    }

    /// What bash's completion function leaves in COMPREPLY for each line, the cursor at its end, as bash
    /// runs it on Tab (COMP_LINE and COMP_POINT set, the function registered with `complete -F`).
    static func bashReplies(_ lines: [String], home: TempHome) throws -> [[String]]? {
        guard let bash = path("bash") else { return nil }
        let script = try Self.script("bash", home: home)
        let program = #"""
            cd "$HOME" || exit 1
            source "$1"; shift
            [[ $(complete -p focus) == 'complete -F _focus focus' ]] || { echo "not registered" >&2; exit 1; }
            for line; do
                COMP_LINE=$line COMP_POINT=${#line} COMPREPLY=()
                _focus
                ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"
                echo '<end>'
            done
            """#
        let r = try run(bash, ["--norc", "--noprofile", "-c", program, "bash", script] + lines, home: home)
        #expect(r.status == 0 && r.stderr.isEmpty, "bash: \(r.stderr)")
        return blocks(r.stdout)
    }

    /// The candidates `complete -C` gives for each line in fish, the script loaded as fish loads it.
    static func fishCandidates(_ lines: [String], home: TempHome) throws -> [[String]]? {
        guard let fish = path("fish") else { return nil }
        _ = try script("fish", home: home, as: ".config/fish/completions/focus.fish")
        let program = "cd $HOME; or exit 1; for line in $argv; complete -C $line; echo '<end>'; end"
        let r = try run(fish, ["-c", program] + lines, home: home)
        #expect(r.status == 0 && r.stderr.isEmpty, "fish: \(r.stderr)")
        return blocks(r.stdout).map { $0.map { String($0.split(separator: "\t", maxSplits: 1).first ?? "") } }
    }

    /// Output lines grouped by the `<end>` line that closes each group.
    private static func blocks(_ text: String) -> [[String]] {
        var groups: [[String]] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line == "<end>" {
                groups.append(current)
                current = []
            } else {
                current.append(String(line))
            }
        }
        return groups
    }
}

extension Shells {
    /// `words` as bash's `printf %q` quotes them: what bash's completion must put in COMPREPLY.
    static func bashQuoted(_ words: [String], home: TempHome) throws -> [String] {
        guard !words.isEmpty, let bash = path("bash") else { return [] }
        let r = try run(bash, ["--norc", "--noprofile", "-c", #"printf '%q\n' "$@""#, "bash"] + words, home: home)
        return r.stdout.split(separator: "\n").map(String.init)
    }
}
