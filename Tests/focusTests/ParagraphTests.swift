import FocusCore
import Testing

@testable import focus

/// A discussion split into paragraphs at its blank lines, on the bytes.
@Suite struct ParagraphTests {
    /// The blocks are those of `split(separator: "\n\n")` by characters, whatever the runs of newlines, spaces, CR LF,
    /// Chinese and marks: 3,000 random texts from a fixed pool with a fixed seed.
    @Test func blocksAreSplitAsTheCharactersSplit() {
        let pool = [
            "\n", "\n", "\n\n", "\n\n\n", "  ", " ", "word", "专注", "e\u{301}", "\r\n", "\r", "\u{301}", "  key",
        ]
        var seed: UInt64 = 53
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<3_000 {
            let text = (0..<next(20)).map { _ in pool[next(pool.count)] }.joined()
            #expect(Paragraph.blocks(of: text) == text.split(separator: "\n\n"), "\(text.debugDescription)")
        }
    }
}
