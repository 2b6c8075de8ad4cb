import Foundation
import Testing

/// The man page `make man` writes: it covers every command and subcommand, fits an 80-column terminal
/// as groff lays it out, and lists every exit status of the README's table.
@Suite struct ManPageTests {
    static func manPage() throws -> String {
        let r = try FocusBinary.run(["man-page"], home: try TempHome().path)
        #expect(r.status == 0 && r.stderr.isEmpty)
        return r.stdout
    }

    /// The page as groff typesets it for a terminal 80 columns wide, without warnings.
    @Test func fitsEightyColumns() throws {
        guard let groff = Shells.path("groff") else { return }
        let home = try TempHome()
        let file = home.path + "/focus.1"
        try Self.manPage().write(toFile: file, atomically: false, encoding: .utf8)
        let r = try Shells.run(groff, ["-man", "-Tutf8", "-ww", "-rLL=80n", "-P-cbou", file], home: home)
        #expect(r.status == 0 && r.stderr.isEmpty, "groff: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count > 100)
        for line in lines { #expect(line.count <= 80, "longer than 80: \(line)") }
        for section in ["focus log add", "focus config set", "focus sound list", "EXIT STATUS"] {
            #expect(lines.contains { $0.trimmingCharacters(in: .whitespaces) == section }, "no \(section)")
        }
    }

    @Test func listsEveryExitStatusOfTheReadme() throws {
        let readme = try String(contentsOfFile: FocusBinary.packageRoot + "/README.md", encoding: .utf8)
        let table = readme.components(separatedBy: "## Exit codes\n")[1].components(separatedBy: "\n## ")[0]
        let documented = table.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| code") }.map {
            $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
        }
        let page = try Self.manPage()
        let section = page.components(separatedBy: ".SH EXIT STATUS\n")[1].components(separatedBy: "\n.SH ")[0]
        let listed = section.components(separatedBy: ".TP\n.B ").dropFirst().map {
            String($0.prefix { $0 != "\n" })
        }
        #expect(documented.count >= 10)
        #expect(listed == documented)
    }
}
