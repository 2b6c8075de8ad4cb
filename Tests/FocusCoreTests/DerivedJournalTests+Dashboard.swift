import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// The dashboard's facts from the derived files (``DashboardData/facts(_:config:days:)``) are the loaded journal's:
/// the same tags in the same order, the newest ids, the count.
extension DerivedJournalTests {
    /// `count` sessions from a seeded generator: starts shared by several sessions, one to three tags of a small pool
    /// (so tags tie on their last start, inside the newest sessions kept and beyond them), some without a tag.
    static func dashboardJournal(count: Int, seed: UInt64) -> [FocusLog] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pool = ["a", "b", "c", "d", "e", "f", "g", "h", "写作", "z"]
        var hoursAgo = count * 3 + 10
        return (0..<count).map { n in
            if next(4) != 0 { hoursAgo -= 1 + next(3) }
            let tags = (0..<next(4)).map { _ in pool[next(pool.count)] }
            let start = now.addingTimeInterval(Double(-hoursAgo * 3600))
            return FocusLog(
                id: String(format: "%08x", next(1 << 30)) + "-\(n)", start: start, end: start.addingTimeInterval(1500),
                planned: 1500, focused: 1500, completed: true, tags: Array(Set(tags)).sorted { _, _ in next(2) == 0 })
        }
    }

    @Test(arguments: [(30, 1), (150, 2), (260, 3), (400, 4), (400, 5), (600, 6)] as [(Int, UInt64)])
    func theDashboardsFactsFromTheDerivedFilesAreTheLoadedJournals(count: Int, seed: UInt64) throws {
        let paths = try Sessions.temporaryPaths()
        let writer = AppStore(paths: paths)
        for log in Self.dashboardJournal(count: count, seed: seed) { try writer.record(log) }
        let config = FocusConfig()
        // The first read builds the derived files; the second reads them as they are.
        for pass in ["rebuilt", "read"] {
            let derived = try DashboardData.facts(AppStore(paths: paths), config: config, days: Self.days)
            let loaded = try DashboardData.everySession(AppStore(paths: paths), config: config, days: Self.days)
            #expect(derived.tags == loaded.tags, "\(pass)")
            #expect(derived.sessionCount == loaded.sessionCount, "\(pass)")
            #expect(loaded.sessionIDs.starts(with: derived.sessionIDs), "\(pass)")
            #expect(loaded.sessionIDs.count == count)
        }
        // Without ties beyond the newest kept, the facts come from the derived files alone.
        let store = AppStore(paths: paths)
        let facts = try DashboardData.facts(store, config: config, days: Self.days)
        if count <= JournalDigest.History.kept {
            #expect(!store.isLoaded && facts.sessionIDs.count == count)
        }
    }
}
