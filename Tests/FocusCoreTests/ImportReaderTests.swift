import FocusCore
import Foundation
import Testing

@testable import FocusInterchange

/// The byte readers of `focus import` read what the `String` readers they replaced read: lines end at every LF
/// without the CR before it (CR LF, LF and no final line end read alike), blanks as `trimmingWhitespace` finds them,
/// an id's lineage as `Character`s give it.
@Suite struct ImportReaderTests {
    static let pieces: [[UInt8]] = [
        Array("{\"id\":\"a\"}".utf8), [10], [13], [13, 10], [10, 13], [32], [9], [11], [12], Array("\u{3000}".utf8),
        Array("\u{85}".utf8), Array("深".utf8), [0xFF], [0xE4, 0xB8], Array("~".utf8), Array("x".utf8),
    ]

    @Test(arguments: 1...5)
    func linesEndAtEveryLineFeedWithoutTheCRBeforeIt(seed: Int) {
        var random = TestRandom(seed: UInt64(seed))
        for _ in 0..<400 {
            let bytes = (0..<random.next(in: 0...12)).flatMap { _ in Self.pieces[random.next(in: 0...15)] }
            var got: [(Int, String, Bool)] = []
            bytes.withUnsafeBufferPointer { all in
                SessionImporter.forEachLine(all) { number, line in
                    got.append((number, String(decoding: line, as: UTF8.self), SessionImporter.isBlank(line)))
                }
            }
            let reference = bytes.split(separator: 10, omittingEmptySubsequences: false).enumerated().map {
                let text = String(decoding: $0.element.last == 13 ? $0.element.dropLast() : $0.element, as: UTF8.self)
                return ($0.offset + 1, text, text.trimmingWhitespace().isEmpty)
            }
            #expect(got.map(\.0) == reference.map(\.0), "\(bytes)")
            #expect(got.map(\.1) == reference.map(\.1), "\(bytes)")
            #expect(got.map(\.2) == reference.map(\.2), "\(bytes)")
        }
    }

    /// `lineage` as it was: by `Character`.
    static func lineage(_ id: String) -> String {
        guard let tilde = id.lastIndex(of: "~") else { return id }
        let digits = id[id.index(after: tilde)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return id }
        return String(id[..<tilde])
    }

    @Test(arguments: [
        "a", "a~2", "a~12", "a~", "a~x", "a~1~2", "~5", "~", "深~3", "a\u{600}~2", "a~\u{301}", "a~2\u{301}", "a~٣",
        "watson:0123~7",
    ])
    func lineageIsReadAsBefore(_ id: String) {
        #expect(ImportPlan.lineage(id) == Self.lineage(id))
    }
}
