/// Where text sits in a wider column.
public enum TextAlignment: Sendable {
    /// Text first, spaces after: words, names, tags.
    case left
    /// Spaces first: numbers and durations, so their digits line up.
    case right
    /// Spaces on both sides; the odd one goes after.
    case center
}
