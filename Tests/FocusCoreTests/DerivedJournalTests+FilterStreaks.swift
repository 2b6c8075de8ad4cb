import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// `focus stats --tag` and `--device` over a bounded range read the window's sessions through the session index and
/// the streaks the stats cache keeps per tag and per device (``FilterStreaks``): the same statistics as the loaded
/// journal's, through random journals changed in every way a journal changes.
extension DerivedJournalTests {
    /// The filters asked after each change: every tag the random journals use, one no session has, the devices.
    static let filters: [(tag: String?, device: String?)] =
        RandomJournal.tags.compactMap { $0 }.map { ($0, nil) } + [
            ("synced", nil), ("edited", nil), ("sync", nil), ("merged", nil), ("imported", nil), ("nothing", nil),
            (nil, "laptop"), (nil, "nobody"),
        ]
    static let filteredRanges: [StatsRange] = [
        .lastDays(7), .lastDays(30), .lastDays(365),
        .dates(from: CivilDate(dayNumber: today - 20), to: CivilDate(dayNumber: today - 9)),
    ]

    /// The filtered statistics of every filter and range from the index and the cache (`nil` where they cannot
    /// tell), and from the loaded journal.
    static func filteredStats(_ paths: DataPaths) throws -> (indexed: [StatsData?], loaded: [StatsData]) {
        let reference = AppStore(paths: paths)
        try reference.load()
        let own = reference.focusLogs.compactMap { reference.device(ofSession: $0.id) }.first { $0 != "laptop" }
        var indexed: [StatsData?] = []
        var loaded: [StatsData] = []
        for (tag, device) in filters + [(nil, own ?? "none")] {
            let logs = reference.focusLogs.filter { log in
                (tag.map(log.has(tag:)) ?? true) && (device == nil || reference.device(ofSession: log.id) == device)
            }
            for range in filteredRanges {
                let store = AppStore(paths: paths)
                let input = store.indexedFilteredInput(
                    range: range, tag: tag, device: device, today: today, days: days)
                #expect(input == nil || !store.isLoaded)
                indexed.append(
                    input.map { StatsService.buildStatsData(input: $0, range: range, tag: tag, now: now, days: days) })
                loaded.append(
                    StatsService.buildStatsData(
                        input: StatsInput(summaries: StatsService.daySummaries(focusLogs: logs, days: days)),
                        range: range, tag: tag, now: now, days: days))
            }
        }
        return (indexed, loaded)
    }

    @Test(arguments: 1...6)
    func filteredStatsFromTheIndexAndTheCacheAreTheLoadedJournals(seed: Int) throws {
        var journal = try RandomJournal(seed: seed)
        // No torn tail with a line after it, no duplicate id: the index could not follow them (the journal streams).
        journal.excluded = [9, 10]
        var told = 0
        var folded = 0
        for step in 0..<40 {
            let kind = try journal.step(step)
            // The index is built by the first command that changes a session; a filtered `stats` never builds it.
            if step == 3 { _ = AppStore(paths: journal.paths).indexedLookup() }
            let got = try Self.filteredStats(journal.paths)
            for (i, (indexed, loaded)) in zip(got.indexed, got.loaded).enumerated() {
                if step < 3 { #expect(indexed == nil, "no index yet") }
                guard let indexed else { continue }
                #expect(indexed == loaded, "seed \(seed) step \(step) kind \(kind) case \(i)")
                told += 1
            }
            // Appends, edits, deletions and undos keep the index and the cache usable: every filter is told.
            if kind <= 8, got.indexed.allSatisfy({ $0 != nil }) { folded += 1 }
        }
        #expect(told > 1500)
        #expect(folded > 15)
    }

    /// Spellings `==` takes for one (a precomposed letter and its decomposition, combining marks in another order, a
    /// compatibility ideograph and the unified one, the Kelvin sign and `K`, Hangul jamo and the syllable).
    static let sameSpellings: [(String, String)] = [
        ("cafe\u{301}", "caf\u{E9}"), ("a\u{323}\u{307}", "a\u{307}\u{323}"), ("\u{F91D}", "\u{6B04}"),
        ("\u{212A}elvin", "Kelvin"), ("\u{1112}\u{1161}\u{11AB}", "\u{D55C}"), ("\u{37E}", ";"),
    ]

    /// A tag's or a device's runs are found in the cache's table by a hash that `==` cannot tell apart: the builder
    /// and the records, which match keys with `==`, keep one entry for every spelling.
    @Test(arguments: sameSpellings)
    func aKeysHashIsTheSameForEverySpellingOfIt(_ first: String, _ other: String) {
        #expect(first == other && Array(first.utf8) != Array(other.utf8))
        #expect(FilterStreaks.hash(FilterStreaks.key(tag: first)) == FilterStreaks.hash(FilterStreaks.key(tag: other)))
        #expect(
            FilterStreaks.hash(FilterStreaks.key(device: first)) == FilterStreaks.hash(FilterStreaks.key(device: other))
        )
        #expect(FilterStreaks.hash(first) != FilterStreaks.hash(first + "x"))
    }
}
