import FocusCore

/// The label on every view computed from demo data, wrapped to the width.
enum DemoBanner {
    static func lines(width: Int, style: Style) -> [String] {
        DemoData.notice.wrapped(to: width).map { style.yellow($0) }
    }
}
