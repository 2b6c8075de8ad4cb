import FocusCore

/// The label on every view computed from demo data, wrapped to the width.
enum DemoBanner {
    static func lines(width: Int) -> [TerminalLine] {
        TerminalLine(DemoData.notice, .yellow).wrapped(toWidth: width)
    }
}
