import FocusModels

/// The streaks of `focus stats --tag` and `--device`, kept in the stats cache: for each tag and each device, the runs
/// of consecutive days with a completed session that has the tag (or that the device recorded), which the day
/// summaries of those sessions alone give (``StatsInput/streakRuns``). With them a filtered bounded range reads its
/// own days' sessions only (``AppStore/indexedFilteredInput(range:tag:device:today:days:)``).
///
/// In the base (``StatsCache/encode(_:)``) a section of its own, after the hashes, read only when a filter is given:
///
/// ```
/// table    count, then per key (``hash(_:)`` of the key, offset of its entry from the section's start), sorted
/// entries  per key: the key, its run count, its runs (first day, last day)
/// ```
///
/// A record (``StatsCacheDelta``) holds, per key a fold changed, a ``Change``: base runs ending before its first day
/// hold as they are, its runs replace the others (the base's own streak runs' scheme).
enum FilterStreaks {
    /// The key of the runs of the sessions with the tag `tag`.
    static func key(tag: String) -> String { "t" + tag }

    /// The key of the runs of the sessions the device named `device` recorded.
    static func key(device: String) -> String { "d" + device }

    /// The keys whose runs a completed session `log` that `device` recorded makes a streak day of.
    static func keys(of log: FocusLog, device: String?) -> [String] {
        var keys = log.tags.map(key(tag:))
        if let device { keys.append(key(device: device)) }
        return keys
    }

    /// One key's runs as a record changes them: the base's ending before ``from`` kept, ``runs`` for the others.
    struct Change: Equatable {
        var key: String
        var from: Int
        var runs: [ClosedRange<Int>]
    }

    /// The runs of every key, built a session at a time (in any order).
    struct Builder {
        private var keys: [String] = []
        private var lists: [[ClosedRange<Int>]] = []
        private var slots: [String: Int] = [:]
        /// The last tags and device met, with their slots: most sessions name one of a few, found without a hash.
        private var recentTags: [Recent] = []
        private var lastDevice: Recent?

        /// A tag or device name and its slot. (A struct, not a tuple: an array of tuples has its type made at run
        /// time.)
        private struct Recent {
            let name: String
            let slot: Int
        }

        /// Every key's runs.
        var runs: [String: [ClosedRange<Int>]] { Dictionary(uniqueKeysWithValues: zip(keys, lists)) }

        /// Adds the session `log`, of the local day `day`, that `device` recorded.
        mutating func add(_ log: FocusLog, device: String?, day: Int) {
            guard log.completed else { return }
            for tag in log.tags { Self.insert(day, into: &lists[slot(tag: tag)]) }
            if let device {
                let slot: Int
                if let last = lastDevice, last.name == device {
                    slot = last.slot
                } else {
                    slot = self.slot(FilterStreaks.key(device: device))
                    lastDevice = Recent(name: device, slot: slot)
                }
                Self.insert(day, into: &lists[slot])
            }
        }

        private mutating func slot(tag: String) -> Int {
            if let found = recentTags.first(where: { $0.name == tag }) { return found.slot }
            let slot = self.slot(FilterStreaks.key(tag: tag))
            if recentTags.count == 8 { recentTags.removeFirst() }
            recentTags.append(Recent(name: tag, slot: slot))
            return slot
        }

        private mutating func slot(_ key: String) -> Int {
            if let slot = slots[key] { return slot }
            slots[key] = keys.count
            keys.append(key)
            lists.append([])
            return keys.count - 1
        }

        /// `day` made a streak day of `runs`, in place when it is at their end (sessions mostly come in order).
        static func insert(_ day: Int, into runs: inout [ClosedRange<Int>]) {
            guard let last = runs.last, day <= last.upperBound + 1 else { return runs.append(day...day) }
            if day == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...day
            } else if day < last.lowerBound {
                runs = AppStore.runs(runs, setting: day, to: true)
            }
        }
    }

    /// The hash a key is found by in the table: of the UTF-8 of its NFC form (``RecordID``'s rule), so every spelling
    /// `==` takes for the key (`cafe\u{301}` and `caf\u{E9}`, `\u{212A}` and `K`, `\u{F91D}` and `\u{6B04}`) finds the
    /// one entry the builder and a record keep for them all, under the spelling they met first.
    static func hash(_ key: String) -> Int { StatsCache.hash(key) }

    /// The section's bytes for `runs` (keys without runs left out), given to `write` a piece at a time.
    static func encode<Failure>(
        _ runs: [String: [ClosedRange<Int>]], _ write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        let keys = runs.keys.filter { !(runs[$0]!.isEmpty) }.map { (hash: hash($0), key: $0) }.sorted {
            ($0.hash, $0.key) < ($1.hash, $1.key)
        }
        var w = StatsCache.Writer()
        w.int(keys.count)
        var offset = 8 + 16 * keys.count
        for (hash, key) in keys {
            w.int(hash)
            w.int(offset)
            offset += 8 + (key.utf8.count + 7) / 8 * 8 + 8 + 16 * runs[key]!.count
        }
        for (_, key) in keys {
            if w.bytes.count >= 1 << 16 {
                try write(w.bytes)
                w.bytes.removeAll(keepingCapacity: true)
            }
            w.string(key)
            let list = runs[key]!
            w.int(list.count)
            for run in list {
                w.int(run.lowerBound)
                w.int(run.upperBound)
            }
        }
        try write(w.bytes)
    }

    /// The bytes of ``encode(_:_:)`` as one array.
    static func encoded(_ runs: [String: [ClosedRange<Int>]]) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(runs) { bytes += $0 }
        return bytes
    }
}

extension StatsCache.Writer {
    /// A record's ``FilterStreaks/Change``s.
    mutating func filterChanges(_ changes: [FilterStreaks.Change]) {
        int(changes.count)
        for change in changes {
            string(change.key)
            int(change.from)
            int(change.runs.count)
            for run in change.runs {
                int(run.lowerBound)
                int(run.upperBound)
            }
        }
    }
}

extension StatsCacheFile.Reader {
    /// ``StatsCache/Writer/filterChanges(_:)`` read back: keys in order, days in range, runs in order and apart.
    mutating func filterChanges() throws(StatsCacheFile.Corrupt) -> [FilterStreaks.Change] {
        var out: [FilterStreaks.Change] = []
        for _ in 0..<(try count()) {
            let key = try string()
            let from = try int()
            guard out.last.map({ $0.key < key }) ?? true, StatsCache.days.contains(from) else {
                throw StatsCacheFile.Corrupt()
            }
            out.append(FilterStreaks.Change(key: key, from: from, runs: try runs(endingFrom: from)))
        }
        return out
    }

    /// A count, then that many runs, each in ``StatsCache/days``, in order and apart, the first ending on `day` or
    /// later.
    mutating func runs(endingFrom day: Int = Int.min) throws(StatsCacheFile.Corrupt) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        var previous = Int.min
        for _ in 0..<(try count()) {
            let low = try int()
            let high = try int()
            guard StatsCache.days.contains(low), StatsCache.days.contains(high), low <= high, low > previous,
                high >= day
            else { throw StatsCacheFile.Corrupt() }
            previous = high
            runs.append(low...high)
        }
        return runs
    }
}

extension StatsCacheFile {
    /// The runs of `key` (``FilterStreaks``) from the one before the first that ends on `day` or later; none when the
    /// section has no such key.
    func filterRuns(_ key: String, endingFrom day: Int = Int.min) throws(Corrupt) -> [ClosedRange<Int>] {
        guard let entry = try filterEntry(key) else { return [] }
        var r = Reader(base: base + filtersOffset, length: filterLength, at: entry)
        let count = try r.count()
        guard count <= (filterLength - r.at) / 16 else { throw Corrupt() }
        return try runs(at: filtersOffset + r.at, count: count, endingFrom: day)
    }

    /// Every key's runs (for a fold that writes a new base).
    func allFilterRuns() throws(Corrupt) -> [String: [ClosedRange<Int>]] {
        var out: [String: [ClosedRange<Int>]] = [:]
        for i in 0..<filterKeyCount {
            let entry = filterWord(8 + i * 16 + 8)
            guard (0..<filterLength).contains(entry) else { throw Corrupt() }
            var r = Reader(base: base + filtersOffset, length: filterLength, at: entry)
            let key = try r.string()
            out[key] = try r.runs()
        }
        return out
    }

    /// Where the entry of `key` goes on, past its key; `nil` when the table has none.
    private func filterEntry(_ key: String) throws(Corrupt) -> Int? {
        let hash = FilterStreaks.hash(key)
        var low = 0
        var high = filterKeyCount
        while low < high {
            let mid = (low + high) / 2
            if filterWord(8 + mid * 16) < hash { low = mid + 1 } else { high = mid }
        }
        while low < filterKeyCount, filterWord(8 + low * 16) == hash {
            let entry = filterWord(8 + low * 16 + 8)
            guard (0..<filterLength).contains(entry) else { throw Corrupt() }
            var r = Reader(base: base + filtersOffset, length: filterLength, at: entry)
            if try r.string() == key { return r.at }
            low += 1
        }
        return nil
    }

    private func filterWord(_ offset: Int) -> Int { word(filtersOffset + offset) }
}

extension DerivedJournal {
    /// The runs of `key` (``FilterStreaks``) as of the journal: the base's with the record's laid over them, those
    /// that end on `day` or later.
    func filterRuns(_ key: String, endingFrom day: Int = Int.min) throws -> [ClosedRange<Int>] {
        let base = try file.filterRuns(key, endingFrom: day)
        guard let change = delta?.filters.first(where: { $0.key == key }) else {
            return base.filter { $0.upperBound >= day }
        }
        let kept = base.prefix { $0.upperBound < change.from }
        if let first = change.runs.first, let last = kept.last, last.upperBound + 1 >= first.lowerBound {
            throw StatsCacheFile.Corrupt()
        }
        return (kept + change.runs).filter { $0.upperBound >= day }
    }

    /// Every key's runs as of the journal (for a new base).
    func allFilterRuns() throws -> [String: [ClosedRange<Int>]] {
        var all = try file.allFilterRuns()
        for change in delta?.filters ?? [] { all[change.key] = try filterRuns(change.key) }
        return all
    }

    /// The record's changes with the days `updates` names set on or off in each key's runs (the base's and the
    /// record's laid over them), for a new record.
    func filterChanges(setting updates: [String: [(day: Int, isStreakDay: Bool)]]) throws -> [FilterStreaks.Change] {
        var out: [String: FilterStreaks.Change] = [:]
        for change in delta?.filters ?? [] { out[change.key] = change }
        for (key, days) in updates {
            guard let first = days.map(\.day).min() else { continue }
            let from = min(out[key]?.from ?? Int.max, first - 1)
            var runs = try filterRuns(key, endingFrom: from)
            for (day, on) in days { runs = AppStore.runs(runs, setting: day, to: on) }
            out[key] = FilterStreaks.Change(key: key, from: from, runs: runs.filter { $0.upperBound >= from })
        }
        return out.values.sorted { $0.key < $1.key }
    }
}
