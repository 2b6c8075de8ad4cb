import Foundation
import Testing

@testable import FocusViewModels

/// The width table is exactly what scripts/generate-display-width-table.py makes from the Unicode data.
@Suite struct DisplayWidthTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let ucd = "/usr/share/unicode"

    @Test func theCommittedTableIsWhatTheGeneratorMakesFromTheUnicodeData() throws {
        guard FileManager.default.fileExists(atPath: Self.ucd + "/EastAsianWidth.txt") else {
            Issue.record("The Unicode data files are missing from \(Self.ucd): apt-get install unicode-data")
            return
        }
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let generator = try #require(python, "python3 runs the table generator: apt-get install python3")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: generator)
        process.arguments = [Self.root.path + "/scripts/generate-display-width-table.py", "--ucd", Self.ucd]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let generated = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the generator failed: \(message)")
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/FocusViewModels/Text/DisplayWidthTable.swift"),
            encoding: .utf8)
        let expected = String(decoding: generated, as: UTF8.self).split(separator: "\n")
        let lines = committed.split(separator: "\n")
        let first = zip(expected, lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? lines.count
        #expect(
            lines == expected,
            """
            DisplayWidthTable.swift is not what the Unicode data in \(Self.ucd) gives (line \(first + 1) differs): \
            run `make unicode-tables`
            """)
    }

    @Test func theTableNamesItsUnicodeVersion() {
        #expect(DisplayWidth.unicodeVersion == "15.0.0")
    }

    @Test func rangesAreSortedAndDisjointSoTheBinarySearchHolds() {
        let table = DisplayWidth.table
        #expect(table.allSatisfy { $0.first <= $0.last })
        #expect(zip(table, table.dropFirst()).allSatisfy { $0.last < $1.first })
        #expect(table.last!.last <= 0x10FFFF)
    }
}
