/// The dashboard's six tabs, the app's six screens, in the order of the tab bar and of the keys `1` to `6`.
public enum DashboardTab: Int, CaseIterable, Hashable, Sendable {
    case timer, stats, expedition, passport, profile, log

    /// The tab after this one, the first after the last.
    public var next: DashboardTab { Self.allCases[(rawValue + 1) % Self.allCases.count] }

    /// The tab before this one, the last before the first.
    public var previous: DashboardTab {
        Self.allCases[(rawValue + Self.allCases.count - 1) % Self.allCases.count]
    }
}
