/// A piece of a line in one style. Its text may be anything, data included: ``TerminalLine`` shows the
/// characters that may not reach a terminal as visible escapes (``TerminalEscaping``).
public struct TextSpan: Equatable, Sendable {
    public var text: String
    public var style: TextStyle

    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}
