import FocusCore

/// The `focus.1` man page in roff, generated from the command table so it covers every command.
enum ManPage {
    static func render(_ commands: [Command], version: String) -> String {
        var out = """
            .TH FOCUS 1 "" "focus \(version)" "User Commands"
            .SH NAME
            focus \\- \(escaped(CommandLineTool.tagline))
            .SH SYNOPSIS
            .B focus
            .I COMMAND
            [\\fIOPTIONS\\fR]
            .SH DESCRIPTION
            focus runs pomodoro sessions with a live countdown, records each one in an
            append\\-only JSON Lines journal you own, and reports honest statistics, streaks
            and an expedition through real cities earned by real focus.
            Every command takes \\fB\\-\\-help\\fR; \\fBfocus \\-\\-version\\fR prints the version.
            .SH COMMANDS

            """
        for command in commands {
            out += ".SS \(escaped(command.usage))\n\(escaped(command.summary)).\n"
            for (name, help) in command.arguments { out += ".TP\n.I \(escaped(name))\n\(escaped(help))\n" }
            for option in command.options {
                out +=
                    ".TP\n.B \\-\\-\(escaped(option.name))" + (option.value.map { " \\fI\(escaped($0))\\fR" } ?? "")
                    + "\n\(escaped(option.help))\n"
            }
            if let discussion = command.discussion { out += ".PP\n.nf\n\(escaped(discussion))\n.fi\n" }
        }
        out += ".SH SETTINGS\n"
        out += "\\fBfocus config set\\fR \\fIKEY VALUE\\fR writes \\fIconfig.json\\fR in the config folder.\n"
        for key in FocusConfig.Key.allCases { out += ".TP\n.B \(escaped(key.rawValue))\n\(escaped(key.accepted))\n" }
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
            0 success; 1 nothing to act on; 64 bad command line; 65 bad data in a file you own;
            66 a file cannot be read; 73 a file cannot be created; 74 I/O error;
            75 a session is already running; 130 and 143 stopped by Ctrl\\-C or SIGTERM.

            """
        return out
    }

    /// `text` safe in roff: backslashes and hyphens escaped, no line starting with a control character.
    static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }
}
