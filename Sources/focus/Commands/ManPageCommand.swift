import FocusCore

/// `focus man-page`: prints the `focus.1` man page (hidden; `make man` and `make install` run it).
enum ManPageCommand: ContextFreeCommand {
    static let configuration = CommandConfiguration(
        name: "man-page", abstract: "Print the focus.1 man page in roff", hidden: true)

    static func run(_ args: ParsedArguments, _ out: TerminalWriter, columns: Int) throws(FocusError) -> Int32 {
        // roff for man(1), which escapes what it shows: the page is written exactly.
        out.exact(ManPage.render(CommandPath(commands: [args.path.root]), version: CommandLineTool.version))
        return 0
    }
}
