/// One indivisible piece of a line: a grapheme cluster, or one character of a visible escape, with its
/// width and look. Layout (``TextLayout``) cuts and pads lines only between cells.
struct LayoutCell: Equatable, Sendable {
    let character: Character
    let width: Int
    let style: TextStyle
    /// Part of a visible escape (`\e`) standing for a character from data that may not reach the terminal.
    let isEscape: Bool

    init(_ character: Character, style: TextStyle = .plain, isEscape: Bool = false) {
        self.character = character
        width = isEscape ? 1 : character.displayWidth
        self.style = style
        self.isEscape = isEscape
    }

    /// `character` in this cell's style, as ordinary text: the `…` that ends a cut line.
    func replaced(by character: Character) -> LayoutCell { LayoutCell(character, style: style) }

    /// The cells of `text` in `style` (text already safe for a terminal: see ``TerminalEscaping``).
    static func cells(_ text: some StringProtocol, style: TextStyle = .plain, isEscape: Bool = false) -> [LayoutCell] {
        text.map { LayoutCell($0, style: style, isEscape: isEscape) }
    }
}

extension [LayoutCell] {
    /// Columns the cells take.
    var width: Int { reduce(0) { $0 + $1.width } }

    /// The characters, without styles.
    var text: String { String(map(\.character)) }
}
