import FocusCore

/// Parses a command line against the declarations, runs the command, prints help and maps errors to exit codes.
struct CommandLineTool {
    static let version = "0.1.0"
    static let tagline = Message("a focus timer for the terminal, honest with time.")
    static var versionLine: String { "focus \(version)" }
    let root: any ParsableCommand.Type
    /// The process environment: `COLUMNS` for help on a pipe, the locale and the config's `language`.
    let environment: Environment

    func run(_ words: [String], ctx makeContext: () throws(FocusError) -> Context) -> Int32 {
        // Chosen before anything can fail, so that every message, a usage error included, is in it.
        Language.$current.withValue(Context.language(environment)) {
            #if DEBUG
                // A debug build (every test's) names each message it showed that a catalogue lacks, so a new English
                // message without its Chinese fails the end-to-end tests that show it.
                let check = MessageCatalogue.Check()
                let status = MessageCatalogue.Check.$current.withValue(check) { run(words, makeContext) }
                for missing in check.missing {
                    TerminalWriter.standardError.line(
                        "focus (debug build): no translation for \(Message(verbatim: missing)) in Resources/")
                }
                return status
            #else
                return run(words, makeContext)
            #endif
        }
    }

    private func run(_ words: [String], _ makeContext: () throws(FocusError) -> Context) -> Int32 {
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
            if let status = try command.runWithoutContext(arguments, out, columns: columns) { return status }
            let ctx = try makeContext()
            // A rebuild of the derived files from a long history shows how far it has come, as long work does; never
            // beside JSON, a prompt's `status --format` or completion words (``Context/quiet``).
            if let meter = ProgressMeter(ctx, enabled: !arguments.asksForJSON) {
                ctx.store.rebuildProgress = { [unowned ctx] progress in
                    guard !ctx.quiet else { return }
                    if let progress { meter.report(progress) } else { meter.finish() }
                }
            }
            return try command.run(arguments, ctx)
        } catch {
            return report(error, arguments.path)
        }
    }

    /// One `Error:` line on stderr, and the usage line after a usage error (``FocusError/showsUsage``). The message
    /// may quote what the user typed or what a file holds: it is escaped like any data.
    private func report(_ error: FocusError, _ path: CommandPath) -> Int32 {
        let err = TerminalWriter.standardError
        err.line("Error: \(error.message)")
        if error.showsUsage { err.line("Usage: \(UsageText.errorLine(path))") }
        return error.exitCode
    }
}
