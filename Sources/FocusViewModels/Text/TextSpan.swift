import FocusModels

/// A piece of a line in one style. Its text may be anything, data included: ``TerminalLine`` shows the
/// characters that may not reach a terminal as visible escapes (``TerminalEscaping``).
public struct TextSpan: Equatable, Sendable {
    public var text: String
    public var style: TextStyle

    /// A span of `text` as it is in every language; disfavoured so that a literal makes a translated ``Message``.
    @_disfavoredOverload
    public init(_ text: String, _ style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }

    /// A span of `message` in the current language (``Language/current``).
    public init(_ message: Message, _ style: TextStyle = .plain) { self.init(message.localized, style) }
}
