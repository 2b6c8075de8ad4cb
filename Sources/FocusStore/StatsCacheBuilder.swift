import FocusJournal
import FocusModels
import FocusServices

/// The derived files (``StatsCache``, and the expedition checkpoint beside them) built from the effective sessions
/// as a streamed read visits them (``AppStore/streamSessions(progress:planned:withDevices:)``), in the order of
/// ``AppStore/focusLogs``, holding no session: what ``AppStore/saveDerived(days:summaries:expedition:)`` writes from
/// the sessions in memory, byte for byte (`DerivedJournalTests` compares the two over random journals).
///
/// Per session it keeps what the file itself holds (the hash of its id) and 16 bytes for its short id: the first
/// bytes of its id, lowercased, from which the length of every short id (``ShortID/length(for:minimum:)``) and the
/// hashes the file keeps of them are found once all went by; both in a ``SpillSorter``, so that they are not in
/// memory all at once. Everything else is folded as the sessions go by with
/// the service functions a load uses (``StatsService/daySummaries(focusLogs:days:adding:)``, ``GrowthTotals``,
/// ``ExpeditionService/Folder``), so the two cannot disagree. Another derived file filled from the same pass takes
/// its own value beside this one, fed by the same visit.
struct StatsCacheBuilder {
    private let days: LocalDays
    private let definitions: ExpeditionDefinitions?
    /// The targets of the change records: these sessions' ids are counted from the records (``finish(_:)``).
    private var targets: Set<String> = []
    private var summaries: [DaySummary] = []
    private var batch: [FocusLog] = []
    private let idHashes: SpillSorter<Int>
    private let shortIDs: SpillSorter<ShortIDKey>
    /// Whether every id is printable ASCII: else its short id is not a matter of bytes, and a load builds the files.
    private var plainIDs = true
    /// The newest sessions so far (the last ones), with their devices: at most twice ``JournalDigest/History/kept``.
    private var newest: [(log: FocusLog, device: String?)] = []
    /// Each tag's latest start.
    private var tagStarts: [String: Double] = [:]
    private var filters = FilterStreaks.Builder()
    private var growth: GrowthTotals?
    private var expedition: ExpeditionService.Folder?
    private var earningDays: Set<Int> = []
    private var earning = 0
    private var earningHash = FNV1a.offsetBasis
    private var lastEarning: FocusLog?
    private var last: FocusLog?
    /// The expedition's events of every session, by session id (few: each mission and chapter has its own).
    private(set) var events: [String: [ExpeditionEvent]] = [:]
    private(set) var sessions = 0

    /// A builder for `days`; without `definitions` (the user's file cannot be read) the digest has no expedition and
    /// no growth, as a load's. Values spill to temp files in `directory` (``SpillSorter``).
    init(days: LocalDays, definitions: ExpeditionDefinitions?, spillingIn directory: String, chunk: Int) {
        self.days = days
        self.definitions = definitions
        idHashes = SpillSorter(directory: directory, chunkSize: chunk)
        shortIDs = SpillSorter(directory: directory, chunkSize: chunk)
        if let definitions {
            growth = GrowthTotals(deepFocusMinutes: definitions.deepFocusMinutes)
            expedition = ExpeditionService.Folder(state: ExpeditionState(), definitions: definitions, days: days)
        }
    }

    /// Told, before the first session, how many session records there are and the change records.
    mutating func plan(sessionRecords: Int, changes: [JournalChange]) {
        targets = Set(changes.map(\.target))
    }

    /// The next effective session, and the device that recorded it.
    mutating func add(_ log: FocusLog, device: String?) {
        sessions += 1
        batch.append(log)
        if batch.count == 4096 { flush() }
        if targets.isEmpty || !targets.contains(log.id) { idHashes.append(StatsCache.hash(log.id)) }
        if let key = ShortIDKey(log.id) { shortIDs.append(key) } else { plainIDs = false }
        newest.append((log, device))
        if newest.count == 2 * JournalDigest.History.kept { newest.removeFirst(JournalDigest.History.kept) }
        let start = log.start.timeIntervalSince1970
        for tag in log.tags { tagStarts[tag] = max(tagStarts[tag] ?? start, start) }
        last = log
        let day = days.dayNumber(of: log)
        filters.add(log, device: device, day: day)
        guard let definitions else { return }
        growth?.add(log, day: day)
        guard ExpeditionService.earnsProgress(log, definitions: definitions) else { return }
        if let step = expedition?.add(log), !step.isEmpty { events[log.id, default: []] += step }
        earningDays.insert(day)
        earning += 1
        earningHash = FNV1a.hash(line: log.id, continuing: earningHash)
        lastEarning = log
    }

    private mutating func flush() {
        summaries = StatsService.daySummaries(focusLogs: batch, days: days, adding: summaries)
        batch.removeAll(keepingCapacity: true)
    }

    /// The cache of the journal `scan` describes, under `fingerprint`, and whether two of its ids share their hash
    /// (``StatsCache/hash(_:)``: the session index cannot tell them apart); `nil` when a load must build it
    /// (unreadable lines, no session, an id whose short id is not a matter of its first 16 bytes, a temp file that
    /// cannot be written).
    mutating func finish(_ scan: JournalScan, fingerprint: String) -> (cache: StatsCache, sharedHash: Bool)? {
        flush()
        guard scan.issues.isEmpty, sessions > 0, !scan.files.isEmpty, plainIDs,
            let prefixHashes = shortIDPrefixHashes()
        else { return nil }
        // The sessions the change records name (those deleted or undone too), counted once each, and the records.
        let unknown = Set(scan.danglingChanges.map(\.target)).union(scan.changes.map(\.id))
        for target in targets where !unknown.contains(target) { idHashes.append(StatsCache.hash(target)) }
        for change in scan.changes { idHashes.append(StatsCache.hash(change.id)) }
        var sortedHashes: [Int] = []
        sortedHashes.reserveCapacity(idHashes.count)
        guard idHashes.visitInOrder({ sortedHashes.append($0) }) else { return nil }
        let sharedHash = zip(sortedHashes, sortedHashes.dropFirst()).contains { $0 == $1 }
        let recent = newest.suffix(JournalDigest.History.kept).reversed()
        let history = JournalDigest.History(
            newest: recent.map(\.log), devices: recent.map(\.device), idLength: prefixHashes.length)
        let tags = tagStarts.map { JournalDigest.TagUse(tag: $0.key, start: $0.value) }.sorted { $0.precedes($1) }
        let core = JournalDigest.Core(
            tags: tags, changeTargets: scan.changes.map { StatsCache.hash($0.target) }.sorted(),
            growth: growth.map {
                JournalDigest.Growth(totals: $0, lastStart: last?.start.timeIntervalSince1970, lastID: last?.id)
            })
        let digest = JournalDigest(
            core: core, history: history,
            expedition: definitions.flatMap { definitions in
                expedition.map {
                    JournalDigest.Expedition(
                        fingerprint: JournalDigest.expeditionFingerprint(definitions, days: days), state: $0.state,
                        lastStart: lastEarning?.start.timeIntervalSince1970, lastID: lastEarning?.id,
                        lastRun: JournalDigest.lastRun(of: earningDays.sorted()))
                }
            })
        let cache = StatsCache(
            fingerprint: fingerprint, files: scan.files, sessionCount: sessions, changeCount: scan.changes.count,
            summaries: summaries, runs: StatsInput(summaries: summaries).streakRuns, idHashes: sortedHashes,
            digest: digest, prefixHashes: prefixHashes.hashes, filterRuns: filters.runs)
        return (cache, sharedHash)
    }

    /// The expedition checkpoint of the sessions that went by (``AppStore/loadExpedition(days:)``'s), `changes`
    /// being the journal's change records; `nil` without definitions.
    func checkpoint(changes: [JournalChange]) -> (checkpoint: ExpeditionCheckpoint, earns: Bool)? {
        guard let definitions, let expedition else { return nil }
        let checkpoint = ExpeditionCheckpoint(
            version: ExpeditionCheckpoint.currentVersion,
            fingerprint: ExpeditionCheckpoint.fingerprint(definitions, days: days, changes: changes.map(\.id)),
            applied: earning, lastID: lastEarning?.id, appliedHash: String(earningHash, radix: 16),
            state: expedition.state)
        return (checkpoint, earning > 0)
    }

    /// The short ids' length and the sorted hashes of every session's short id
    /// (``JournalDigest/prefixHash(_:length:)``), from the keys in order (read back twice); `nil` when two ids share
    /// their first 16 bytes (a longer short id than the keys tell) or the keys cannot be read back.
    private func shortIDPrefixHashes() -> (length: Int, hashes: [Int])? {
        var length = 8
        var previous: ShortIDKey?
        var tellable = true
        let read = shortIDs.visitInOrder { b in
            defer { previous = b }
            guard let a = previous else { return }
            guard a.high != b.high || a.low != b.low else {
                // The same id but for case (when shorter than the key), or one the key cannot tell apart.
                if b.low & 0xFF != 0 { tellable = false }
                return
            }
            let common =
                a.high != b.high
                ? (a.high ^ b.high).leadingZeroBitCount / 8 : 8 + (a.low ^ b.low).leadingZeroBitCount / 8
            length = max(length, common + 1)
        }
        guard read, tellable else { return nil }
        var hashes: [Int] = []
        hashes.reserveCapacity(shortIDs.count)
        guard shortIDs.visitInOrder({ hashes.append($0.prefixHash(length: length)) }) else { return nil }
        AppStore.SessionKey.sort(&hashes, by: <)
        return (length, hashes)
    }

    /// An id's first 16 bytes, lowercased, big-endian in two words (zero past its end), so that words compare as the
    /// lowercased ids do.
    struct ShortIDKey {
        var high: UInt64 = 0
        var low: UInt64 = 0

        /// `nil` unless every byte of `id` is printable ASCII.
        init?(_ id: String) {
            var id = id
            var high: UInt64 = 0
            var low: UInt64 = 0
            let plain = id.withUTF8 { bytes in
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    guard byte >= 0x20, byte < 0x7F else { return false }
                    guard index < 16 else { continue }
                    let lower = UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                    if index < 8 { high |= lower &<< (8 * (7 - index)) } else { low |= lower &<< (8 * (15 - index)) }
                }
                return true
            }
            guard plain else { return nil }
            self.high = high
            self.low = low
        }

        /// ``JournalDigest/prefixHash(_:length:)`` of the id, `length` at most 16.
        func prefixHash(length: Int) -> Int {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { bytes in
                var count = 0
                for index in 0..<length {
                    let word = index < 8 ? high : low
                    let byte = UInt8(truncatingIfNeeded: word >> (8 * (7 - index % 8)))
                    if byte == 0 { break }
                    bytes[index] = byte
                    count += 1
                }
                return StatsCache.hash(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[..<count])))
            }
        }
    }
}
