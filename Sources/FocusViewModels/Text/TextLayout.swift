/// Truncation, padding and wrapping by display width (``DisplayWidth``): the one implementation behind the
/// `String` functions (`truncated(toWidth:)`…) and ``TerminalLine``'s.
///
/// Lines are only ever cut between grapheme clusters, so an emoji sequence, a flag or a letter with its
/// accents stays whole, and a wide character is never left half in a column.
enum TextLayout {
    /// Ends a line that was cut.
    static let ellipsis: Character = "…"

    /// Where the longest start of `text` at most `width` columns wide ends, and its width: how a line
    /// is cut before its `…`. Whole grapheme clusters only, so a wide character never ends half in.
    static func prefix(_ text: Substring, fitting width: Int) -> (end: String.Index, width: Int) {
        var used = 0
        var end = text.startIndex
        for character in text {
            let next = used + character.displayWidth
            if next > width { break }
            used = next
            end = text.index(after: end)
        }
        return (end, used)
    }

    /// The spaces before and after text `current` columns wide to fill `width` (none when it is wider).
    static func padding(_ current: Int, toWidth width: Int, alignment: TextAlignment) -> (before: Int, after: Int) {
        let gap = max(0, width - current)
        switch alignment {
        case .left: return (0, gap)
        case .right: return (gap, 0)
        case .center: return (gap / 2, gap - gap / 2)
        }
    }

    /// `cells` broken into lines of at most `width` columns.
    ///
    /// Lines break at spaces (a run of spaces becomes one space, none at the ends of lines) and next to
    /// wide characters, so Chinese or Japanese without spaces breaks between any two characters, except
    /// that closing punctuation (`，。」`) never starts a line and opening punctuation (`「（`) never ends
    /// one. A word longer than a line is cut by width and goes on over the next lines; nothing is lost.
    /// Below one column there is no line to fill: the result is empty.
    static func wrap(_ cells: [LayoutCell], toWidth width: Int) -> [[LayoutCell]] {
        guard width > 0 else { return [] }
        var lines: [[LayoutCell]] = []
        var line: [LayoutCell] = []
        var used = 0
        for word in cells.split(whereSeparator: { $0.character == " " && !$0.isEscape }) {
            for (index, piece) in pieces(word).enumerated() {
                let joint = index == 0 && !line.isEmpty ? 1 : 0
                let pieceWidth = piece.width
                if used + joint + pieceWidth <= width {
                    if joint == 1 { line.append(LayoutCell(" ")) }
                    line += piece
                    used += joint + pieceWidth
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                line = []
                used = 0
                for cell in piece {
                    // Only a one-column line is narrower than a cluster; it shows that something is there.
                    let cell = cell.width > width ? cell.replaced(by: ellipsis) : cell
                    if used + cell.width > width {
                        lines.append(line)
                        line = []
                        used = 0
                    }
                    line.append(cell)
                    used += cell.width
                }
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// ``wrap(_:toWidth:)`` of text that is printable ASCII only (help, most messages), on its bytes: every
    /// character one column wide, none an escape, no line broken inside a word but one longer than a line; `nil`
    /// for any other text. Same lines, without making a cell of each character (help wraps 40 KB of text).
    static func wrapPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, toWidth width: Int) -> [String]? {
        guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line: [UInt8] = []
        for word in bytes.split(separator: 0x20) {
            if line.count + (line.isEmpty ? 0 : 1) + word.count <= width {
                if !line.isEmpty { line.append(0x20) }
                line += word
                continue
            }
            if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
            var rest = word
            while rest.count > width {
                lines.append(String(decoding: rest.prefix(width), as: UTF8.self))
                rest = rest.dropFirst(width)
            }
            line = Array(rest)
        }
        if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
        return lines
    }

    /// A word split where a line may break inside it: next to a wide character.
    private static func pieces(_ word: ArraySlice<LayoutCell>) -> [[LayoutCell]] {
        var pieces: [[LayoutCell]] = []
        for cell in word {
            if let previous = pieces.last?.last, !breaks(between: previous, and: cell) {
                pieces[pieces.count - 1].append(cell)
            } else {
                pieces.append([cell])
            }
        }
        return pieces
    }

    private static func breaks(between previous: LayoutCell, and next: LayoutCell) -> Bool {
        (previous.width == 2 || next.width == 2) && !closing.contains(next.character)
            && !opening.contains(previous.character)
    }

    /// Punctuation that may not start a line (kinsoku): it stays with the character before it.
    private static let closing = Set(",.!?:;)]}%、。，．！？：；）］｝」』】〕〗〙〛》〉”’…‥ー々・")
    /// Punctuation that may not end a line: it stays with the character after it.
    private static let opening = Set("([{（［｛「『【〔〖〘〚《〈“‘")

}
