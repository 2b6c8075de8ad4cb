/// One paragraph of a command's discussion, as `--help` and the man page lay it out.
enum Paragraph: Equatable {
    /// Running text, refilled to the width it is shown at.
    case prose(String)
    /// Lines shown exactly as written (a table of keys or placeholders).
    case table([String])

    /// The paragraphs of `text`: blank lines separate them; a paragraph whose every line starts with two
    /// spaces is a table, any other is prose whose line breaks are spaces.
    static func split(_ text: String) -> [Paragraph] {
        text.split(separator: "\n\n").map { block in
            let lines = block.split(separator: "\n").map(String.init)
            return lines.allSatisfy { $0.hasPrefix("  ") } ? .table(lines) : .prose(lines.joined(separator: " "))
        }
    }
}
