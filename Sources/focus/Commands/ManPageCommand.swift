import FocusCore

/// `focus man-page`: prints the `focus.1` man page (hidden; `make man` and `make install` run it).
enum ManPageCommand: ContextFreeCommand {
    static let configuration = CommandConfiguration(
        name: "man-page", abstract: "Print the focus.1 man page in roff", hidden: true)

    static func run(_ args: ParsedArguments, _ out: Output) throws(FocusError) -> Int32 {
        out.write(ManPage.render(CommandPath(commands: [args.path.root]), version: CommandLineTool.version))
        return 0
    }
}
