import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// `focus sync` tells that another device's file only grew by hashing a prefix of the remote's copy, never holding
/// either copy in memory (a file of a million sessions was read whole twice per sync).
extension JournalSyncTests {
    static let sent = "{\"id\":\"a\",\"tag\":\"中文\"}\n{\"id\":\"b\"}\n"

    @Test(arguments: [
        ("the same", sent, true),
        ("grown", sent + "{\"id\":\"c\"}\n", true),
        ("grown by a line without its newline", sent + "{\"id\":\"c\"", true),
        ("a line changed", "{\"id\":\"a\",\"tag\":\"中文\"}\n{\"id\":\"B\"}\n{\"id\":\"c\"}\n", false),
        ("a line put in between", "{\"id\":\"a\",\"tag\":\"中文\"}\n{\"id\":\"x\"}\n{\"id\":\"b\"}\n", false),
        ("shorter", "{\"id\":\"a\",\"tag\":\"中文\"}\n", false),
        ("CRLF", "{\"id\":\"a\",\"tag\":\"中文\"}\r\n{\"id\":\"b\"}\r\n", false),
        ("empty", "", false),
    ])
    func aBlobStartsWithAnotherOnlyWhenItsFirstBytesAreThatOne(_ what: String, _ there: String, _ starts: Bool)
        throws
    {
        let folder = try Sessions.temporaryPaths().dataDirectory + "/journal"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.git(["init", "-q", "-b", "main"], in: folder)
        // An attribute that would rewrite the text if git applied it while hashing: it must not.
        try "*.jsonl text eol=crlf\n* text eol=crlf\n".write(
            toFile: folder + "/.gitattributes", atomically: true, encoding: .utf8)
        let sync = JournalSync(
            directory: folder, device: Device(id: "0a1b2c3d", name: "laptop"), environment: Self.environment)
        let prefix = try Self.store(Self.sent, in: folder)
        let object = try Self.store(there, in: folder)
        #expect(try sync.blob(object, startsWith: prefix) == starts, "\(what)")
    }

    /// Writes `text` into the repository at `folder` as a blob, as it is; its id.
    static func store(_ text: String, in folder: String) throws -> String {
        let input = folder + "/.blob-input"
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))
        let p = Process()
        let out = Pipe()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", folder, "hash-object", "-w", "--no-filters", input]
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let id = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        return id.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
