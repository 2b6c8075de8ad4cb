import FocusCore

/// The `focus.1` man page in roff, generated from the declarations so it covers every command and
/// subcommand. Tables are at most 73 columns, so the page fits an 80-column terminal.
enum ManPage {
    /// Every exit status focus uses, as the README's table lists them.
    static let exitStatuses = [
        ("0", "success"),
        ("1", "nothing to act on (focus stop when idle)"),
        ("64", "bad command line (with the usage line)"),
        ("65", "bad data in a file you own (config, route)"),
        ("66", "a file that should exist cannot be read"),
        ("69", "a program focus needs is missing or cannot work (git for focus sync, an audio player)"),
        ("73", "a file or folder cannot be created"),
        ("74", "reading or writing failed (disk full, I/O error)"),
        ("75", "try again later: a session is already running"),
        ("78", "an environment variable focus cannot use (FOCUS_NOW, a FOCUS_HOME that is a file)"),
        ("130, 143", "the session was stopped by Ctrl-C or SIGTERM (after recording it)"),
    ]

    static func render(_ root: CommandPath, version: String) -> String {
        var out = """
            .TH FOCUS 1 "" "focus \(version)" "User Commands"
            .nh
            .ad l
            .SH NAME
            focus \\- \(escaped(CommandLineTool.tagline.description))
            .SH SYNOPSIS
            .B focus
            .I COMMAND
            [\\fIOPTIONS\\fR]
            .SH DESCRIPTION
            focus runs pomodoro sessions with a live countdown, records each one in an
            append\\-only JSON Lines journal you own, and reports honest statistics, streaks
            and an expedition through real cities earned by real focus.
            Every command takes \\fB\\-\\-help\\fR; \\fBfocus \\-\\-version\\fR (or \\fB\\-v\\fR) prints the version.
            .SH COMMANDS

            """
        for path in root.descendants().dropFirst() { out += section(path) }
        out += ".SH SETTINGS\n"
        out += "\\fBfocus config set\\fR \\fIKEY VALUE\\fR writes \\fIconfig.json\\fR in the config folder.\n"
        for key in FocusConfig.Key.allCases {
            out += ".TP\n.B \(escaped(key.rawValue))\n\(escaped(key.accepted.description))\n"
        }
        out += """
            .SH HOOKS
            Executables in \\fI<config>/hooks/\\fR named \\fBon\\-start\\fR, \\fBon\\-break\\fR,
            \\fBon\\-complete\\fR and \\fBon\\-stop\\fR run when a focus phase starts, a break starts,
            a focus phase reaches its plan, or a phase is stopped early; always after the
            session is recorded. The countdown keeps running; a hook that fails is reported on
            standard error, and one still running after 10 seconds is killed and reported.
            They get these variables:
            .PP
            \(Hook.variables.map { "\\fB\($0)\\fR" }.joined(separator: ",\n"))
            .SH ENVIRONMENT
            .TP
            .B FOCUS_HOME
            One folder for data and settings; isolates everything.
            .TP
            .B XDG_DATA_HOME\\fR, \\fBXDG_CONFIG_HOME
            Where data and settings live without \\fBFOCUS_HOME\\fR.
            .TP
            .B FOCUS_NOW
            An RFC 3339 instant that pins the clock, for reproducible output.
            .TP
            .B NO_COLOR
            Turns colour off unless the \\fBcolor\\fR setting is \\fBalways\\fR.
            .TP
            .B FOCUS_HOOK_TIMEOUT
            Seconds a hook may run instead of 10; meant for tests.
            .SH FILES
            .TP
            .I <data>/journal/*.jsonl
            The journal: every file there is read; focus appends to \\fIfocus.jsonl\\fR.
            .TP
            .I <config>/config.json
            Settings.
            .TP
            .I <config>/hooks/
            Hooks.
            .SH EXIT STATUS

            """
        for (code, meaning) in exitStatuses { out += ".TP\n.B \(escaped(code))\n\(escaped(meaning))\n" }
        return out
    }

    /// One command: its synopsis, what it does, its arguments and options, and its discussion.
    private static func section(_ path: CommandPath) -> String {
        let configuration = path.configuration
        var out = ".SS \(escaped(path.words))\n.B \(escaped(path.words))\n"
        let synopsis =
            configuration.argumentSpecs.map { bracket(italic($0.name), !$0.isRequired) }
            + configuration.optionSpecs.map { bracket(option($0), !$0.isRequired) }
        if !synopsis.isEmpty { out += synopsis.joined(separator: " ") + "\n" }
        out += ".PP\n\(escaped(configuration.abstract.description)).\n"
        for argument in configuration.argumentSpecs {
            out += ".TP\n\(italic(argument.name))\n\(escaped(argument.help.description))\n"
        }
        for spec in configuration.optionSpecs { out += ".TP\n\(option(spec))\n\(escaped(spec.help.description))\n" }
        for paragraph in configuration.discussion.map { Paragraph.split($0.description) } ?? [] {
            switch paragraph {
            case .prose(let text): out += ".PP\n\(escaped(text))\n"
            case .table(let lines): out += ".PP\n.nf\n\(escaped(lines.joined(separator: "\n")))\n.fi\n"
            }
        }
        return out
    }

    /// `\fB\-\-tag\fR\ \fIT\fR`: kept on one line when the text is filled.
    private static func option(_ spec: OptionSpec) -> String {
        "\\fB\(escaped(spec.flagName))\\fR" + (spec.placeholder.map { "\\ " + italic($0) } ?? "")
    }

    private static func italic(_ text: String) -> String { "\\fI\(escaped(text))\\fR" }

    private static func bracket(_ text: String, _ optional: Bool) -> String { optional ? "[" + text + "]" : text }

    /// `text` safe in roff: backslashes and hyphens escaped, no line starting with a control character.
    /// `text` for roff: backslashes and hyphens escaped, every non-ASCII character as a `\[u…]` glyph named by
    /// its code point in hex.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.replacing("\\", with: "\\e").replacing("-", with: "\\-").unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return
            out
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
