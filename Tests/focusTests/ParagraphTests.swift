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
        var random = FuzzRandom(seed: 53)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<20, using: &random)).map { _ in random.pick(pool) }.joined()
            #expect(Paragraph.blocks(of: text) == text.split(separator: "\n\n"), "\(text.debugDescription)")
        }
    }
}
