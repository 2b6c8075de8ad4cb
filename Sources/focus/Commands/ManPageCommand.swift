/// `focus man-page`: prints the `focus.1` man page (hidden; `make man` and `make install` run it).
enum ManPageCommand {
    static let command = Command(
        name: "man-page",
        summary: "Print the focus.1 man page in roff",
        usage: "focus man-page",
        hidden: true,
        run: { _, ctx in
            ctx.out.write(ManPage.render(ctx.commands, version: CommandLineTool.version))
            return 0
        })
}
