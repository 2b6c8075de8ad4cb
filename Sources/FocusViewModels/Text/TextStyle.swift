/// How a span of text looks: weight and colour. Only ``TerminalRenderer`` turns a style into escape codes,
/// and only when colour is on.
public struct TextStyle: Hashable, Sendable {
    /// A foreground colour from the terminal's palette (so it follows the user's theme).
    public enum Color: Int, Sendable {
        case red = 31
        case green = 32
        case yellow = 33
        case cyan = 36
    }

    public var bold: Bool
    public var dim: Bool
    public var color: Color?

    public init(bold: Bool = false, dim: Bool = false, color: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.color = color
    }

    public static let plain = TextStyle()
    public static let bold = TextStyle(bold: true)
    public static let dim = TextStyle(dim: true)
    public static let red = TextStyle(color: .red)
    public static let green = TextStyle(color: .green)
    public static let yellow = TextStyle(color: .yellow)
    public static let cyan = TextStyle(color: .cyan)

    /// This style with the attributes of `other` added (its colour wins): `.bold.with(.red)`.
    public func with(_ other: TextStyle) -> TextStyle {
        TextStyle(bold: bold || other.bold, dim: dim || other.dim, color: other.color ?? color)
    }

    /// The SGR parameters that select this style after a reset (empty for ``plain``).
    var parameters: [Int] {
        var codes: [Int] = []
        if bold { codes.append(1) }
        if dim { codes.append(2) }
        if let color { codes.append(color.rawValue) }
        return codes
    }
}
