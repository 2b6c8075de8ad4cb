import Foundation
import Testing

/// The build tool writes a catalogue as Swift literals (`Sources/EmbedResources/CatalogueSource.swift`, the text
/// itself as a raw literal) that the compiler reads back as exactly the JSON's text, whatever the text holds.
@Suite struct CatalogueSourceTests {
    @Test func everyTextSurvivesTheGeneratedSwift() throws {
        let entries = [
            "\"quoted\" %@": "“引号” \"%@\"",
            #"back\slash \(not) interpolated \u{41}"#: #"反斜杠 \(x) \\ \n"#,
            "tab\tnewline\nreturn\r nul\u{0} del\u{7F} bell\u{7}": "控制字符\u{1B}[31m",
            "%1$@ of %2$@ %%": "%2$@的%1$@ 100%%",
            "e\u{301} combining": "\u{301}leading mark",
            "emoji 👨‍👩‍👧 flag 🇨🇳": "表情 😀",
            "\"\"\"#raw\"# ##": "##\"###",
            "\u{2028}separator\u{FEFF}": "\u{202E}bidi",
            "": "empty key",
        ]
        let folder = NSTemporaryDirectory() + "catalogue-source-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A raw DEL in a string and a CR between tokens are valid JSON, which the raw literal must escape.
        let json = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self) + "\r\n"
        #expect(json.contains("\u{7F}"))
        try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/zh-Hans.json"))
        let probe = """
            import Foundation
            let tables = [
                EmbeddedResources.zhHansTemplates, EmbeddedResources.zhHansTranslations, [EmbeddedResources.zhHansJSON],
            ]
            FileHandle.standardOutput.write(try JSONEncoder().encode(tables))
            """
        try Data(probe.utf8).write(to: URL(fileURLWithPath: folder + "/main.swift"))
        try run(tool, [folder + "/Embedded.swift", folder + "/zh-Hans.json"])
        try run(
            try executable("swiftc"), [folder + "/main.swift", folder + "/Embedded.swift", "-o", folder + "/probe"])
        let tables = try JSONDecoder().decode([[String]].self, from: Data(try run(folder + "/probe", []).utf8))
        let expected = entries.sorted { $0.key < $1.key }
        #expect(tables.map(\.count) == [expected.count, expected.count, 1])
        #expect(Array(tables[2][0].unicodeScalars) == Array(json.unicodeScalars))
        for (index, entry) in zip(expected.indices, expected) {
            #expect(Array(tables[0][index].unicodeScalars) == Array(entry.key.unicodeScalars))
            #expect(Array(tables[1][index].unicodeScalars) == Array(entry.value.unicodeScalars))
        }
    }

    /// The tool `swift build` put beside the tests.
    private var tool: String {
        URL(fileURLWithPath: FocusBinary.path).deletingLastPathComponent().appendingPathComponent("EmbedResources").path
    }

    /// `name` as the shell finds it in `PATH`.
    private func executable(_ name: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        let path = folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(path, "\(name) is not in PATH")
    }

    /// The output of `executable arguments…`, which must succeed.
    @discardableResult
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let result = try Spawned(
            executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment
        ).wait()
        #expect(result.status == 0, "\(executable): \(result.stderr)")
        return result.stdout
    }
}
