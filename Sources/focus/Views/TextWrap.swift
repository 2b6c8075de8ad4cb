extension String {
    /// Splits the text into lines of at most `width` cells, breaking at spaces
    /// (a word longer than a line is cut).
    func wrapped(to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ") {
            let word = String(word).truncated(to: width)
            if line.isEmpty {
                line = word
            } else if line.cellWidth + 1 + word.cellWidth <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
