import FocusCore

/// Dispatches a command line to a command, prints help and maps errors to exit codes.
struct CommandLineTool {
    static let version = "0.1.0"
    static let tagline = "a focus timer for the terminal, honest with time."
    let commands: [Command]

    func run(_ arguments: [String], ctx makeContext: () throws(FocusError) -> Context) -> Int32 {
        let err = Output.error
        guard let first = arguments.first else {
            Output.standard.write(overview)
            return 0
        }
        if first == "--help" || first == "-h" {
            Output.standard.write(overview)
            return 0
        }
        if first == "--version" || first == "-V" || first == "version" {
            Output.standard.line("focus \(Self.version)")
            return 0
        }
        if first == "help" {
            guard let name = arguments.dropFirst().first else {
                Output.standard.write(overview)
                return 0
            }
            guard let command = commands.first(where: { $0.name == name }) else { return unknown(name) }
            Output.standard.write(help(command))
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else { return unknown(first) }
        do throws(FocusError) {
            let args = try ParsedArguments.parse(Array(arguments.dropFirst()), for: command)
            if args.has("help") {
                Output.standard.write(help(command))
                return 0
            }
            let ctx = try makeContext()
            ctx.commands = documented
            return try command.run(args, ctx)
        } catch {
            err.line("Error: \(error.message)")
            if error.kind == .usage { err.line("Usage: \(command.usage)") }
            return error.exitCode
        }
    }

    /// The commands users see, in order, with `help` last: what the overview,
    /// the completion scripts and the man page list.
    var documented: [Command] {
        let names = commands.filter { !$0.hidden }.map(\.name)
        let help = Command(
            name: "help", summary: "Show help for a command", usage: "focus help [COMMAND]",
            arguments: [("COMMAND", "one of the commands above")], positionals: 0...1,
            completions: [.words(names)], run: { _, _ in 0 })
        return commands.filter { !$0.hidden } + [help]
    }

    private func unknown(_ name: String) -> Int32 {
        let hint = Suggestion.closest(to: name, among: documented.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
        Output.error.line("Error: '\(name)' is not a focus command.\(hint)")
        Output.error.line("Usage: focus COMMAND [OPTIONS]  (focus --help lists the commands)")
        return FocusError.Kind.usage.rawValue
    }

    var overview: String {
        let width = (documented.map(\.name.count).max() ?? 8) + 2
        var out = "focus: \(Self.tagline)\n\nUsage: focus COMMAND [OPTIONS]\n\nCommands:\n"
        for c in documented { out += "  " + c.name.padded(to: width) + c.summary + "\n" }
        out += "\nRun 'focus help COMMAND' or 'focus COMMAND --help' for details; 'focus --version' for the version.\n"
        return out
    }

    func help(_ command: Command) -> String {
        var out = "focus \(command.name): \(command.summary)\n\nUsage: \(command.usage)\n"
        if !command.arguments.isEmpty {
            out += "\nArguments:\n"
            let w = (command.arguments.map(\.0.count).max() ?? 0) + 2
            for (name, text) in command.arguments { out += "  " + name.padded(to: w) + text + "\n" }
        }
        let options =
            command.options.map { ("--" + $0.name + ($0.value.map { " " + $0 } ?? ""), $0.help) } + [
                ("-h, --help", "Show this help")
            ]
        let w = (options.map(\.0.count).max() ?? 0) + 2
        out += "\nOptions:\n"
        for (name, text) in options { out += "  " + name.padded(to: w) + text + "\n" }
        if let discussion = command.discussion { out += "\n" + discussion + "\n" }
        return out
    }
}
