import FocusCore

/// `focus version`: the same as `focus --version`, for those who type it as a word (hidden).
enum VersionCommand: ContextFreeCommand {
    static let configuration = CommandConfiguration(name: "version", abstract: "Print the version", hidden: true)

    static func run(_ args: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 {
        out.line(verbatim: CommandLineTool.versionLine)
        return 0
    }
}
