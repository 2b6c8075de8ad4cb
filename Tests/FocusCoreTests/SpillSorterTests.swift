import Foundation
import Testing

@testable import FocusStore

/// ``SpillSorter``: the values come back in order however many chunks spilled to the temp file, as often as they
/// are read, and the temp file is never left in the folder.
struct SpillSorterTests {
    struct Entry: Equatable, SpillSortable {
        var key: Int
        var place: Int
        var length: Int

        static func precedes(_ a: Self, _ b: Self) -> Bool { (a.key, a.place) < (b.key, b.place) }
    }

    @Test(arguments: [(1, 0), (1, 1), (3, 10), (7, 100), (64, 1000), (1000, 999), (1 << 16, 5000)])
    func valuesComeBackInOrder(chunk: Int, count: Int) throws {
        let directory = try Sessions.temporaryPaths().cacheDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var random = SystemRandomNumberGenerator()
        let values = (0..<count).map { n in
            Entry(
                key: Int.random(in: -50...50, using: &random), place: n, length: Int.random(in: 0...9, using: &random))
        }
        let sorter = SpillSorter<Entry>(directory: directory, chunkSize: chunk)
        for value in values { sorter.append(value) }
        #expect(sorter.count == count)
        let expected = values.sorted(by: Entry.precedes)
        for _ in 0..<2 {
            var got: [Entry] = []
            #expect(sorter.visitInOrder { got.append($0) })
            #expect(got == expected)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// A folder that cannot be made (its parent is a file): the sorter says so instead of giving part of the values;
    /// values that fit in a chunk need no folder.
    @Test func aFolderThatCannotTakeTheRunsIsReported() throws {
        let file = try Sessions.temporaryPaths().dataDirectory + "/a-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let sorter = SpillSorter<Int>(directory: file + "/cache", chunkSize: 2)
        for value in [3, 1, 2] { sorter.append(value) }
        #expect(!sorter.visitInOrder { _ in })
        let small = SpillSorter<Int>(directory: file + "/cache", chunkSize: 8)
        for value in [3, 1, 2] { small.append(value) }
        var got: [Int] = []
        #expect(small.visitInOrder { got.append($0) })
        #expect(got == [1, 2, 3])
    }

    /// The folder is made when the first run is written, not before: a rebuild that spills nothing (an empty
    /// journal) leaves no folder behind.
    @Test(arguments: [(8, false), (2, true)])
    func theFolderIsMadeOnlyForARun(chunk: Int, spills: Bool) throws {
        let directory = try Sessions.temporaryPaths().cacheDirectory
        let sorter = SpillSorter<Int>(directory: directory, chunkSize: chunk)
        for value in [3, 1, 2] { sorter.append(value) }
        var got: [Int] = []
        #expect(sorter.visitInOrder { got.append($0) })
        #expect(got == [1, 2, 3])
        #expect(FileManager.default.fileExists(atPath: directory) == spills)
        if spills { #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty) }
    }
}
