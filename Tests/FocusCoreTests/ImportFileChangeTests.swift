import FocusCore
import Foundation
import Testing

@testable import FocusInterchange

/// A file `focus import` reads that another program changes meanwhile: an import reads one state of it or says that
/// it changed (exit 75, nothing planned), and never dies of a file cut short under it.
@Suite struct ImportFileChangeTests {
    static func frame(_ k: Int) -> String {
        "[\(1_795_165_200 + k * 3600), \(1_795_166_700 + k * 3600), \"coding\", \"f\(k)\", [], 1795166700]"
    }

    static func frames(_ count: Int) -> String { "[" + (0..<count).map(frame).joined(separator: ",\n") + "]" }

    static func plan(_ inputs: [ImportInput], format: SessionImporter.Format) throws(FocusError) -> [FocusLog] {
        var added: [FocusLog] = []
        _ = try ImportPlan.plan(
            inputs, format: format, history: JournalHistory(sessions: [], changes: []), path: "the file",
            now: Fixtures.now, newID: { UUID().uuidString }, adding: { added.append($0) })
        return added
    }

    static func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("import-change-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    static func expectChanged(_ body: () throws(FocusError) -> Void) {
        do throws(FocusError) {
            try body()
            Issue.record("the change was not noticed")
        } catch {
            #expect(
                error.kind == .temporary && error.message.description == "the file changed while it was read; try again"
            )
        }
    }

    /// Watson's file read twice (checked whole, then read) that changes between the passes: an error, not the
    /// frames of the first pass silently dropped.
    @Test(arguments: [4097, 9000])
    func watsonFramesThatChangeBetweenThePassesAreAnError(_ count: Int) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Array(Self.frames(count).utf8).count)
        defer { copy.deallocate() }
        _ = copy.initialize(from: Array(Self.frames(count).utf8))
        var last = 0
        // The second pass starts from the top: a program writing the file then cuts its last frame.
        let input = ImportInput(
            name: "frames", bytes: UnsafeBufferPointer(copy),
            releasing: { offset in
                if offset < last { copy[copy.count - 3] = UInt8(ascii: "x") }
                last = offset
            }, closing: {})
        Self.expectChanged { () throws(FocusError) in _ = try Self.plan([input], format: .watson) }
    }

    /// A file rewritten in place after it was opened (the same size, other bytes) is an error once it is read; one
    /// replaced whole (a new file renamed over it, as Watson and focus write theirs) is read as it was opened.
    @Test(arguments: [true, false])
    func aFileChangedWhileItIsReadIsAnErrorUnlessReplacedWhole(inPlace: Bool) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/frames"
        try Data(Self.frames(3).utf8).write(to: URL(fileURLWithPath: path))
        let inputs = try InterchangeFiles.open(path, format: .watson)
        let changed = Data(Self.frames(3).replacingOccurrences(of: "coding", with: "CODING").utf8)
        guard inPlace else {
            try changed.write(to: URL(fileURLWithPath: dir + "/new"))
            #expect(rename(dir + "/new", path) == 0)
            let added = try Self.plan(inputs, format: .watson)
            #expect(added.map(\.id) == ["f0", "f1", "f2"] && added.allSatisfy { $0.tags == ["coding"] })
            return
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: changed)
        try handle.close()
        Self.expectChanged { () throws(FocusError) in _ = try Self.plan(inputs, format: .watson) }
    }

    /// Timewarrior's month files are read when the import comes to each: one cut short, emptied or removed after the
    /// folder was listed is read as it is then (a mapped file cut short would kill the process), the others whole.
    @Test func timewarriorMonthsCutShortMeanwhileAreReadAsTheyAreThen() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 1,000 intervals a month, more than a page of each file.
        for month in ["202609", "202610", "202611", "202612"] {
            let lines = (0..<1000).map { k in
                let (day, hour, minute) = (k / 40 + 1, k % 40 / 2, k % 2 * 30)
                let start = month + String(format: "%02dT%02d%02d00Z", day, hour, minute)
                return "inc \(start) - " + month + String(format: "%02dT%02d%02d25Z # m", day, hour, minute)
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: dir + "/\(month.prefix(4))-\(month.suffix(2)).data"))
        }
        let inputs = try InterchangeFiles.open(dir, format: .timewarrior)
        #expect(truncate(dir + "/2026-09.data", 0) == 0)
        // Half a line is left: that interval is skipped.
        #expect(truncate(dir + "/2026-10.data", 10) == 0)
        #expect(unlink(dir + "/2026-11.data") == 0)
        let added = try Self.plan(inputs, format: .timewarrior)
        #expect(added.count == 1000)
        #expect(added.allSatisfy { UTCTimestamp.format($0.start).hasPrefix("2026-12-") })
    }
}
