extension StringProtocol {
    /// This text cut to at most `width` terminal columns; when something is cut it ends in `…` and is
    /// exactly `width` wide (a wide character that does not fit leaves a space). Never splits a grapheme
    /// cluster. For text from data use ``TerminalLine``, which also escapes control characters.
    public func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return String(self) }
        guard width > 0 else { return "" }
        let text = Substring(self)
        let (end, used) = TextLayout.prefix(text, fitting: width - 1)
        return text[..<end] + String(TextLayout.ellipsis) + String(repeating: " ", count: width - 1 - used)
    }

    /// This text with spaces added to be at least `width` columns wide: after it (`.left`), before it
    /// (`.right`) or around it (`.center`). Text already as wide is unchanged.
    public func padded(toWidth width: Int, alignment: TextAlignment = .left) -> String {
        let (before, after) = TextLayout.padding(displayWidth, toWidth: width, alignment: alignment)
        return String(repeating: " ", count: before) + self + String(repeating: " ", count: after)
    }

    /// This text exactly `width` columns wide, as a table cell: truncated with `…`, then padded.
    public func fitted(toWidth width: Int, alignment: TextAlignment = .left) -> String {
        truncated(toWidth: width).padded(toWidth: width, alignment: alignment)
    }

    /// This text broken into lines of at most `width` columns: at spaces, and between wide characters
    /// (Chinese without spaces breaks between any two characters, but `，` or `。` never starts a line).
    /// A word longer than a line goes on over the next lines. Empty for blank text or `width` below 1.
    public func wrapped(toWidth width: Int) -> [String] {
        // The bytes tested and wrapped in place (a native string's), not copied first.
        if let lines = utf8.withContiguousStorageIfAvailable({ TextLayout.wrapPrintableASCII($0, toWidth: width) }),
            let lines
        {
            return lines
        }
        return TextLayout.wrap(LayoutCell.cells(self), toWidth: width).map(\.text)
    }
}
