import FocusCore

/// `focus`: the root of every command; alone, or with `--help`, it prints the overview.
enum FocusCommand: ContextFreeCommand {
    static let version = Flag("version", short: ["v", "V"], "Print the version")

    static let configuration = CommandConfiguration(
        name: "focus",
        abstract: CommandLineTool.tagline,
        discussion: """
            Run 'focus help COMMAND' or 'focus COMMAND --help' for a command's options, and
            'man focus' for everything.
            """,
        options: [version],
        subcommands: [
            StartCommand.self, ContinueCommand.self, BreakCommand.self, StatusCommand.self, StopCommand.self,
            CancelCommand.self, DashboardCommand.self, StatsCommand.self, TagsCommand.self,
            ExpeditionCommand.self, PassportCommand.self, ProfileCommand.self, LogCommand.self, UndoCommand.self,
            ExportCommand.self, ImportCommand.self, SyncCommand.self, DoctorCommand.self, ConfigCommand.self,
            CompletionsCommand.self,
            SoundCommand.self, HelpCommand.self, ManPageCommand.self, VersionCommand.self,
        ])

    static func run(_ args: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 {
        if args[version] {
            out.line(verbatim: CommandLineTool.versionLine)
        } else {
            out.lines(HelpText.lines(args.path, width: columns))
        }
        return 0
    }
}
