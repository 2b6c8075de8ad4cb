import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// What the stats cache (``StatsCache``) keeps besides day summaries, so that `completions --tags`, `expedition`,
/// `passport` and the end of a session never read the history: the tags, the expedition, and what a new session's
/// id must not be. Built from the effective sessions on a full load, folded with the same appended sessions as the
/// day summaries, and replaced with them in one file, so it always describes the same journal.
struct JournalDigest: Equatable {
    /// A tag's latest use: the start (seconds since the epoch) of its newest session.
    struct TagUse: Equatable {
        var tag: String
        var start: Double

        /// The order of ``TagUsage/tally(_:)``: the most recently used first, ties by name.
        func precedes(_ other: TagUse) -> Bool { (start, other.tag) > (other.start, tag) }
    }

    /// The expedition as of the journal, with what folding a later session into it needs.
    struct Expedition: Equatable {
        /// ``JournalDigest/expeditionFingerprint(_:days:)`` of the definitions and settings it was folded with.
        var fingerprint: String
        var state: ExpeditionState
        /// The start and id of the last session that earned progress: only later sessions can be folded in.
        var lastStart: Double?
        var lastID: String?
        /// The last run of consecutive days with a session that earned progress (the streak the next one extends).
        var lastRun: ClosedRange<Int>?
    }

    /// What `focus log --limit N` shows without reading the history: the newest sessions and their short ids.
    struct History: Equatable {
        /// How many newest sessions are kept: `log --limit N` for any N up to it reads nothing else.
        static let kept = 200

        /// The newest effective sessions, newest first (by start, then id), at most ``kept``.
        var newest: [FocusLog]
        /// The device that recorded each of them (``AppStore/device(ofSession:)``).
        var devices: [String?]
        /// ``ShortID/length(for:minimum:)`` of every effective session's id.
        var idLength: Int

        init(newest: [FocusLog], devices: [String?], idLength: Int) {
            self.newest = newest
            self.devices = devices
            self.idLength = idLength
        }

        /// These sessions and `added`'s (which replace those with the same id): the newest ``kept`` of both, with
        /// `added`'s id length.
        func merging(_ added: History) -> History {
            let replaced = Set(added.newest.map(\.id))
            var entries = zip(newest, devices).filter { !replaced.contains($0.0.id) } + zip(added.newest, added.devices)
            entries.sort { ($0.0.start, $0.0.id) > ($1.0.start, $1.0.id) }
            return History(
                newest: entries.prefix(Self.kept).map(\.0), devices: entries.prefix(Self.kept).map(\.1),
                idLength: added.idLength)
        }

        /// As stored: the id length, the device names (a JSON array), each session's index in it (-1: none), then
        /// the sessions as journal lines, read back by the journal's own line reader.
        var text: String {
            let names = Array(Set(devices.compactMap { $0 })).sorted()
            let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            // Built by appending: `joined` is the standard library's generic code, whose first run has the runtime
            // look up the array's conformances (170 k instructions, in every fold).
            var text = "\(idLength)\n" + JSONValue.array(names.map(JSONValue.string)).text(sortedKeys: true) + "\n"
            for (i, device) in devices.enumerated() {
                if i > 0 { text += "," }
                text += device.flatMap { index[$0] }.map(String.init) ?? "-1"
            }
            text += "\n"
            for log in newest { text += JournalCodec.encode(log) + "\n" }
            return text
        }

        /// ``text`` read back, its newest `limit` sessions only (the lines after them are not read); `nil` when it
        /// is not one.
        init?(text: String, limit: Int = .max) {
            guard let history = Array(text.utf8).withUnsafeBufferPointer({ Self(bytes: $0, limit: limit) }) else {
                return nil
            }
            self = history
        }

        /// ``text`` read back from its bytes (in the stats cache's mapping), its newest `limit` sessions only.
        init?(bytes: UnsafeBufferPointer<UInt8>, limit: Int = .max) {
            // Read as bytes, lines found by `memchr` and copied whole: a slice of the mapping copied into an array goes
            // element by element, and a JSON decoder's first use costs more than the lines it reads.
            func lineEnd(from start: Int) -> Int? {
                guard start < bytes.count, let base = bytes.baseAddress,
                    let found = memchr(base + start, 10, bytes.count - start)
                else { return nil }
                return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            }
            func copy(_ range: Range<Int>) -> [UInt8] { Array(UnsafeBufferPointer(rebasing: bytes[range])) }
            guard let firstBreak = lineEnd(from: 0), let namesEnd = lineEnd(from: firstBreak + 1),
                let rowEnd = lineEnd(from: namesEnd + 1),
                let idLength = Int(String(decoding: bytes[..<firstBreak], as: UTF8.self))
            else { return nil }
            var object = Array("{\"n\":".utf8)
            object += copy((firstBreak + 1)..<namesEnd)
            object.append(UInt8(ascii: "}"))
            guard case .strings(let names)? = try? FlatJSON.parseObject(object)["n"] else { return nil }
            // The first `limit` indices only: the rest of the row is not read.
            guard let indices = Self.indices(bytes[(namesEnd + 1)..<rowEnd], limit: limit) else { return nil }
            var end = rowEnd + 1
            for _ in 0..<indices.count {
                guard let next = lineEnd(from: end) else { return nil }
                end = next + 1
            }
            var records: [JournalRecord] = []
            var lines: [Int] = []
            var problems: [JournalIssue] = []
            JournalReader.parse(copy((rowEnd + 1)..<end), file: "", into: &records, lines: &lines, issues: &problems)
            guard problems.isEmpty, records.count == indices.count else { return nil }
            var logs: [FocusLog] = []
            var devices: [String?] = []
            for (record, index) in zip(records, indices) {
                guard case .session(let log) = record, (-1..<names.count).contains(index) else { return nil }
                logs.append(log)
                devices.append(index < 0 ? nil : names[index])
            }
            self.init(newest: logs, devices: devices, idLength: idLength)
        }

        /// The first `limit` numbers of a row of ``text`` (decimal, or -1, split by commas); `nil` when it is not one.
        static func indices(_ row: Slice<UnsafeBufferPointer<UInt8>>, limit: Int) -> [Int]? {
            var out: [Int] = []
            var at = row.startIndex
            while at < row.endIndex, out.count < limit {
                let negative = row[at] == UInt8(ascii: "-")
                if negative { at += 1 }
                var value = 0
                let first = at
                while at < row.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(row[at]), at - first < 18 {
                    value = value * 10 + Int(row[at] - UInt8(ascii: "0"))
                    at += 1
                }
                guard at > first, at == row.endIndex || row[at] == UInt8(ascii: ",") else { return nil }
                out.append(negative ? -value : value)
                at += 1
            }
            // A trailing comma leaves an empty last number.
            guard at != row.endIndex || row.last != UInt8(ascii: ",") else { return nil }
            return out
        }
    }

    /// The part every fold reads: the tags and the change targets.
    struct Core: Equatable {
        var tags: [TagUse]
        var changeTargets: [Int]
        var growth: Growth?
    }

    /// What `focus profile` shows besides the expedition and the streaks, as of the journal's last session.
    struct Growth: Equatable {
        var totals: GrowthTotals
        /// The start and id of the last session folded: only later ones can be added as a rebuild would.
        var lastStart: Double?
        var lastID: String?
    }

    /// Each tag once, newest use first (``AppStore/tags``, in the order of ``TagUsage/tally(_:)``).
    var tags: [TagUse] = []
    /// `nil` when a new id could make the short ids longer: the next `log` reads the journal and rebuilds it.
    var history: History?
    /// Sorted ``StatsCache/hash(_:)`` of the targets of every change record: a session appended with one of these
    /// ids may be edited, deleted or undone already, so it is never folded in.
    var changeTargets: [Int] = []
    /// `nil` when the expedition definitions could not be read when it was built, or a session could not be folded.
    var expedition: Expedition?
    /// `nil` like ``expedition``.
    var growth: Growth?

    init(core: Core, history: History?, expedition: Expedition?) {
        self.tags = core.tags
        self.changeTargets = core.changeTargets
        self.growth = core.growth
        self.history = history
        self.expedition = expedition
    }

    /// The digest of the effective sessions `logs` (sorted by start, then id) and the change records `changes`;
    /// `expedition` is the fold of `logs` over `definitions` when the caller has it already.
    init(
        logs: [FocusLog], changes: [JournalChange], devices: [String: String], definitions: ExpeditionDefinitions?,
        expedition: ExpeditionState?, days: LocalDays
    ) {
        let newest = Array(logs.suffix(History.kept).reversed())
        history = History(
            newest: newest, devices: newest.map { devices[$0.id] },
            idLength: ShortID.length(for: logs.map(\.id)))
        tags = TagUsage.tally(logs).map { TagUse(tag: $0.tag, start: $0.lastUsed.timeIntervalSince1970) }
        changeTargets = changes.map { StatsCache.hash($0.target) }.sorted()
        guard let definitions else { return }
        growth = Growth(
            totals: GrowthTotals(focusLogs: logs, deepFocusMinutes: definitions.deepFocusMinutes, days: days),
            lastStart: logs.last?.start.timeIntervalSince1970, lastID: logs.last?.id)
        let earning = logs.filter { ExpeditionService.earnsProgress($0, definitions: definitions) }
        let state =
            expedition
            ?? ExpeditionService.fold(earning, into: ExpeditionState(), definitions: definitions, days: days).state
        let earningDays = StreakService.streakDays(completedDayNumbers: earning.lazy.map(days.dayNumber(of:)))
        self.expedition = Expedition(
            fingerprint: Self.expeditionFingerprint(definitions, days: days), state: state,
            lastStart: earning.last?.start.timeIntervalSince1970, lastID: earning.last?.id,
            lastRun: Self.lastRun(of: earningDays))
    }

    /// The run of consecutive days ending on the latest of `days` (sorted, distinct: a session's day follows its
    /// own zone, so the sessions' days need not be in order).
    static func lastRun(of days: [Int]) -> ClosedRange<Int>? {
        var run = days.last.map { $0...$0 }
        for day in days.reversed().dropFirst() {
            guard let current = run, day == current.lowerBound - 1 else { break }
            run = day...current.upperBound
        }
        return run
    }

    /// Whether a change record names the session `hash`.
    func isChangeTarget(_ hash: Int) -> Bool {
        var low = 0
        var high = changeTargets.count
        while low < high {
            let mid = (low + high) / 2
            if changeTargets[mid] < hash { low = mid + 1 } else { high = mid }
        }
        return low < changeTargets.count && changeTargets[low] == hash
    }

    /// This digest with `added` (new sessions: ids no record had, in any order) folded into the tags and the newest
    /// sessions; ``foldingProgress(_:definitions:days:)`` folds them into the rest.
    func folding(_ added: [FocusLog], devices: [String: String], lengthensShortIDs: Bool) -> JournalDigest {
        var next = self
        next.history =
            lengthensShortIDs
            ? nil
            : history?.merging(
                History(newest: added, devices: added.map { devices[$0.id] }, idLength: history?.idLength ?? 0))
        for log in added {
            for tag in log.tags {
                let start = log.start.timeIntervalSince1970
                if let index = next.tags.firstIndex(where: { $0.tag == tag }) {
                    next.tags[index].start = max(next.tags[index].start, start)
                } else {
                    next.tags.append(TagUse(tag: tag, start: start))
                }
            }
        }
        next.tags.sort { $0.precedes($1) }
        return next
    }

    /// This digest with `added` folded into the growth totals and the expedition, and the events each caused, by
    /// session id. The expedition is dropped (rebuilt by the next full load) when a session that earns progress is
    /// not after the last one it holds (unless the route was completed before it), or when `definitions` are not the
    /// ones it was folded with.
    func foldingProgress(_ added: [FocusLog], definitions: ExpeditionDefinitions?, days: LocalDays) -> (
        digest: JournalDigest, events: [String: [ExpeditionEvent]]
    ) {
        var next = self
        next.growth = growth.flatMap { growth in
            Self.folding(added, into: growth, deepFocusMinutes: definitions?.deepFocusMinutes, days: days)
        }
        guard let definitions, var expedition,
            expedition.fingerprint == Self.expeditionFingerprint(definitions, days: days)
        else {
            next.expedition = nil
            return (next, [:])
        }
        let earning = added.filter { ExpeditionService.earnsProgress($0, definitions: definitions) }
            .sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        var events: [String: [ExpeditionEvent]] = [:]
        for log in earning {
            let start = log.start.timeIntervalSince1970
            let day = days.dayNumber(of: log)
            // Only a session after every one folded, on a day not before the streak's end, folds as a rebuild would.
            guard expedition.lastStart.map({ (start, log.id) > ($0, expedition.lastID ?? "") }) ?? true,
                expedition.lastRun.map({ day >= $0.upperBound }) ?? true
            else {
                // An earlier one changes nothing only after the route was completed.
                guard let frozen = expedition.replacing(nil, with: log, days: days, definitions: definitions) else {
                    next.expedition = nil
                    return (next, [:])
                }
                expedition = frozen
                continue
            }
            let run = Self.extend(expedition.lastRun, with: day)
            let step = ExpeditionService.apply(
                log, day: CivilDate(dayNumber: day), streak: StreakService.current(streakRuns: [run], today: day),
                to: expedition.state, definitions: definitions)
            expedition.state = step.state
            expedition.lastStart = start
            expedition.lastID = log.id
            expedition.lastRun = run
            if !step.events.isEmpty { events[log.id, default: []] += step.events }
        }
        next.expedition = expedition
        return (next, events)
    }

    /// The hash a short id of `length` is kept under (``StatsCache/prefixHashes``).
    static func prefixHash(_ id: String, length: Int) -> Int { StatsCache.hash(String(id.lowercased().prefix(length))) }

    /// `growth` with `added` in start order, `nil` when one starts before its last session and the days it may move
    /// cannot be told without the history (``GrowthTotals/replacing(_:with:)``), or with another deep focus.
    private static func folding(_ added: [FocusLog], into growth: Growth, deepFocusMinutes: Int?, days: LocalDays)
        -> Growth?
    {
        guard growth.totals.deepFocusMinutes == deepFocusMinutes else { return nil }
        var growth = growth
        for log in added.sorted(by: { ($0.start, $0.id) < ($1.start, $1.id) }) {
            let start = log.start.timeIntervalSince1970
            guard growth.lastStart.map({ (start, log.id) > ($0, growth.lastID ?? "") }) ?? true else {
                // An earlier one is added as a rebuild would only after every day was set.
                guard let added = growth.replacing(nil, with: log, days: days) else { return nil }
                growth = added
                continue
            }
            growth.totals.add(log, day: days.dayNumber(of: log))
            growth.lastStart = start
            growth.lastID = log.id
        }
        return growth
    }

    /// `run` (the last run of days) after a session on `day`, not before its end.
    private static func extend(_ run: ClosedRange<Int>?, with day: Int) -> ClosedRange<Int> {
        guard let run, day <= run.upperBound + 1 else { return day...day }
        return run.lowerBound...max(run.upperBound, day)
    }

    /// What the expedition's fold depends on besides the sessions
    /// (``ExpeditionCheckpoint/fingerprint(_:days:changes:)`` without the change records: the digest is rebuilt after
    /// any).
    static func expeditionFingerprint(_ definitions: ExpeditionDefinitions, days: LocalDays) -> String {
        ExpeditionCheckpoint.fingerprint(definitions, days: days)
    }
}
