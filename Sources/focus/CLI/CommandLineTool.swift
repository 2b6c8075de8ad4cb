import FocusCore

/// Parses a command line against the declarations, runs the command, prints help and maps errors to exit codes.
struct CommandLineTool {
    static let version = "0.1.0"
    static let tagline = "a focus timer for the terminal, honest with time."
    static var versionLine: String { "focus \(version)" }
    let root: any ParsableCommand.Type

    func run(_ words: [String], ctx makeContext: () throws(FocusError) -> Context) -> Int32 {
        let arguments: ParsedArguments
        do throws(CommandLineError) {
            arguments = try CommandParser.parse(words, root: root)
        } catch {
            return report(FocusError(.usage, error.message), error.path)
        }
        if arguments.helpRequested {
            Output.standard.write(HelpText.render(arguments.path))
            return 0
        }
        let command = arguments.path.command
        do throws(FocusError) {
            if let standalone = command as? any ContextFreeCommand.Type {
                return try standalone.run(arguments, Output.standard)
            }
            let ctx = try makeContext()
            return try command.run(arguments, ctx)
        } catch {
            return report(error, arguments.path)
        }
    }

    /// One `Error:` line on stderr, and the usage line after a usage error.
    ///
    /// The message may quote data (an id, a file name, a value from a file): anything in it that could drive the
    /// terminal is shown as a visible escape (``TerminalEscaping``), so the error stays one plain line.
    private func report(_ error: FocusError, _ path: CommandPath) -> Int32 {
        Output.error.line("Error: \(TerminalEscaping.escaped(error.message))")
        if error.kind == .usage { Output.error.line("Usage: " + UsageText.errorLine(path)) }
        return error.exitCode
    }
}
