/// What focus asks of the terminal besides text. These are the only escape sequences focus writes, and only
/// ``TerminalRenderer`` spells them out.
public enum TerminalControl: Sendable {
    /// Rings the bell (a session ended).
    case bell
    /// Hides the cursor while the live timer is drawn.
    case hideCursor
    /// Shows it again.
    case showCursor
}
