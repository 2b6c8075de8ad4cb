import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// The derived files (the stats cache and its digest, ``JournalDigest``) give exactly what a rebuild from the
/// journal gives, through random journals: appends by this device and another, edits, deletions, undos, new files,
/// files replaced by a sync engine, torn tails and lines appended to them, duplicates.
@Suite struct DerivedJournalTests {
    static let days = LocalDays(timeZone: Zone(identifier: "UTC")!)
    static let now = UTCTimestamp.parse("2026-11-29T18:00:00Z")!
    static var today: Int { days.date(of: now).dayNumber }
    static let ranges: [StatsRange] = [.lastDays(7), .lastDays(30), .lastDays(365), .all]
    static let otherDevice = "laptop-0000000a.jsonl"

    /// What the commands that read derived files show.
    struct Views: Equatable {
        var stats: [StatsData] = []
        var tags: [String] = []
        var expedition = ExpeditionState()
        var todayFocused = 0
        var todaySessions = 0
        var streak = Streak.none
        var log: [[HistoryViewModel.Row]] = []
        var hidden: [Int] = []
        var profile: GrowthProfile?
        var streaks: [Streak] = []
    }

    /// `focus log --limit N` for a few N, the last beyond what the derived files keep.
    static let limits = [1, 20, JournalDigest.History.kept + 5]

    /// Each view from a fresh store, as each command runs: through the derived files when they match the journal.
    /// Also whether any of them had to read the journal, and the expedition events folded in.
    static func derived(_ paths: DataPaths) throws -> (views: Views, read: Bool, events: [String: [ExpeditionEvent]]) {
        var views = Views()
        let watch = Watch()
        var read = false
        for range in ranges {
            let store = store(paths, watch)
            let input = try store.statsInput(range: range, tag: nil, today: today, days: days)
            read = read || store.isLoaded
            views.stats.append(StatsService.buildStatsData(input: input, range: range, now: now, days: days))
        }
        let tagStore = store(paths, watch)
        views.tags = try tagStore.recentTags(days: days)
        read = read || tagStore.isLoaded
        let game = store(paths, watch)
        var events: [String: [ExpeditionEvent]] = [:]
        if let folded = try game.loadDerivedExpedition(days: days) {
            events = folded
        } else {
            try game.load()
            try game.loadExpedition(days: days)
            read = true
        }
        views.expedition = game.expedition
        let day = store(paths, watch)
        if day.derivedJournal(days: days) == nil { try day.load() }
        let totals = day.dayTotals(on: today, today: today, days: days)
        (views.todayFocused, views.todaySessions, views.streak) = (totals.focused, totals.sessions, totals.streak)
        for limit in limits {
            let store = store(paths, watch)
            var model = HistoryViewModel(newestOf: store, limit: limit, now: now, days: days)
            if model == nil {
                try store.load()
                model = HistoryViewModel(store: store, limit: limit, now: now, days: days)
                read = read || limit <= JournalDigest.History.kept
            }
            views.log.append(model!.rows)
            views.hidden.append(model!.hiddenCount)
        }
        let growthStore = store(paths, watch)
        var growth: GrowthViewModel?
        if try growthStore.loadDerivedExpedition(days: days) != nil {
            growth = GrowthViewModel(derivedFrom: growthStore, now: now, days: days)
        }
        if growth == nil {
            try growthStore.load()
            try growthStore.loadExpedition(days: days)
            growth = GrowthViewModel(store: growthStore, now: now, days: days)
            read = true
        }
        views.profile = growth!.profile
        views.streaks = [growth!.currentStreak, growth!.longestStreak]
        return (views, read || watch.rebuilt, events)
    }

    /// Notes whether a store rebuilt the derived files from the journal streamed by (``AppStore/rebuildProgress``
    /// hears every rebuild).
    final class Watch {
        var rebuilt = false
    }

    /// A store whose rebuilds `watch` notes.
    static func store(_ paths: DataPaths, _ watch: Watch) -> AppStore {
        let store = AppStore(paths: paths)
        store.rebuildProgress = { _ in watch.rebuilt = true }
        return store
    }

    /// Whether `body` read the whole journal: loaded it, or rebuilt the derived files from it.
    static func readsWhole(_ paths: DataPaths, _ body: (AppStore) throws -> Void) throws -> Bool {
        let watch = Watch()
        let store = store(paths, watch)
        try body(store)
        return store.isLoaded || watch.rebuilt
    }

    /// Each view computed from a full load, writing nothing.
    static func rebuilt(_ paths: DataPaths) throws -> (views: Views, events: [String: [ExpeditionEvent]]) {
        let store = AppStore(paths: paths)
        try store.load()
        let logs = store.focusLogs
        var views = Views()
        views.stats = ranges.map {
            StatsService.buildStatsData(focusLogs: logs, range: $0, now: now, days: days)
        }
        views.tags = store.tags
        let earning = logs.filter { ExpeditionService.earnsProgress($0, definitions: .builtIn) }
        let fold = ExpeditionService.fold(earning, into: ExpeditionState(), definitions: .builtIn, days: days)
        views.expedition = fold.state
        let totals = StatsService.totals(focusLogs: logs, on: CivilDate(dayNumber: today), days: days)
        (views.todayFocused, views.todaySessions) = (totals.focused, totals.sessions)
        views.streak = StreakService.current(
            streakDays: StreakService.streakDays(focusLogs: logs, days: days), today: CivilDate(dayNumber: today))
        for limit in limits {
            let model = HistoryViewModel(store: store, limit: limit, now: now, days: days)
            views.log.append(model.rows)
            views.hidden.append(model.hiddenCount)
        }
        let streakDays = StreakService.streakDays(focusLogs: logs, days: days)
        views.profile = GrowthService.buildGrowthProfile(
            focusLogs: logs, streakDays: streakDays, expedition: fold.state,
            deepFocusMinutes: ExpeditionDefinitions.builtIn.deepFocusMinutes, days: days)
        views.streaks = [
            StreakService.current(streakDays: streakDays, today: CivilDate(dayNumber: today)),
            StreakService.longest(streakDays: streakDays),
        ]
        return (views, fold.events)
    }

    static func session(_ n: Int, hoursAgo: Int, tag: String?, focused: Int = 1500) -> FocusLog {
        let start = now.addingTimeInterval(Double(-hoursAgo * 3600))
        return FocusLog(
            id: "s\(n)", start: start, end: start.addingTimeInterval(1500), planned: 1500, focused: focused,
            completed: focused == 1500, tags: tag == "code" ? ["code", "read"] : tag.map { [$0] } ?? [])
    }

    static func appendRaw(_ text: String, to path: String) throws {
        if !FileManager.default.fileExists(atPath: path) { FileManager.default.createFile(atPath: path, contents: nil) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// A random journal's history, one change at a time: appends by this device and another, edits, deletions,
    /// undos, torn tails and lines appended to them, duplicates, files replaced by a sync engine, derived files
    /// deleted.
    struct RandomJournal {
        static let tags: [String?] = [nil, "code", "write", "read", "写作"]
        let paths: DataPaths
        let seed: Int
        var random: TestRandom
        var next = 0
        var hoursAgo = 24 * 40
        /// Kinds of change never made (a test of what a journal the index cannot follow would leave untold).
        var excluded: Set<Int> = []

        init(seed: Int) throws {
            paths = try Sessions.temporaryPaths()
            self.seed = seed
            random = TestRandom(seed: UInt64(seed))
            let first = AppStore(paths: paths)
            for i in 0..<30 {
                try first.record(
                    DerivedJournalTests.session(i + 1000, hoursAgo: hoursAgo - i * 20, tag: Self.tags[i % 5]))
            }
            hoursAgo -= 30 * 20
        }

        /// One random change; returns its kind (0...4: this device appended sessions).
        mutating func step(_ step: Int) throws -> Int {
            let other = paths.journalDirectory + "/" + DerivedJournalTests.otherDevice
            var kind = random.next(in: 0...12)
            while excluded.contains(kind) { kind = random.next(in: 0...12) }
            // A file replaced by a sync engine: with the same bytes, or with a copy that grew.
            if kind == 11, random.next(in: 0...1) == 0 { kind = 13 }
            switch kind {
            case 0...4:  // this device appends sessions, as `focus start` and `log add` do: mostly newer ones
                let store = AppStore(paths: paths)
                for _ in 0..<random.next(in: 1...2) {
                    next += 1
                    hoursAgo = max(1, hoursAgo - random.next(in: 1...30))
                    let earlier = random.next(in: 0...5) == 0 ? 24 * random.next(in: 1...20) : 0
                    try store.record(
                        DerivedJournalTests.session(
                            next, hoursAgo: hoursAgo + earlier, tag: Self.tags[random.next(in: 0...4)],
                            focused: random.next(in: 0...4) == 0 ? 600 : 1500))
                }
            case 5:  // another device's file grows (a new file the first time)
                next += 1
                hoursAgo = max(1, hoursAgo - 3)
                try DerivedJournalTests.appendRaw(
                    JournalCodec.encode(DerivedJournalTests.session(next, hoursAgo: hoursAgo, tag: "synced")) + "\n",
                    to: other)
            case 6, 7, 8:  // an edit, a deletion or an undo by this device
                let store = AppStore(paths: paths)
                try store.load()
                guard let target = store.focusLogs.randomElement(using: &random) else { break }
                next += 1
                if kind == 6 {
                    try store.record(
                        JournalChange(
                            id: "c\(next)", kind: .edit, target: target.id, at: DerivedJournalTests.now,
                            patch: SessionPatch(focused: 60, tags: ["edited"])))
                } else if kind == 7 {
                    try store.record(
                        JournalChange(id: "c\(next)", kind: .delete, target: target.id, at: DerivedJournalTests.now))
                } else if let undoable = store.lastUndoable() {
                    try store.undo(undoable, at: DerivedJournalTests.now) { "u\(step)-\(seed)" }
                }
            case 9:  // a torn tail on the other device's file, then a line written right after it
                try DerivedJournalTests.appendRaw(#"{"id":"torn\#(step)","start":"2026-11"#, to: other)
                if random.next(in: 0...1) == 0 {
                    next += 1
                    try DerivedJournalTests.appendRaw(
                        JournalCodec.encode(DerivedJournalTests.session(next, hoursAgo: hoursAgo, tag: "merged"))
                            + "\n", to: other)
                }
            case 10:  // a session appended again to the other file (a duplicate id)
                let store = AppStore(paths: paths)
                try store.load()
                if let copy = store.history.sessions.randomElement(using: &random) {
                    try DerivedJournalTests.appendRaw(JournalCodec.encode(copy) + "\n", to: other)
                }
            case 11:  // the own file replaced whole by a sync engine (another inode, the same bytes)
                let own = paths.journalFile
                let bytes = try Data(contentsOf: URL(fileURLWithPath: own))
                try bytes.write(to: URL(fileURLWithPath: own), options: .atomic)
            case 13:  // the own file replaced by a sync engine with a copy that grew by another device's session
                next += 1
                hoursAgo = max(1, hoursAgo - 2)
                let own = paths.journalFile
                let line = JournalCodec.encode(DerivedJournalTests.session(next, hoursAgo: hoursAgo, tag: "sync"))
                let bytes = try Data(contentsOf: URL(fileURLWithPath: own)) + Data((line + "\n").utf8)
                try bytes.write(to: URL(fileURLWithPath: own), options: .atomic)
            default:  // the derived files deleted
                try? FileManager.default.removeItem(atPath: paths.statsCacheFile)
            }
            return kind
        }
    }

    @Test(arguments: 1...6)
    func derivedFilesGiveWhatARebuildGives(seed: Int) throws {
        var journal = try RandomJournal(seed: seed)
        var folds = 0
        for step in 0..<40 {
            let kind = try journal.step(step)
            // Edits, deletions and undos of any session are folded into the stats first (with the session index),
            // before the expedition and the growth read the journal again.
            let probe = AppStore(paths: journal.paths)
            _ = try probe.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
            let reference = try Self.rebuilt(journal.paths)
            let got = try Self.derived(journal.paths)
            #expect(got.views == reference.views, "seed \(seed) step \(step) kind \(kind)")
            for (id, events) in got.events { #expect(reference.events[id] == events, "events of \(id)") }
            // Sessions this device appended are folded in: nothing had to read the journal.
            if kind <= 4, !got.read { folds += 1 }
        }
        #expect(folds > 0)
    }

    /// The derived files a streamed rebuild writes (``AppStore/rebuiltJournal(days:definitions:)``) are those a load
    /// writes (``AppStore/saveDerived(days:summaries:expedition:)``), byte for byte, and so is the expedition
    /// checkpoint beside them (``AppStore/loadExpedition(days:)``'s); a journal the stream cannot follow (unreadable
    /// lines, a duplicate id) is left to the load. The views from the rebuilt files are checked against a load's by
    /// ``derivedFilesGiveWhatARebuildGives(seed:)``. The session index the same pass fills is the one its own scan
    /// writes (``AppStore/scanSessionIndex()``), byte for byte; with odd seeds every few values spill to temp files
    /// (``SpillSorter``), as a million sessions do.
    @Test(arguments: 1...8)
    func aStreamedRebuildWritesWhatALoadWrites(seed: Int) throws {
        var journal = try RandomJournal(seed: seed + 200)
        let paths = journal.paths
        var streamed = 0
        func files() -> (cache: Data?, checkpoint: Data?) {
            (
                FileManager.default.contents(atPath: paths.statsCacheFile),
                FileManager.default.contents(atPath: paths.expeditionCheckpointFile)
            )
        }
        for step in 0..<30 {
            let kind = try journal.step(step)
            try? FileManager.default.removeItem(atPath: paths.cacheDirectory)
            let loaded = AppStore(paths: paths)
            try loaded.load()
            try loaded.loadExpedition(days: Self.days)
            let reference = files()
            try? FileManager.default.removeItem(atPath: paths.cacheDirectory)
            let store = AppStore(paths: paths)
            let rebuilt = store.rebuiltJournal(
                days: Self.days, definitions: .builtIn, spillChunk: seed % 2 == 1 ? 1 + step % 7 : 1 << 16)
            let got = files()
            if rebuilt != nil {
                streamed += 1
                #expect(got.cache == reference.cache, "seed \(seed) step \(step) kind \(kind)")
                #expect(got.checkpoint == reference.checkpoint, "seed \(seed) step \(step) kind \(kind)")
                let index = try AppStore(paths: paths).scanSessionIndex().encoded()
                #expect(
                    FileManager.default.contents(atPath: paths.sessionIndexFile) == Data(index),
                    "seed \(seed) step \(step) kind \(kind)")
            } else {
                #expect(got.cache == nil && (loaded.issues.count > 0 || !loaded.duplicates.isEmpty))
            }
        }
        #expect(streamed > 0)
    }

    /// The journals a rebuild reads in one pass (sessions by start in reading order, no change record: the journal
    /// focus appends to) and those it reads twice (a session older than one before it, in its file or another's, a
    /// change record anywhere) or leaves to a load (an id twice).
    enum RebuildShape: String, CaseIterable {
        case appended
        case sameStartsOutOfIDOrder
        case olderSessionAppended
        case otherFileAroundTheOwn
        case changeAfterTheSessions
        case changeAmongTheSessions
        case duplicateID

        var passes: Int? {
            switch self {
            case .appended, .sameStartsOutOfIDOrder: 1
            case .duplicateID: nil
            default: 2
            }
        }
    }

    /// A rebuild in one pass or two writes the very bytes a load writes (the stats cache and the expedition
    /// checkpoint); it takes one only for a journal in order without change records (the progress it reports says
    /// how many).
    @Test(arguments: RebuildShape.allCases)
    func aRebuildReadsAJournalInOrderOnce(_ shape: RebuildShape) throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        let other = paths.journalDirectory + "/" + Self.otherDevice
        func append(_ n: Int, hoursAgo: Int) throws {
            try store.record(Self.session(n, hoursAgo: hoursAgo, tag: Self.RandomJournal.tags[n % 5]))
        }
        func change(_ n: Int) throws {
            try store.record(
                JournalChange(
                    id: "c\(n)", kind: .edit, target: "s\(n)", at: Self.now,
                    patch: SessionPatch(focused: 60, tags: ["edited"])))
        }
        for n in 0..<40 { try append(n, hoursAgo: 24 * 40 - 10 * n) }
        switch shape {
        case .appended: try append(40, hoursAgo: 2)
        case .sameStartsOutOfIDOrder:
            // s9x sorts after s10x: the merger puts them in id order.
            for n in [95, 105, 96] { try append(n, hoursAgo: 3) }
        case .olderSessionAppended: try append(41, hoursAgo: 24 * 50)
        case .otherFileAroundTheOwn:
            for hoursAgo in [24 * 60, 1] {
                try Self.appendRaw(
                    JournalCodec.encode(Self.session(hoursAgo + 500, hoursAgo: hoursAgo, tag: "synced")) + "\n",
                    to: other)
            }
        case .changeAfterTheSessions: try change(7)
        case .changeAmongTheSessions:
            try change(3)
            for n in 50..<55 { try append(n, hoursAgo: 20 - n % 50) }
        case .duplicateID:
            try Self.appendRaw(JournalCodec.encode(Self.session(5, hoursAgo: 24 * 40 - 50, tag: nil)) + "\n", to: other)
        }
        try? FileManager.default.removeItem(atPath: paths.cacheDirectory)
        let loaded = AppStore(paths: paths)
        try loaded.load()
        try loaded.loadExpedition(days: Self.days)
        let reference = (
            FileManager.default.contents(atPath: paths.statsCacheFile),
            FileManager.default.contents(atPath: paths.expeditionCheckpointFile)
        )
        try FileManager.default.removeItem(atPath: paths.cacheDirectory)
        let rebuilding = AppStore(paths: paths)
        var titles = Set<String>()
        rebuilding.rebuildProgress = { if let step = $0 { titles.insert(step.title.template) } }
        let rebuilt = rebuilding.rebuiltJournal(days: Self.days, definitions: .builtIn, spillChunk: 4)
        #expect((rebuilt == nil) == (shape.passes == nil))
        if shape.passes != nil {
            #expect(FileManager.default.contents(atPath: paths.statsCacheFile) == reference.0)
            #expect(FileManager.default.contents(atPath: paths.expeditionCheckpointFile) == reference.1)
            let index = try AppStore(paths: paths).scanSessionIndex().encoded()
            #expect(FileManager.default.contents(atPath: paths.sessionIndexFile) == Data(index))
            #expect(titles.count == shape.passes, "\(titles)")
        }
    }

    /// The end of a session: its day, streak and expedition events come from the derived files, with no full read.
    @Test func aRecordedSessionIsFoldedWithoutReadingTheHistory() throws {
        let paths = try Sessions.temporaryPaths()
        let first = AppStore(paths: paths)
        for i in 0..<20 { try first.record(Self.session(i, hoursAgo: 24 * (20 - i), tag: "code")) }
        _ = try Self.derived(paths)  // builds the derived files
        let watch = Watch()
        let store = Self.store(paths, watch)
        let log = Self.session(99, hoursAgo: 2, tag: "new")
        #expect(store.lacksRecord(id: log.id) && !store.lacksRecord(id: "s3"))
        // Lines another focus process appended since are searched too (their ids are not among the saved ones yet).
        try AppStore(paths: paths).record(Self.session(98, hoursAgo: 3, tag: nil))
        #expect(!store.lacksRecord(id: "s98") && store.lacksRecord(id: log.id))
        try store.record(log)
        let events = try #require(try store.loadDerivedExpedition(days: Self.days))
        #expect(!store.isLoaded)
        #expect(events[log.id] == (try Self.rebuilt(paths)).events[log.id])
        let totals = store.dayTotals(on: Self.today, today: Self.today, days: Self.days)
        #expect(!store.isLoaded && totals.sessions == 2 && totals.focused == 3000 && totals.streak.days == 21)
        #expect(!watch.rebuilt)
        #expect(try store.recentTags(days: Self.days).first == "new")
        // Another program may write an id with escapes: "\u0073\u0039\u0037" is "s97".
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: paths.journalDirectory).first { $0.hasSuffix(".jsonl") }
        )
        let escaped = JournalCodec.encode(Self.session(97, hoursAgo: 40, tag: nil))
            .replacingOccurrences(of: #""s97""#, with: #""\u0073\u0039\u0037""#)
        try Self.appendRaw(escaped + "\n", to: paths.journalDirectory + "/" + file)
        #expect(!store.lacksRecord(id: "s97"))
    }

    /// A journal file that changed otherwise than by focus's own appends (``OwnAppends``) is folded only when it
    /// still starts with the very bytes the derived files were built from (``PrefixHash``): a line another program
    /// appended, a copy a sync engine or git put in its place that only grew, or the same bytes touched. Anything
    /// else is read whole, whatever the change hides: an edit in place that keeps a line's length more than 4 KiB
    /// before the end (which the tail hash cannot see), in the file or in the copy, or a shorter copy.
    enum Change: String, CaseIterable {
        case foreignAppend
        case editThenOwnAppend
        case editThenForeignAppend
        /// An edit in place that keeps the length, and nothing appended.
        case editInPlace
        /// The file replaced by a copy (another inode) with the same bytes.
        case sameCopy
        /// The file replaced by a copy that grew by another device's line.
        case grownCopy
        /// The file replaced by a copy that grew, with an edit that keeps the length far from the end.
        case editedGrownCopy
        /// The file replaced by a copy without its last line.
        case shorterCopy

        var isFolded: Bool { [.foreignAppend, .sameCopy, .grownCopy].contains(self) }
        var edits: Bool { [.editThenOwnAppend, .editThenForeignAppend, .editInPlace, .editedGrownCopy].contains(self) }
    }

    /// A new home whose own journal file holds a session a day for sixty days, none of them derived yet.
    static func sixtyDays() throws -> DataPaths {
        let paths = try Sessions.temporaryPaths()
        let first = AppStore(paths: paths)
        for i in 0..<60 { try first.record(Self.session(i, hoursAgo: 24 * (61 - i), tag: "code")) }
        return paths
    }

    /// `text` with the first session's focus a second less: the same length, far from the end.
    static func firstSessionEdited(_ text: String) -> String {
        let edited = text.replacingOccurrences(
            of: #""focused":1500"#, with: #""focused":1499"#, options: [],
            range: text.startIndex..<text.index(text.startIndex, offsetBy: 200))
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        return edited
    }

    @Test(arguments: Change.allCases)
    func aChangedFileIsFoldedOnlyWhenItStartsWithTheSameBytes(_ change: Change) throws {
        let paths = try Self.sixtyDays()
        _ = try Self.derived(paths)
        var text = try String(contentsOfFile: paths.journalFile, encoding: .utf8)
        if change.edits { text = Self.firstSessionEdited(text) }
        let added = JournalCodec.encode(Self.session(99, hoursAgo: 2, tag: "new")) + "\n"
        switch change {
        case .foreignAppend, .editThenOwnAppend, .editThenForeignAppend, .editInPlace:
            // In place: the same inode.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: paths.journalFile))
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
            if change == .editThenOwnAppend {
                try AppStore(paths: paths).record(Self.session(99, hoursAgo: 2, tag: "new"))
            } else if change != .editInPlace {
                try Self.appendRaw(added, to: paths.journalFile)
                #expect(!AppStore(paths: paths).lacksRecord(id: "s99"))
            }
        case .sameCopy, .grownCopy, .editedGrownCopy, .shorterCopy:
            if change == .shorterCopy { text = String(text[...text.dropLast().lastIndex(of: "\n")!]) }
            if change == .grownCopy || change == .editedGrownCopy { text += added }
            try Data(text.utf8).write(to: URL(fileURLWithPath: paths.journalFile), options: .atomic)
        }
        #expect(
            try Self.readsWhole(paths) { store in
                _ = try store.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
            } == !change.isFolded)
        // Once folded (or rebuilt), the next command reads the derived files only.
        #expect(
            try !Self.readsWhole(paths) { store in
                _ = try store.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
            })
        #expect(try Self.derived(paths).views == Self.rebuilt(paths).views)
    }

    /// A journal whose last line has no newline, then a line appended by another writer right after it: the two
    /// merge, so the derived files are not used, and the next command reads the journal as a rebuild does.
    @Test func aLineAppendedToATornTailIsNotFolded() throws {
        let paths = try Sessions.temporaryPaths()
        let first = AppStore(paths: paths)
        for i in 0..<5 { try first.record(Self.session(i, hoursAgo: 24 * (6 - i), tag: nil)) }
        try Self.appendRaw(#"{"id":"torn","start":"#, to: paths.journalFile)
        _ = try Self.derived(paths)
        try Self.appendRaw(JournalCodec.encode(Self.session(7, hoursAgo: 3, tag: nil)) + "\n", to: paths.journalFile)
        #expect(
            try Self.readsWhole(paths) { store in
                _ = try store.statsInput(range: .lastDays(7), tag: nil, today: Self.today, days: Self.days)
            })
        #expect(try Self.derived(paths).views == (try Self.rebuilt(paths)).views)
    }
}

extension TestRandom: RandomNumberGenerator {}
