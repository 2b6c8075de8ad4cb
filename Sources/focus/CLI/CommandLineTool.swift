import FocusCore

/// Parses a command line against the declarations, runs the command, prints help and maps errors to exit codes.
struct CommandLineTool {
    static let version = "0.1.0"
    static let tagline = "a focus timer for the terminal, honest with time."
    static var versionLine: String { "focus \(version)" }
    let root: any ParsableCommand.Type
    /// The process environment: `COLUMNS` for help on a pipe.
    let environment: [String: String]

    func run(_ words: [String], ctx makeContext: () throws(FocusError) -> Context) -> Int32 {
        let arguments: ParsedArguments
        do throws(CommandLineError) {
            arguments = try CommandParser.parse(words, root: root)
        } catch {
            return report(FocusError(.usage, error.message), error.path)
        }
        let out = TerminalWriter.standardOutput
        let columns = out.columns(environment: environment)
        if arguments.helpRequested {
            out.lines(HelpText.lines(arguments.path, width: columns))
            return 0
        }
        let command = arguments.path.command
        do throws(FocusError) {
            if let standalone = command as? any ContextFreeCommand.Type {
                return try standalone.run(arguments, out, columns: columns)
            }
            let ctx = try makeContext()
            return try command.run(arguments, ctx)
        } catch {
            return report(error, arguments.path)
        }
    }

    /// One `Error:` line on stderr, and the usage line after a usage error. The message may quote what the
    /// user typed or what a file holds: it is escaped like any data.
    private func report(_ error: FocusError, _ path: CommandPath) -> Int32 {
        let err = TerminalWriter.standardError
        err.line("Error: " + error.message)
        if error.kind == .usage { err.line("Usage: " + UsageText.errorLine(path)) }
        return error.exitCode
    }
}
