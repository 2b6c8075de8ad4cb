import FocusCore
import Foundation
import Testing

/// The session index (``SessionLookup``) answers every question of the commands that change one session as the loaded
/// journal does, over random journals changed in every way a journal changes.
extension DerivedJournalTests {
    /// One answer of a lookup: the value, an error, or "cannot tell" (the index's only way to differ).
    enum Answer<T: Equatable>: Equatable {
        case value(T)
        case error(FocusError)
        case cannotTell

        init(_ body: () throws(FocusError) -> T) {
            do throws(FocusError) { self = .value(try body()) } catch {
                self = error == SessionLookup.cannotTell ? .cannotTell : .error(error)
            }
        }
    }

    /// Every question asked of `lookup` about `sessions` (the effective ones) and `spans`, in one list.
    static func answers(_ lookup: SessionLookup, sessions: [FocusLog], spans: [FocusLog]) -> [String: Answer<String>] {
        var out: [String: Answer<String>] = [:]
        var prefixes = ["", "s", "S1", "shared00", "SHARED00-", "nothing", "é", "c1", "q7", "Q7", "q7x"]
        for log in sessions {
            prefixes += [log.id, String(log.id.prefix(2)), String(log.id.prefix(9)).uppercased()]
        }
        for prefix in prefixes {
            out["session \(prefix)"] = Answer { () throws(FocusError) in "\(try lookup.session(matching: prefix))" }
        }
        for added in [[], ["new-1"], ["shared00-new"], ["shared00-1x", "shared00-1y"]] {
            out["length \(added)"] = Answer { () throws(FocusError) in "\(try lookup.shortIDLength(adding: added))" }
        }
        for span in spans {
            out["overlap \(span)"] = Answer { () throws(FocusError) in
                "\(String(describing: try lookup.overlap(of: span)))"
            }
        }
        out["undoable"] = Answer { () throws(FocusError) in "\(String(describing: try lookup.lastUndoable()))" }
        return out
    }

    @Test(arguments: 1...8)
    func theSessionIndexAnswersAsTheLoadedJournal(seed: Int) throws {
        let paths = try Sessions.temporaryPaths()
        var random = TestRandom(seed: UInt64(seed))
        var next = 0
        var told = 0
        var folds = 0
        let first = AppStore(paths: paths)
        // Some ids share their first 8 characters: their short ids are longer.
        for i in 0..<30 {
            var log = Self.session(i + 1000, hoursAgo: 24 * 40 - i * 20, tag: "code")
            if i % 7 == 0 { log.id = "shared00-\(i)" }
            // Whole ids shorter than a prefix may be (an import's): named by the whole id alone.
            if i == 3 { log.id = "q7" }
            try first.record(log)
        }
        for step in 0..<40 {
            let other = paths.journalDirectory + "/" + Self.otherDevice
            let kind = random.next(in: 0...13)
            switch kind {
            case 0...3:  // sessions appended by this device, some of them overlapping others, some long
                let store = AppStore(paths: paths)
                next += 1
                var log = Self.session(next, hoursAgo: random.next(in: 1...(24 * 40)), tag: "write")
                if random.next(in: 0...3) == 0 {
                    log.end = log.end.addingTimeInterval(Double(random.next(in: 1...40)) * 3600)
                }
                if random.next(in: 0...4) == 0 { log.id = "shared00-\(next)" }
                try store.record(log)
            case 4:  // another device's file grows
                next += 1
                try Self.appendRaw(
                    JournalCodec.encode(Self.session(next, hoursAgo: random.next(in: 1...900), tag: "synced")) + "\n",
                    to: other)
            case 5, 6, 7, 8:  // an edit (of the times, or of the tags), a deletion or an undo by this device
                let store = AppStore(paths: paths)
                try store.load()
                guard let target = store.focusLogs.randomElement(using: &random) else { continue }
                next += 1
                if kind == 5 {
                    let start = target.start.addingTimeInterval(Double(random.next(in: -30...30)) * 3600)
                    try store.record(
                        JournalChange(
                            id: "c\(next)", kind: .edit, target: target.id, at: Self.now,
                            patch: SessionPatch(start: start, end: start.addingTimeInterval(1500))))
                } else if kind == 6 {
                    try store.record(
                        JournalChange(
                            id: "c\(next)", kind: .edit, target: target.id, at: Self.now,
                            patch: SessionPatch(tags: ["edited"])))
                } else if kind == 7 {
                    try store.record(JournalChange(id: "c\(next)", kind: .delete, target: target.id, at: Self.now))
                } else if let undoable = store.lastUndoable() {
                    try store.undo(undoable, at: Self.now) { "u\(step)-\(seed)" }
                }
            case 9:  // an import: a batch of this device
                let store = AppStore(paths: paths)
                try store.load()
                next += 1
                try store.record([.session(Self.session(next, hoursAgo: 5, tag: "imported"))])
            case 10:  // a torn tail on the other device's file
                try Self.appendRaw(#"{"id":"torn\#(step)","start":"2026-11"#, to: other)
                if random.next(in: 0...1) == 0 { try Self.appendRaw("\n", to: other) }
            case 11:  // a session appended again to the other file (a duplicate id)
                let store = AppStore(paths: paths)
                try store.load()
                if random.next(in: 0...5) == 0, let copy = store.history.sessions.randomElement(using: &random) {
                    try Self.appendRaw(JournalCodec.encode(copy) + "\n", to: other)
                }
            case 12:  // the own file replaced whole by a sync engine
                let own = paths.journalFile
                let bytes = try Data(contentsOf: URL(fileURLWithPath: own))
                try bytes.write(to: URL(fileURLWithPath: own), options: .atomic)
            default:  // the index deleted
                try? FileManager.default.removeItem(atPath: paths.sessionIndexFile)
            }
            let loaded = AppStore(paths: paths)
            try loaded.load()
            var spans = loaded.focusLogs.shuffled(using: &random).prefix(4).map { $0 }
            spans.append(Self.session(0, hoursAgo: random.next(in: 1...900), tag: nil))
            let sample = Array(loaded.focusLogs.shuffled(using: &random).prefix(6))
            let reference = Self.answers(loaded.loadedLookup, sessions: sample, spans: spans)
            let before = try? Data(contentsOf: URL(fileURLWithPath: paths.sessionIndexFile))
            let store = AppStore(paths: paths)
            guard let lookup = store.indexedLookup() else { continue }
            // This device's appends are folded in as a record after the same base.
            let after = try Data(contentsOf: URL(fileURLWithPath: paths.sessionIndexFile))
            if kind <= 3, let before, after.count > before.count, after.prefix(before.count) == before { folds += 1 }
            let got = Self.answers(lookup, sessions: sample, spans: spans)
            #expect(!store.isLoaded)
            // A prefix too short to be one is told without reading every id it starts: a whole id, or an error.
            #expect(got["session q7"] != .cannotTell && got["session s"] != .cannotTell)
            for (question, answer) in got where answer != .cannotTell {
                #expect(answer == reference[question], "seed \(seed) step \(step) kind \(kind): \(question)")
                told += 1
            }
        }
        #expect(told > 50)
        #expect(folds > 0)
    }
}
