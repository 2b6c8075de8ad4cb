import FocusCore
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

let tool = CommandLineTool(commands: [
    StartCommand.command,
    BreakCommand.command,
    StatusCommand.command,
    StopCommand.command,
    StatsCommand.command,
    ExpeditionCommand.command,
    PassportCommand.command,
    ProfileCommand.command,
    LogCommand.command,
    UndoCommand.command,
    ExportCommand.command,
    ImportCommand.command,
    DoctorCommand.command,
    ConfigCommand.command,
    CompletionsCommand.command,
    ManPageCommand.command,
    SoundCommand.command,
])
let environment = ProcessInfo.processInfo.environment
exit(
    tool.run(Array(CommandLine.arguments.dropFirst())) { () throws(FocusError) -> Context in
        try Context(environment: environment)
    })
