import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// A fold appends a record to the stats cache instead of rewriting it (``StatsCacheDelta``); a record cut short or
/// damaged is never read, past the limit a new base is written, and processes folding at once agree.
@Suite struct StatsCacheDeltaTests {
    typealias D = DerivedJournalTests

    static func inode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    }

    static func size(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// A journal of `count` sessions, one a day, with its derived files built.
    static func built(_ count: Int) throws -> DataPaths {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        for i in 0..<count {
            try store.record(D.session(i, hoursAgo: 24 * (count - i) + 5, tag: ["code", "write"][i % 2]))
        }
        _ = try D.derived(paths)
        return paths
    }

    @Test func aFoldAppendsARecordToTheSameFile() throws {
        let paths = try Self.built(60)
        let inode = try Self.inode(paths.statsCacheFile)
        let base = try Self.size(paths.statsCacheFile)
        for i in 0..<5 {
            try AppStore(paths: paths).record(D.session(100 + i, hoursAgo: 5 - i, tag: "new"))
            let got = try D.derived(paths)
            #expect(!got.read)
            #expect(got.views == (try D.rebuilt(paths)).views)
        }
        #expect(try Self.inode(paths.statsCacheFile) == inode)
        let file = try #require(StatsCacheFile.open(paths.statsCacheFile))
        #expect(file.baseLength == base)
        #expect(file.length > base)
        #expect(!file.hasTrailingBytes)
        #expect(file.delta?.sessionCount == 65 && file.delta?.ids.count == 5)
    }

    /// What a crash or damage leaves at the end of the file: never read, and the next fold writes a new base.
    enum Damage: String, CaseIterable {
        case cutShort, checksum, payload, garbage
    }

    @Test(arguments: Damage.allCases)
    func aRecordCutShortOrDamagedIsNeverRead(_ damage: Damage) throws {
        let paths = try Self.built(30)
        try AppStore(paths: paths).record(D.session(200, hoursAgo: 3, tag: "one"))
        _ = try D.derived(paths)
        let before = try Self.size(paths.statsCacheFile)
        try AppStore(paths: paths).record(D.session(201, hoursAgo: 2, tag: "two"))
        _ = try D.derived(paths)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths.statsCacheFile)))
        switch damage {
        case .cutShort: bytes.removeLast((bytes.count - before) / 2)
        case .checksum: bytes[bytes.count - 1] ^= 1
        case .payload: bytes[bytes.count - 12] ^= 0x10
        case .garbage: bytes += [1, 2, 3]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: paths.statsCacheFile))
        let file = try #require(StatsCacheFile.open(paths.statsCacheFile))
        // An earlier record is read (one without the second session, or with it still pending): folded again.
        let whole = file.delta?.sessionCount == 32 && file.delta?.pending.isEmpty == true
        #expect(damage == .garbage ? whole && file.hasTrailingBytes : !whole)
        #expect(try D.derived(paths).views == (try D.rebuilt(paths)).views)
        try AppStore(paths: paths).record(D.session(202, hoursAgo: 1, tag: "three"))
        let got = try D.derived(paths)
        #expect(try !got.read && got.views == D.rebuilt(paths).views)
        let rewritten = try #require(StatsCacheFile.open(paths.statsCacheFile))
        #expect(!rewritten.hasTrailingBytes)
    }

    /// Past ``StatsCacheDelta/limit(baseLength:)`` a fold writes one new base; the views never change.
    @Test func manyFoldsWriteANewBase() throws {
        let paths = try Self.built(10)
        let inode = try Self.inode(paths.statsCacheFile)
        var rewrote = false
        for i in 0..<120 {
            try AppStore(paths: paths).record(D.session(300 + i, hoursAgo: 4 - i / 40, tag: "t\(i % 7)"))
            #expect(
                try !D.readsWhole(paths) { store in
                    _ = try store.statsInput(range: .lastDays(7), tag: nil, today: D.today, days: D.days)
                })
            if try Self.inode(paths.statsCacheFile) != inode { rewrote = true }
        }
        #expect(rewrote)
        let got = try D.derived(paths)
        #expect(!got.read)
        #expect(try got.views == D.rebuilt(paths).views)
    }

    /// Several processes' folds at once (here stores on threads: `flock` is per open file, as between processes):
    /// one at a time, each from what the one before wrote, so the file stays whole and says what a rebuild says.
    @Test func foldsAtOnceTakeTurns() throws {
        let paths = try Self.built(40)
        for round in 0..<8 {
            try AppStore(paths: paths).record(D.session(400 + round, hoursAgo: 24 - round * 3, tag: "r\(round % 3)"))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let store = AppStore(paths: paths)
                _ = try? store.statsInput(range: .lastDays(30), tag: nil, today: D.today, days: D.days)
            }
            let file = try #require(StatsCacheFile.open(paths.statsCacheFile))
            #expect(!file.hasTrailingBytes)
            let got = try D.derived(paths)
            #expect(!got.read, "round \(round)")
            #expect(try got.views == D.rebuilt(paths).views, "round \(round)")
        }
    }

    /// What happened to the cache file between a fold's first look at it and its lock.
    enum Between: String, CaseIterable {
        case nothing, anotherFold, aNewBase
    }

    /// The fold takes its lock on the file it already read when nothing came between (no second reading of the file
    /// or of the journal), and maps the file again when another fold appended a record or wrote a new base.
    @Test(arguments: Between.allCases)
    func aLockedFoldReusesTheFileItReadOnlyWhenNoFoldCameBetween(_ between: Between) throws {
        let paths = try Self.built(20)
        try AppStore(paths: paths).record(D.session(500, hoursAgo: 3, tag: "one"))
        let read = try #require(StatsCacheFile.open(paths.statsCacheFile))
        switch between {
        case .nothing: break
        case .anotherFold: #expect(try !D.derived(paths).read)
        case .aNewBase:
            try FileManager.default.removeItem(atPath: paths.statsCacheFile)
            #expect(try D.derived(paths).read)
        }
        let locked = try #require(StatsCacheFile.openLocked(paths.statsCacheFile, reusing: read))
        defer { locked.release() }
        #expect((locked === read) == (between == .nothing))
        #expect(locked.length == (try Self.size(paths.statsCacheFile)))
        #expect(locked.delta?.sessionCount == (between == .anotherFold ? 21 : nil))
        try AppStore(paths: paths).record(D.session(501, hoursAgo: 2, tag: "two"))
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
    }

    /// A store maps the stats cache once while it is the same file, and again once a fold appended a record to it.
    @Test func aStoreMapsTheStatsCacheAgainOnlyWhenItChanged() throws {
        let paths = try Self.built(20)
        let store = AppStore(paths: paths)
        _ = try #require(store.derivedJournal(days: D.days))
        let first = try #require(store.statsCacheFile)
        _ = try #require(store.derivedJournal(days: D.days))
        #expect(store.statsCacheFile === first)
        try AppStore(paths: paths).record(D.session(600, hoursAgo: 2, tag: "one"))
        #expect(try !D.derived(paths).read)
        let folded = try #require(store.derivedJournal(days: D.days))
        #expect(store.statsCacheFile !== first && folded.sessionCount == 21)
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
    }

    /// A record whose expedition cannot be read, under a good checksum (no crash leaves one), reads as one without
    /// an expedition when a command asks for it: the journal is read instead, and every view is the same.
    @Test func aRecordsExpeditionThatCannotBeReadIsReadFromTheJournal() throws {
        let paths = try Self.built(30)
        try AppStore(paths: paths).record(D.session(900, hoursAgo: 2, tag: "x"))
        _ = try #require(AppStore(paths: paths).derivedJournal(days: D.days))
        #expect(StatsCacheFile.open(paths.statsCacheFile)?.delta?.expedition != nil)
        // The expedition's first word after its length, a flag, set to 7: not a flag.
        try Self.damageRecord(paths, sectionsBefore: 1, to: 7)
        let damaged = try #require(StatsCacheFile.open(paths.statsCacheFile))
        #expect(damaged.delta?.sessionCount == 31 && damaged.delta?.expedition == nil)
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
    }

    /// Sets the byte after the length word of what follows the last record's first `sectionsBefore` sections (its
    /// core, its expedition) to `byte`, and the record's checksum to match: damage no crash leaves.
    static func damageRecord(_ paths: DataPaths, sectionsBefore: Int, to byte: UInt8) throws {
        let file = try #require(StatsCacheFile.open(paths.statsCacheFile))
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paths.statsCacheFile)))
        let payload = file.baseLength + 16
        var r = StatsCacheFile.Reader(base: file.base + payload, length: file.length - payload - 8)
        _ = try r.files()
        _ = try r.quantity()
        _ = try r.quantity()
        for _ in 0..<sectionsBefore { _ = try r.skipSection() }
        bytes[payload + r.at + 8] = byte
        let sum = bytes[payload..<file.length - 8].withUnsafeBytes(StatsCache.hash)
        withUnsafeBytes(of: Int64(sum).littleEndian) { bytes.replaceSubrange(file.length - 8..<file.length, with: $0) }
        try Data(bytes).write(to: URL(fileURLWithPath: paths.statsCacheFile))
    }

    /// A record's newest sessions are read only when a command asks for them (`log`, the folds): a record whose text
    /// of them cannot be read, under a good checksum, opens, `stats` reads neither it nor the journal, and `log`
    /// reads the journal instead, every view the same.
    @Test func aRecordsNewestSessionsAreReadOnlyWhenAskedFor() throws {
        let paths = try Self.built(30)
        try AppStore(paths: paths).record(D.session(900, hoursAgo: 2, tag: "x"))
        _ = try #require(AppStore(paths: paths).derivedJournal(days: D.days))
        #expect(StatsCacheFile.open(paths.statsCacheFile)?.delta?.history != nil)
        // The text's first byte (its id length's first digit) made a letter: no history.
        try Self.damageRecord(paths, sectionsBefore: 2, to: UInt8(ascii: "x"))
        let damaged = try #require(StatsCacheFile.open(paths.statsCacheFile))
        #expect(damaged.delta?.sessionCount == 31 && damaged.delta?.history == nil)
        #expect(
            try !D.readsWhole(paths) {
                _ = try $0.statsInput(range: .lastDays(7), tag: nil, today: D.today, days: D.days)
            })
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
    }

    /// A fold that leaves the expedition as it was (no definitions) copies its bytes from the file into the record:
    /// the record is the one writing the expedition again gives, from the base or from a record before, and reads
    /// back the same.
    @Test(arguments: [0, 1, 3])
    func aFoldCopiesTheExpeditionItReadAsWritingItWouldWriteIt(_ foldsBefore: Int) throws {
        let paths = try Self.built(30)
        for i in 0..<foldsBefore {
            try AppStore(paths: paths).record(D.session(700 + i, hoursAgo: 8 - i, tag: "b"))
            _ = try #require(AppStore(paths: paths).derivedJournal(days: D.days))
        }
        try AppStore(paths: paths).record(D.session(800, hoursAgo: 1, tag: "x"))
        let folded = try #require(AppStore(paths: paths).derivedJournal(days: D.days))
        var delta = try #require(folded.delta)
        #expect(delta.expedition != nil && delta.encodedExpedition != nil)
        let copied = delta.record()
        delta.encodedExpedition = nil
        #expect(copied == delta.record())
        let file = try #require(StatsCacheFile.open(paths.statsCacheFile))
        #expect(file.delta?.expedition == folded.delta?.expedition)
        #expect(file.delta?.sessionCount == 31 + foldsBefore)
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
    }

    /// The streak runs a fold reads, those that end on a day or later, are the last of all the runs (with a record
    /// over the base or not), for every day from before the first run to after the last.
    @Test(arguments: [0, 1, 3])
    func theStreakRunsFromADayAreTheLastOfAllRuns(_ folds: Int) throws {
        let paths = try Sessions.temporaryPaths()
        let store = AppStore(paths: paths)
        // Runs of one to three days apart: every fourth and seventh day without a session.
        let days = (0..<60).filter { $0 % 4 != 3 && $0 % 7 != 6 }
        for (i, day) in days.enumerated() { try store.record(D.session(i, hoursAgo: 24 * (70 - day), tag: "r")) }
        _ = try D.derived(paths)
        for i in 0..<folds {
            try AppStore(paths: paths).record(D.session(600 + i, hoursAgo: 24 * (9 - 3 * i), tag: "f"))
        }
        let derived = try #require(AppStore(paths: paths).derivedJournal(days: D.days))
        #expect((derived.delta != nil) == (folds > 0))
        let all = try derived.streakRuns()
        #expect(all.count > 10)
        let first = try #require(all.first?.lowerBound)
        let last = try #require(all.last?.upperBound)
        for day in [Int.min, Int.max - 1] + Array(first - 2...last + 2) {
            #expect(try derived.streakRuns(endingFrom: day) == all.filter { $0.upperBound >= day }, "day \(day)")
        }
    }

    /// A change record folded into the derived files (day summaries, streaks, tags, newest sessions): to one of the
    /// newest sessions from the sessions the file keeps, to an older one with the session index.
    enum Change: String, CaseIterable {
        case edit, editToAnotherDay, delete, undo, editOfAnOldSession, deleteOfAnOldSession, oldSessionToAnotherDay
        /// The latest use of a tag taken away: found again further back.
        case latestUseOfATagTakenAway
        /// The only use of a tag taken away: the tag is gone.
        case onlyUseOfATagTakenAway
        case undoOfAnOldSession
    }

    @Test(arguments: Change.allCases)
    func aChangeToAnySessionIsFolded(_ change: Change) throws {
        let paths = try Sessions.temporaryPaths()
        let first = AppStore(paths: paths)
        for i in 0..<260 {
            var log = D.session(i, hoursAgo: 5 * (260 - i), tag: ["code", "write", nil][i % 3])
            if i == 3 || i == 6 { log.tags.append("rare") }
            if i == 9 { log.tags.append("once") }
            try first.record(log)
        }
        _ = try D.derived(paths)
        let store = AppStore(paths: paths)
        let old = [.edit, .editToAnotherDay, .delete, .undo].contains(change) ? "s258" : "s6"
        let target = change == .undoOfAnOldSession ? "s5" : change == .onlyUseOfATagTakenAway ? "s9" : old
        let id = "c-\(change.rawValue)"
        switch change {
        case .edit, .editOfAnOldSession:
            try store.record(
                JournalChange(
                    id: id, kind: .edit, target: target, at: D.now, patch: SessionPatch(focused: 60, tags: ["edited"])))
        case .latestUseOfATagTakenAway, .onlyUseOfATagTakenAway:
            try store.record(
                JournalChange(id: id, kind: .edit, target: target, at: D.now, patch: SessionPatch(tags: ["code"])))
        case .editToAnotherDay, .oldSessionToAnotherDay:
            let start = D.now.addingTimeInterval(change == .editToAnotherDay ? -3 * 86_400 : -900 * 3_600)
            try store.record(
                JournalChange(
                    id: id, kind: .edit, target: target, at: D.now,
                    patch: SessionPatch(start: start, end: start.addingTimeInterval(1500))))
        case .delete, .deleteOfAnOldSession:
            try store.record(JournalChange(id: id, kind: .delete, target: target, at: D.now))
        case .undo, .undoOfAnOldSession:
            try store.record(JournalChange(id: id, kind: .undo, target: target, at: D.now))
        }
        let read = try D.readsWhole(paths) { stats in
            _ = try stats.statsInput(range: .lastDays(7), tag: nil, today: D.today, days: D.days)
        }
        #expect(!read)
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
        // And the next session folds on top of it.
        try AppStore(paths: paths).record(D.session(900, hoursAgo: 1, tag: "after"))
        #expect(try D.derived(paths).views == D.rebuilt(paths).views)
    }
}
