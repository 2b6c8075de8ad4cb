/// One paragraph of a command's discussion, as `--help` and the man page lay it out.
enum Paragraph: Equatable {
    /// Running text, refilled to the width it is shown at.
    case prose(String)
    /// Lines shown exactly as written (a table of keys or placeholders).
    case table([String])

    /// The paragraphs of `text`: blank lines separate them; a paragraph whose every line starts with two
    /// spaces is a table, any other is prose whose line breaks are spaces.
    static func split(_ text: String) -> [Paragraph] {
        blocks(of: text).map { block in
            let lines = block.split(separator: "\n").map(String.init)
            return lines.allSatisfy { $0.hasPrefix("  ") } ? .table(lines) : .prose(lines.joined(separator: " "))
        }
    }

    /// `text` split at its blank lines as `split(separator: "\n\n")` splits its characters (empty blocks left out).
    /// Without a carriage return a newline is always a character of its own, so the bytes tell where, without the
    /// generic search by characters (a quarter of `help`'s instructions); "\r\n" is one character, so text holding a
    /// CR is split by characters.
    static func blocks(of text: String) -> [Substring] {
        let utf8 = text.utf8
        guard !utf8.contains(13) else { return text.split(separator: "\n\n") }
        var blocks: [Substring] = []
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let next = utf8.index(after: index)
            guard utf8[index] == 10, next < utf8.endIndex, utf8[next] == 10 else {
                index = next
                continue
            }
            if start < index { blocks.append(text[start..<index]) }
            index = utf8.index(after: next)
            start = index
        }
        if start < utf8.endIndex { blocks.append(text[start..<utf8.endIndex]) }
        return blocks
    }
}
