/// How the dashboard's screen is divided: the tab bar and a rule above the body, one line of keys or news below.
/// The reducer pages and scrolls by it; the view draws by it.
public enum DashboardLayout {
    /// Rows above the body: the tab bar and a rule.
    public static let headerRows = 2
    /// Rows below the body: the status line.
    public static let footerRows = 1
    /// Rows at the top of the Log tab's body before its first session: the heading.
    public static let logHeadingRows = 1

    /// Rows the body of a tab has in a terminal of `size`.
    public static func bodyRows(_ size: DashboardSize) -> Int { max(1, size.rows - headerRows - footerRows) }

    /// Sessions the Log tab shows at once in a terminal of `size`.
    public static func logRows(_ size: DashboardSize) -> Int { max(1, bodyRows(size) - logHeadingRows) }
}
