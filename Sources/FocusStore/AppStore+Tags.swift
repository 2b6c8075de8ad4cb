import FocusModels

extension AppStore {
    /// Every tag in the journal once with how it has been used, the most recently used first.
    public var tagUsage: [TagUsage] { TagUsage.tally(focusLogs) }

    /// Every tag in the journal once, the most recently used first.
    public var tags: [String] { tagUsage.map(\.tag) }
}
