import FocusJournal
import FocusModels
import FoundationEssentials

/// Plans what `focus import` will do with its inputs: the sessions to add, the changes the source made to sessions
/// imported before (edit records), the sessions the source no longer has (with `--prune`, delete records), how many
/// were already in the journal as they are, and the records skipped with why.
///
/// A record is matched to what the journal holds by its identity: its ``FocusLog/Origin`` key (a Watson frame id, a
/// Timewarrior interval's start), else its id. Sessions an undo took back do not count, so an undone import can be
/// imported again; their ids stay taken, so the new sessions get the next free `<id>~2`, `<id>~3`.
///
/// A Timewarrior interval whose start changed there has a new identity. Intervals never overlap there, so a new
/// interval is taken as a moved one, and planned as an edit of its session (the new start, end and note, and the new
/// identity), when exactly one thing is true both ways: it overlaps one session (as it is here) imported from
/// Timewarrior that the source no longer has where it covers (``Coverage``), and that session overlaps no other new
/// interval; and the two have the same tags (`timew move` and `modify start` keep them). Anything less clear-cut is
/// added, and the session stays counted among those the source no longer has (``ImportSummary/missing``), or is
/// deleted with `--prune`.
public enum ImportPlan {
    /// Parses every input and compares it with `history`, handing each new session to `adding` as soon as it is
    /// planned (with the id it gets), in input order: no list of the sessions read is held. New Timewarrior intervals
    /// over a session imported before, each possibly that one moved, come last, once every input is read.
    ///
    /// Input of which nothing could be read is a data error (exit 65) naming `path`: the wrong `--from`, or not a
    /// file of that format at all (thrown once every input is read; `adding` has then seen nothing). A file that
    /// changed while it was read (``SessionImporter/read(_:format:progress:into:)``) is a temporary error (exit 75):
    /// what `adding` saw then is not one state of it, and the caller writes none of it. Change records are dated
    /// `now`, with ids from `newID`.
    public static func plan(
        _ inputs: [ImportInput], format: SessionImporter.Format, history: JournalHistory, prune: Bool = false,
        path: String, now: Date, newID: () -> String, progress: ((WorkProgress) -> Void)? = nil,
        adding: (FocusLog) -> Void
    ) throws(FocusError) -> ImportSummary {
        let held = Held(history, format: format)
        var failure: FocusError?
        let (planner, gone) = withoutActuallyEscaping(adding) { adding in
            // The closure goes with `sink`, before this returns.
            var sink = Planner.Handing(planner: Planner(held: held, format: format), adding: adding)
            for (index, unopened) in inputs.enumerated() {
                let before = sink.planner.read + sink.planner.skippedCount
                do throws(FocusError) {
                    // Opened only now, and let go at the end of the turn: one month file in memory at a time.
                    let input = try unopened.opened()
                    let consistent = SessionImporter.read(
                        input, format: format,
                        progress: { done, fraction in
                            progress?(
                                WorkProgress(
                                    title: "Reading the records to import", done: before + done,
                                    fraction: (Double(index) + fraction) / Double(inputs.count)))
                        }, into: &sink)
                    guard consistent else {
                        throw FocusError(
                            .temporary, "\(path) changed while it was read; try again")
                    }
                } catch {
                    failure = error
                    break
                }
            }
            let gone = failure == nil ? sink.finish(coverage: Coverage(inputs)) : []
            return (sink.planner, gone)
        }
        if let failure { throw failure }
        let skipped = planner.skipped
        // A whole-file problem (not JSON, no header) is reported as itself.
        if planner.read == 0, planner.skippedCount == 1, inputs.count == 1, let only = skipped.first,
            ["frames", "file", inputs[0].name, "row 1"].contains(only.place.description)
        {
            throw FocusError(.data, "\(path): \(only.reason)")
        }
        if planner.read == 0, let first = skipped.first {
            let what = format.rawValue
            guard planner.skippedCount > 1 else {
                throw FocusError(.data, "\(path): nothing could be read as \(what): \(first.message)")
            }
            throw FocusError(
                .data,
                """
                \(path): nothing could be read as \(what): \(first.message) (and \(planner.skippedCount - 1) more \
                like it)
                """
            )
        }
        let updated = planner.edits.map {
            JournalChange(id: newID(), kind: .edit, target: $0.id, at: now, patch: $0.patch)
        }
        let pruned = prune ? gone.map { JournalChange(id: newID(), kind: .delete, target: $0, at: now) } : []
        return ImportSummary(
            format: format, added: planner.added, focused: planner.focused, updated: updated,
            moved: planner.moved, pruned: pruned, missing: prune ? 0 : gone.count, duplicates: planner.duplicates,
            differing: planner.differing, skipped: skipped, skippedCount: planner.skippedCount)
    }

    /// Plans each record as a reader hands it over.
    private struct Planner {
        let held: Held
        /// Whether a session's id follows from its identity, one for each (Watson's frame ids).
        let idsFollowIdentities: Bool
        /// The format read: its peer, if any, and whether an interval can have moved there (Timewarrior).
        let format: SessionImporter.Format
        /// The identities read, and the ids of the new sessions that a later one could ask for.
        var keys = HashedKeys()
        /// Sessions read.
        var read = 0
        /// The first start and the last end read.
        var span: (start: Date, end: Date)?
        /// For Timewarrior, the tags every interval read has (`nil` before the first).
        var sharedTags: Set<String>?
        var added = 0
        var focused = 0
        var duplicates = 0
        /// Sessions of focus's own export that differ from the ones here with their identity (kept as they are).
        var differing = 0
        /// The sessions the source changed, and how.
        var edits: [(id: String, patch: SessionPatch)] = []
        /// How many of ``edits`` follow a Timewarrior interval that moved.
        var moved = 0
        /// New Timewarrior intervals that overlap a session imported from it before: each may be that one moved,
        /// which is known only once every identity is read (``finish(names:)``).
        var candidates: [FocusLog] = []
        /// The first skipped records (``ImportSummary/listedSkips``), and how many there are.
        var skipped: [SessionImporter.Skipped] = []
        var skippedCount = 0

        init(held: Held, format: SessionImporter.Format) {
            self.held = held
            self.format = format
            idsFollowIdentities = format == .watson
        }

        /// The planner with where its new sessions go.
        struct Handing: SessionImporter.Sink {
            var planner: Planner
            let adding: (FocusLog) -> Void

            mutating func take(_ log: FocusLog) {
                if let new = planner.plan(log) { adding(new) }
            }

            mutating func skip(_ skipped: SessionImporter.Skipped) {
                if planner.skippedCount < ImportSummary.listedSkips { planner.skipped.append(skipped) }
                planner.skippedCount += 1
            }

            /// Follows the moves once every input (which covers `coverage`) is read, adds the candidates that are
            /// not one, and returns the ids of the sessions of the peer that the source no longer has.
            mutating func finish(coverage: Coverage) -> [String] {
                let (gone, new) = planner.finish(coverage: coverage)
                for log in new { adding(planner.new(log)) }
                return gone
            }
        }

        /// Plans `record`: the session to add (with the id it gets), `nil` for a duplicate, an update or a
        /// candidate move.
        mutating func plan(_ record: FocusLog) -> FocusLog? {
            read += 1
            span = span.map { (min($0.start, record.start), max($0.end, record.end)) } ?? (record.start, record.end)
            if format == .timewarrior, sharedTags?.isEmpty != true {
                sharedTags = sharedTags.map { $0.intersection(record.tags) } ?? Set(record.tags)
            }
            let key = ImportPlan.identity(record)
            guard keys.insert(key, as: .identity) else {
                duplicates += 1
                return nil
            }
            switch held.session(key) {
            case .some(.some(let current)):
                if let patch = ImportPlan.followed(record, current) {
                    edits.append((current.id, patch))
                } else if format.peer == nil, ImportPlan.differs(record, current) {
                    differing += 1
                } else {
                    duplicates += 1
                }
                return nil
            case .some(.none):
                // Deleted here, which stays.
                duplicates += 1
                return nil
            case .none:
                if let index = held.timewarrior, !index.ids(overlapping: record.start, record.end).isEmpty {
                    candidates.append(record)
                    return nil
                }
                return new(record)
            }
        }

        /// `record` as a new session, with the id it gets.
        mutating func new(_ record: FocusLog) -> FocusLog {
            var new = record
            new.id = ImportPlan.freeID(record.id) { held.ids.contains($0) || keys.contains($0, as: .id) }
            // Another session can only ask for an id it reads with the same identity (a duplicate), or an
            // `<id>~N` it is given: with one id for each identity, only those are kept.
            if !idsFollowIdentities || new.id != record.id || ImportPlan.lineage(new.id) != new.id {
                _ = keys.insert(new.id, as: .id)
            }
            added += 1
            focused += new.focused
            return new
        }

        /// Once every input (which covers `coverage`) is read: the ids of the peer's sessions here that the source
        /// no longer has where it covers them, by identity, and the candidates to add. A candidate that overlaps
        /// exactly one of those sessions, which overlaps no other candidate, and has its tags, is that session
        /// moved: planned as its edit.
        mutating func finish(coverage: Coverage) -> (gone: [String], new: [FocusLog]) {
            guard format.peer != nil else { return ([], candidates) }
            let span = span
            let sharedTags = sharedTags ?? []
            // Watson's frames file is all of it.
            func covers(_ log: FocusLog) -> Bool {
                guard format == .timewarrior else { return true }
                switch coverage {
                case .all: return true
                case .months(let months): return months.contains(String(UTCTimestamp.format(log.start).prefix(7)))
                case .span:
                    guard let span, span.start <= log.start, log.start < span.end else { return false }
                    return sharedTags.isSubset(of: log.tags)
                }
            }
            let missing = held.peerSessions.filter { !keys.contains($0.key, as: .identity) }.compactMap { key, id in
                held.effective[id].flatMap { covers($0) ? (key, $0) : nil }
            }
            guard !candidates.isEmpty else { return (missing.map(\.1.id), []) }
            let index = OverlapIndex(missing.map(\.1))
            let overlaps = candidates.map { index.ids(overlapping: $0.start, $0.end) }
            var claims: [String: Int] = [:]
            for id in overlaps.joined() { claims[id, default: 0] += 1 }
            var followed = Set<String>()
            var new: [FocusLog] = []
            for (record, ids) in zip(candidates, overlaps) {
                guard ids.count == 1, claims[ids[0]] == 1, let current = held.effective[ids[0]],
                    Set(record.tags) == Set(current.tags)
                else {
                    new.append(record)
                    continue
                }
                edits.append((current.id, ImportPlan.followed(record, current) ?? SessionPatch(origin: record.origin)))
                moved += 1
                followed.insert(current.id)
            }
            return (missing.map(\.1.id).filter { !followed.contains($0) }, new)
        }
    }

    /// What the journal holds of earlier imports: sessions no undo took back, by identity.
    private struct Held {
        /// Every id a record has, taken back or not: a new session never reuses one.
        var ids: Set<String>
        /// The session (its id) of each identity it has had: as it was recorded, and as edits that were not
        /// undone set it (a moved Timewarrior interval).
        var byIdentity: [String: String] = [:]
        /// The effective sessions by id (a deleted one is missing).
        var effective: [String: FocusLog] = [:]
        /// The effective sessions imported from the peer read, by their identity now, in its order.
        var peerSessions: [(key: String, id: String)] = []
        /// For Timewarrior, ``peerSessions`` by their times.
        var timewarrior: OverlapIndex?

        init(_ history: JournalHistory, format: SessionImporter.Format) {
            ids = Set(history.sessions.map(\.id) + history.changes.map(\.id))
            let undone = history.undone
            for log in history.effectiveLogs { effective[log.id] = log }
            for log in history.sessions where !undone.contains(log.id) {
                let identities = ImportPlan.identities(of: log)
                for key in identities where byIdentity[key] == nil { byIdentity[key] = log.id }
                // An earlier focus's session has its Watson or Timewarrior identity second.
                if let peer = format.peer, let current = effective[log.id],
                    let key = current.origin?.key ?? identities.dropFirst().first, key.hasPrefix(peer + ":")
                {
                    peerSessions.append((key, log.id))
                }
            }
            for change in history.changes
            where change.kind == .edit && !undone.contains(change.id) && !undone.contains(change.target) {
                if let key = change.patch.origin?.key, byIdentity[key] == nil { byIdentity[key] = change.target }
            }
            peerSessions.sort { $0.key < $1.key }
            if format == .timewarrior { timewarrior = OverlapIndex(peerSessions.compactMap { effective[$0.id] }) }
        }

        /// The session here that has `key` as its identity (`nil` inside when it was deleted here), `nil` when
        /// none has: an identity a Timewarrior interval moved away from has none.
        func session(_ key: String) -> FocusLog?? {
            guard let id = byIdentity[key] else { return nil }
            guard let log = effective[id] else { return .some(nil) }
            if let origin = log.origin, origin.key != key, key.hasPrefix("timewarrior:") { return nil }
            return log
        }
    }

    /// The identity of a record read from a file.
    static func identity(_ log: FocusLog) -> String { log.origin?.key ?? lineage(log.id) }

    /// The identities a session held in the journal answers to: its own, and for a session an earlier focus
    /// imported before it kept origins, the one its id stands for (Watson's frame id, 32 hex digits; a Timewarrior
    /// interval's hash of its start and end).
    static func identities(of log: FocusLog) -> [String] {
        var keys = [identity(log)]
        if log.origin == nil, log.source == .import {
            let start = Int(log.start.timeIntervalSince1970)
            let end = Int(log.end.timeIntervalSince1970)
            if log.id == "tw" + FNV1a.hex("timewarrior|\(start)|\(end)") {
                keys.append(SessionImporter.timewarriorKey(start: start))
            } else if log.id.utf8.count == 32,
                log.id.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            {
                keys.append("watson:" + log.id)
            }
        }
        return keys
    }

    /// `id` without the `~N` a re-import after an undo gave it.
    static func lineage(_ id: String) -> String {
        // An ASCII id, the usual, is looked at byte by byte (one `Character` a byte): every import asks this.
        let utf8 = id.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let tilde = utf8.lastIndex(of: UInt8(ascii: "~")) else { return id }
            let digits = utf8[utf8.index(after: tilde)...]
            guard !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) else { return id }
            return String(id[..<tilde])
        }
        guard let tilde = id.lastIndex(of: "~") else { return id }
        let digits = id[id.index(after: tilde)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return id }
        return String(id[..<tilde])
    }

    /// `id`, or the first of `id~2`, `id~3`… that is not `taken`.
    static func freeID(_ id: String, taken: (String) -> Bool) -> String {
        guard taken(id) else { return id }
        var n = 2
        while taken("\(id)~\(n)") { n += 1 }
        return "\(id)~\(n)"
    }

    /// The edit that brings `current` up to the source's `record`, when the source changed it since focus took it:
    /// Watson's `updated_at` newer than the one held, a Timewarrior interval with another end, tags or annotation,
    /// or one that moved (another start, so another identity).
    /// Only what the source says changes (the start, end, lengths, completion, tags; Timewarrior's annotation as the
    /// note); a note added here to a Watson session stays. `nil` when there is nothing to apply.
    static func followed(_ record: FocusLog, _ current: FocusLog) -> SessionPatch? {
        guard let origin = record.origin else { return nil }
        // A moved interval (another identity) is followed whatever its revision, which does not hash its start.
        if current.origin?.key == origin.key, let held = current.origin?.revision, let new = origin.revision {
            if origin.source == "watson" {
                guard let heldTime = Int(held), let newTime = Int(new), newTime > heldTime else { return nil }
            } else if held == new {
                return nil
            }
        }
        var patch = SessionPatch()
        if record.start != current.start { patch.start = record.start }
        if record.end != current.end { patch.end = record.end }
        if record.planned != current.planned { patch.planned = record.planned }
        if record.focused != current.focused { patch.focused = record.focused }
        if record.completed != current.completed { patch.completed = record.completed }
        if record.tags != current.tags { patch.tags = record.tags }
        if origin.source == "timewarrior", record.note != current.note { patch.note = .some(record.note) }
        guard !patch.isEmpty else { return nil }
        if current.origin != origin { patch.origin = origin }
        return patch
    }

    /// Whether `record`, read from focus's own export, differs from `current`, the session here with its identity:
    /// its times, lengths, completion, tags or note (edited on one machine after the export was made).
    static func differs(_ record: FocusLog, _ current: FocusLog) -> Bool {
        (record.start, record.end, record.planned, record.focused, record.completed)
            != (current.start, current.end, current.planned, current.focused, current.completed)
            || record.tags != current.tags || record.note != current.note
    }

    /// What a Timewarrior import covers: where a session imported from it before that it does not have is gone.
    enum Coverage: Equatable {
        /// A data folder: all Timewarrior has, whichever month files it holds now (it deletes a month file whose
        /// last interval went, or moved to another month).
        case all
        /// Month files named one by one: their months (`--prune` of one leaves the other months alone).
        case months(Set<String>)
        /// Any other file, such as `timew export`, which may be filtered by time (`timew export :week`) or by tags
        /// (`timew export work`): the sessions that start from its first start to its last end and have every tag
        /// all its intervals have.
        case span

        init(_ inputs: [ImportInput]) {
            if !inputs.isEmpty, inputs.allSatisfy(\.ofFolder) {
                self = .all
            } else if let months = ImportPlan.months(inputs.map(\.name)) {
                self = .months(months)
            } else {
                self = .span
            }
        }
    }

    /// The months (`2026-11`) Timewarrior month files cover, `nil` unless every input is one: `--prune` of one month
    /// file leaves the other months alone.
    static func months(_ names: [String]) -> Set<String>? {
        let months = names.compactMap { name -> String? in
            let stem = name.hasSuffix(".data") ? String(name.dropLast(5)) : ""
            let b = Array(stem.utf8)
            guard b.count == 7, b[4] == UInt8(ascii: "-"),
                b.enumerated().allSatisfy({ $0.offset == 4 || (48...57).contains($0.element) })
            else { return nil }
            return stem
        }
        return months.count == names.count && !names.isEmpty ? Set(months) : nil
    }
}
