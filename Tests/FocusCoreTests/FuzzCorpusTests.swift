import Foundation
import Testing

/// Replays the committed fuzz corpus and every crash reproducer `make fuzz` found
/// through the same entry points as the fuzzer (``FuzzTargets``).
@Suite struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/fuzz")

    @Test(arguments: FuzzTargets.all.keys.sorted())
    func corpusKeepsEveryProperty(target: String) throws {
        let folder = Self.root.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!files.isEmpty, "no corpus for \(target)")
        let check = try #require(FuzzTargets.all[target])
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            #expect(check(bytes) == nil, "\(target)/\(file)")
        }
    }
}
