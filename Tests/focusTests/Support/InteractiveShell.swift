import Foundation
import Testing

/// bash, zsh or fish running interactively in a private tmux server, typed into as a person would.
///
/// Its start-up file loads focus's completion script the way the README says. In zsh, `compadd` is
/// wrapped to write every word it is given that matches what was typed to a file, so a test reads
/// exactly the candidates zsh's completion system produced.
final class InteractiveShell {
    let shell: String
    private let home: TempHome
    private let tmux: Tmux
    private let probe: String

    /// Starts `shell` in `home`; `nil` when the shell or tmux is missing (see ``Shells``).
    init?(_ shell: String, home: TempHome) throws {
        guard let path = Shells.path(shell), Shells.path("tmux") != nil else { return nil }
        self.shell = shell
        self.home = home
        probe = home.path + "/.probe"
        let rc = home.path + "/.rc"
        var command: [String]
        switch shell {
        case "bash":
            let script = try Shells.script("bash", home: home)
            try "PS1='$ '\nsource '\(script)'\n".write(toFile: rc, atomically: false, encoding: .utf8)
            command = [path, "--noprofile", "--rcfile", rc, "-i"]
        case "zsh":
            try FileManager.default.createDirectory(atPath: rc, withIntermediateDirectories: true)
            _ = try Shells.script("zsh", home: home, as: ".zfunctions/_focus")
            try Self.zshrc(functions: home.path + "/.zfunctions", probe: probe).write(
                toFile: rc + "/.zshrc", atomically: false, encoding: .utf8)
            command = ["/usr/bin/env", "ZDOTDIR=" + rc, path, "-i"]
        default:
            _ = try Shells.script("fish", home: home, as: ".config/fish/completions/focus.fish")
            // Not --no-config: fish finds the script where the README says to save it, as it does for a user.
            command = [path, "-i", "-C", "set -g fish_greeting; function fish_prompt; echo '$ '; end"]
        }
        let environment = Shells.environment(home: home).map { "\($0.key)=\($0.value)" }.sorted()
        let launcher = home.path + "/.launch"
        let words = ["exec", "/usr/bin/env", "-i"] + environment + command
        try ("#!/bin/sh\ncd '\(home.path)' || exit 1\n" + words.map(Self.quoted).joined(separator: " ") + "\n").write(
            toFile: launcher, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: launcher)
        tmux = try Tmux(command: launcher, width: 160, height: 40)
        #expect(try eventually { try self.tmux.screen().contains { $0.hasPrefix("$") } }, "\(shell) never prompted")
    }

    /// The words zsh's completion offered after typing `line` and pressing Tab (zsh only).
    func candidates(_ line: String) throws -> [String] {
        precondition(shell == "zsh", "only zsh is read through its compadd")
        unlink(probe)
        try tmux.type(line)
        try tmux.send("Tab", "C-o")
        let done = try eventually {
            (try? String(contentsOfFile: probe, encoding: .utf8))?.hasSuffix("<end>\n") == true
        }
        #expect(done, "zsh did not finish completing '\(line)'")
        try tmux.send("C-u")
        let text = (try? String(contentsOfFile: probe, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { $0 != "<end>" }
    }

    /// Types `focus log --json --tag PREFIX`, presses Tab, then runs the line with its output in a file:
    /// the tags of the sessions `focus log` printed, which are the tag the shell inserted.
    func completeTagAndRun(prefix: String) throws -> [String] {
        let out = home.path + "/.out-\(UUID().uuidString).json"
        let typed = "focus log --json --tag " + prefix
        try tmux.type(typed)
        // A completed word ends with a space, so the cursor moves even when the word was already whole (`\\*`).
        let before = try tmux.display("#{cursor_x}")
        try tmux.send("Tab")
        #expect(
            try eventually(timeout: 5) { try self.tmux.display("#{cursor_x}") != before }, "\(shell): no completion")
        try tmux.type(" > '\(out)'")
        try tmux.send("Enter")
        var rows: [[String: Any]]?
        _ = try eventually {
            guard let data = FileManager.default.contents(atPath: out), !data.isEmpty else { return false }
            rows = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            return rows != nil
        }
        let screen = try tmux.screen().joined(separator: "\n")
        #expect(rows != nil, "\(shell): '\(typed)' + Tab did not run: \(screen)")
        return (rows ?? []).compactMap { $0["tag"] as? String }
    }

    /// A zsh start-up file: compinit over `functions`, and `compadd` wrapped to write what it adds to `probe`.
    private static func zshrc(functions: String, probe: String) -> String {
        """
        PS1='$ '
        fpath=(\(quoted(functions)) $fpath)
        autoload -Uz compinit && compinit -u -D
        compadd() {
            # Calls that only compute (-O, -A, -D) pass through; the others are recorded, then made.
            if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
                builtin compadd "$@"
                return
            fi
            local -a matched
            builtin compadd -O matched "$@"
            (( $#matched )) && print -rl -- $matched >> \(quoted(probe))
            builtin compadd "$@"
        }
        focus-probe-done() { print -r -- '<end>' >> \(quoted(probe)) }
        zle -N focus-probe-done
        bindkey '^O' focus-probe-done

        """
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
