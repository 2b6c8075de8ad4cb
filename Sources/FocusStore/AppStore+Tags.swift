extension AppStore {
    /// Every tag in the journal once, the most recently used first.
    public var tags: [String] {
        var seen = Set<String>()
        return focusLogs.reversed().compactMap(\.tag).filter { seen.insert($0).inserted }
    }
}
