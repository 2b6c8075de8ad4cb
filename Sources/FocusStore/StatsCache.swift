import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The derived stats cache, `stats-cache.bin` in the data folder: the journal's day summaries.
///
/// Derived data: deleting it changes nothing but speed. It records, for every
/// journal file it was built from, the size, modification time, inode and an
/// FNV-1a hash of the last 4 KiB read and a ``PrefixHash`` of all of it; it is used only when every file still
/// matches (or has only grown, with that tail unchanged, or was replaced by a copy that starts with the same bytes:
/// the new lines are then folded in). It also records the zone and day start its dates were computed
/// in. Binary, little-endian 64-bit words, so a 7-day summary reads a few
/// kilobytes of it whatever the history's length:
///
/// ```
/// header   magic, version, fingerprint, files, counts, tag names, digest (tags, growth, expedition, newest
///          sessions), streak marks (``Writer/streakMarks(_:)``), section offsets
/// runs     streak runs (first day, last day)
/// index    per day: day, focused, sessions, completed, longest, offset of its detail
/// detail   per day: sessions as long as the longest, hour count, (hour, seconds)…, tag count, (tag index,
///          seconds, sessions, completed)…
/// ids      sorted 64-bit hashes of every record id, to spot a duplicate among appended lines
/// prefixes sorted 64-bit hashes of the short ids (``JournalDigest/History/idLength``) of the sessions
/// filters  each tag's and device's streak runs (``FilterStreaks``), read only by `stats --tag` and `--device`
/// records  what changed since (``StatsCacheDelta``), appended one after another
/// ```
struct StatsCache {
    static let magic: Int = 0x3143_5344_5355_4F46  // "FOCUSDC1"
    static let version = 11
    static let tailLength = 4096

    /// What a journal file looked like when the cache was built.
    struct FileState: Equatable {
        var name: String
        var size: Int
        var mtimeSeconds: Int
        var mtimeNanoseconds: Int
        var inode: Int
        var device: Int
        /// FNV-1a of the last ``tailLength`` bytes of the first `size` bytes.
        var tailHash: Int
        /// ``PrefixHash`` of the first `size` bytes (their whole words): a copy of the file that starts with them is
        /// folded like an append.
        var prefixHash: Int
    }

    var fingerprint: String
    var files: [FileState]
    var sessionCount: Int
    /// Change records in the journal; with any, appended lines are not folded (the full path rebuilds).
    var changeCount: Int
    var summaries: [DaySummary]
    var runs: [ClosedRange<Int>]
    /// Sorted hashes of every record id read.
    var idHashes: [Int]
    /// The tags, the expedition and the change records' targets (``JournalDigest``).
    var digest: JournalDigest
    /// Sorted hashes of the short ids of the effective sessions, to tell whether a new id makes them longer.
    var prefixHashes: [Int]
    /// Each tag's and device's streak runs (``FilterStreaks``).
    var filterRuns: [String: [ClosedRange<Int>]]

    /// The day numbers a summary or a streak may name: the local dates of the journal's instants, a day either side
    /// for the zones.
    static let days = (JournalCodec.instants.lowerBound / 86_400 - 1)...(JournalCodec.instants.upperBound / 86_400 + 1)
    /// Seconds and counts a cached value may hold: 2^40, far beyond any real total and far below an overflow when
    /// the views add tens of thousands of them.
    static let quantities = 0...(1 << 40)

    static func fingerprint(days: LocalDays) -> String {
        "v\(version)|\(days.timeZone.identifier)|\(days.dayStartSeconds)"
    }

    /// What the zone data the dates were computed with says of itself: the version line of the tzdata folder's
    /// `tzdata.zi` (`# version 2025b`: a new release can move a session's local day, in any zone) and the size and
    /// modification time of the reader's zone file there. Part of the file's key, so other zone data rebuilds it.
    static func zoneData(_ zone: Zone) -> String {
        let directory = zone.files.directory
        let index = directory + "/tzdata.zi"
        var version = "-"
        if let size = FileIO.status(index)?.size, let head = FileIO.read(index, offset: 0, count: min(64, size)) {
            version = String(decoding: head.prefix { $0 != 10 }, as: UTF8.self)
        }
        let file = zone.identifier.hasPrefix("/") ? zone.identifier : directory + "/" + zone.identifier
        let state = FileIO.status(file).map { "\($0.size).\($0.mtimeSeconds).\($0.mtimeNanoseconds)" } ?? "-"
        return version + "|" + state
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        Int(bitPattern: UInt(FNV1a.hash(bytes)))
    }

    /// ``RecordID/hash(_:)-(String)`` of a record id (or of a key found as ids are, ``FilterStreaks/hash(_:)``).
    static func hash(_ id: String) -> Int { Int(bitPattern: UInt(RecordID.hash(id))) }

    /// The index in `runs` of the latest of the longest (`length` 0), or of the first run `length` days long or
    /// longer, by the rules the services read them with; `nil` when there is none.
    static func streakMark(_ length: Int, in runs: [ClosedRange<Int>]) -> Int? {
        length == 0 ? StreakService.longestRun(in: runs) : GrowthService.firstRun(reaching: length, in: runs)
    }

    // MARK: Writing

    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * (idHashes.count + prefixHashes.count + 16 * summaries.count + 4096))
        encode { bytes += $0 }
        return bytes
    }

    /// The file's bytes given to `write` a part at a time: everything before the hashes, then the hashes in pieces
    /// of 64 KiB, so that the file is never whole in memory beside the arrays it is made of.
    func encode<Failure>(_ write: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        var w = Writer()
        w.bytes.reserveCapacity(8 * (16 * summaries.count + 4096))
        let (tagNames, tagIndex) = Self.tagTable(summaries)
        w.int(Self.magic)
        w.int(Self.version)
        w.string(fingerprint)
        w.files(files)
        w.int(sessionCount)
        w.int(changeCount)
        w.int(tagNames.count - 1)
        for name in tagNames.dropFirst() { w.string(name!) }
        // Three parts, each read only by the commands that need it: tags and change targets, expedition, history.
        w.core(JournalDigest.Core(tags: digest.tags, changeTargets: digest.changeTargets, growth: digest.growth))
        w.expedition(digest.expedition)
        w.string(digest.history?.text ?? "")
        w.int(runs.count)
        w.int(summaries.count)
        w.int(idHashes.count)
        w.int(prefixHashes.count)
        w.streakMarks(runs)
        let offsetsAt = w.bytes.count
        for _ in 0..<6 { w.int(0) }
        let runsOffset = w.bytes.count
        for run in runs {
            w.int(run.lowerBound)
            w.int(run.upperBound)
        }
        let indexOffset = w.bytes.count
        var detail = Writer()
        for s in summaries {
            for v in [s.day, s.focused, s.sessions, s.completed, s.longest, detail.bytes.count] { w.int(v) }
            detail.detail(of: s, tagIndex: tagIndex)
        }
        let detailOffset = w.bytes.count
        w.bytes += detail.bytes
        let idsOffset = w.bytes.count
        let prefixesOffset = idsOffset + 8 * idHashes.count
        let filtersOffset = prefixesOffset + 8 * prefixHashes.count
        w.set(offsetsAt, [runsOffset, indexOffset, detailOffset, idsOffset, prefixesOffset, filtersOffset])
        try write(w.bytes)
        w = Writer()
        for hashes in [idHashes, prefixHashes] {
            for start in stride(from: 0, to: hashes.count, by: 8192) {
                w.bytes.removeAll(keepingCapacity: true)
                w.words(hashes[start..<min(start + 8192, hashes.count)])
                try write(w.bytes)
            }
        }
        try FilterStreaks.encode(filterRuns, write)
    }

    /// The tags the summaries name, each once (index 0 is no tag), and the index of each.
    static func tagTable(_ summaries: [DaySummary]) -> (names: [String?], index: [String: Int]) {
        var tagNames: [String?] = [nil]
        var tagIndex: [String: Int] = [:]
        for summary in summaries {
            for t in summary.tags {
                if let tag = t.tag, tagIndex[tag] == nil {
                    tagIndex[tag] = tagNames.count
                    tagNames.append(tag)
                }
            }
        }
        return (tagNames, tagIndex)
    }

    struct Writer {
        var bytes: [UInt8] = []
        mutating func int(_ v: Int) {
            var word = UInt64(bitPattern: Int64(v))
            for _ in 0..<8 {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        /// `values` as words: one copy on a little-endian machine (the ids of a million sessions).
        mutating func words(_ values: [Int]) { words(values[...]) }
        mutating func words(_ values: ArraySlice<Int>) {
            #if _endian(little)
                values.withUnsafeBytes { bytes.append(contentsOf: $0) }
            #else
                for v in values { int(v) }
            #endif
        }
        mutating func string(_ s: String) {
            let count = s.utf8.count
            int(count)
            bytes.append(contentsOf: s.utf8)
            for _ in 0..<(8 - count % 8) % 8 { bytes.append(0) }
        }
        /// A date exactly, as the bits of its seconds since the epoch.
        mutating func date(_ date: Date?) {
            int(date == nil ? 0 : 1)
            int(Int(Int64(bitPattern: (date?.timeIntervalSince1970 ?? 0).bitPattern)))
        }

        /// The digest's expedition, in words behind their length: read with no JSON decoder, and only by the commands
        /// that show it (the others step over it).
        mutating func expedition(_ expedition: JournalDigest.Expedition?) {
            var w = Writer()
            w.expeditionWords(expedition)
            int(w.bytes.count)
            bytes += w.bytes
        }

        private mutating func expeditionWords(_ expedition: JournalDigest.Expedition?) {
            int(expedition == nil ? 0 : 1)
            guard let expedition else { return }
            string(expedition.fingerprint)
            date(expedition.lastStart.map(Date.init(timeIntervalSince1970:)))
            string(expedition.lastID ?? "")
            int(expedition.lastRun == nil ? 0 : 1)
            int(expedition.lastRun?.lowerBound ?? 0)
            int(expedition.lastRun?.upperBound ?? 0)
            let state = expedition.state
            int(state.totalMiles)
            date(state.completedAt)
            int(state.soundscapes.count)
            for soundscape in state.soundscapes { string(soundscape) }
            int(state.chapters.count)
            for chapter in state.chapters {
                string(chapter.id)
                date(chapter.unlockedAt)
                int(chapter.unlockedOn.dayNumber)
                date(chapter.stampedAt)
                int(chapter.stampedOn == nil ? 0 : 1)
                int(chapter.stampedOn?.dayNumber ?? 0)
                int(chapter.missions.count)
                for mission in chapter.missions {
                    string(mission.id)
                    int(mission.progress)
                    date(mission.completedAt)
                }
            }
        }

        /// Which of `runs` tell the streaks the commands show besides the current one, so that they read those
        /// alone: a count, then (length, index of the run or -1 for none) for the latest of the longest runs (length
        /// 0) and for the first run of each of ``GrowthService/streakLengths`` days (``StatsCache/streakMark(_:in:)``).
        mutating func streakMarks(_ runs: [ClosedRange<Int>]) {
            let lengths = [0] + GrowthService.streakLengths
            int(lengths.count)
            for length in lengths {
                int(length)
                int(StatsCache.streakMark(length, in: runs) ?? -1)
            }
        }

        /// The journal files' states.
        mutating func files(_ files: [FileState]) {
            int(files.count)
            for f in files {
                string(f.name)
                for v in [f.size, f.mtimeSeconds, f.mtimeNanoseconds, f.inode, f.device, f.tailHash, f.prefixHash] {
                    int(v)
                }
            }
        }

        /// A number that may be missing.
        mutating func optional(_ value: Int?) {
            int(value == nil ? 0 : 1)
            int(value ?? 0)
        }

        mutating func double(_ value: Double) { int(Int(Int64(bitPattern: value.bitPattern))) }

        /// The digest's tags, change targets and growth, in words behind their length: read only when asked for.
        mutating func core(_ core: JournalDigest.Core) {
            var w = Writer()
            w.int(core.tags.count)
            for tag in core.tags {
                w.string(tag.tag)
                w.double(tag.start)
            }
            w.int(core.changeTargets.count)
            w.words(core.changeTargets)
            w.int(core.growth == nil ? 0 : 1)
            if let growth = core.growth {
                let t = growth.totals
                for v in [t.deepFocusMinutes, t.focused, t.deepCount, t.hoursReached.count] { w.int(v) }
                for v in [t.firstCompleted, t.firstDeep, t.tenthDeep] + t.hoursReached { w.optional(v) }
                for setter in t.setters {
                    w.int(setter == nil ? 0 : 1)
                    w.double(setter?.start ?? 0)
                    w.string(setter?.id ?? "")
                    w.int(setter?.focused ?? 0)
                    w.int(setter?.focusedBefore ?? 0)
                }
                w.int(growth.lastStart == nil ? 0 : 1)
                w.double(growth.lastStart ?? 0)
                w.int(growth.lastID == nil ? 0 : 1)
                w.string(growth.lastID ?? "")
            }
            int(w.bytes.count)
            bytes += w.bytes
        }

        /// A day's count of longest sessions, hours and tags (the tags by their index in the file's table).
        mutating func detail(of s: DaySummary, tagIndex: [String: Int]) {
            int(s.longestCount)
            let hours = s.hours.enumerated().filter { $0.element != 0 }
            int(hours.count)
            for (hour, seconds) in hours {
                int(hour)
                int(seconds)
            }
            int(s.tags.count)
            for t in s.tags {
                int(t.tag.map { tagIndex[$0]! } ?? 0)
                int(t.focused)
                int(t.sessions)
                int(t.completed)
            }
        }

        mutating func set(_ at: Int, _ values: [Int]) {
            for (i, v) in values.enumerated() {
                withUnsafeBytes(of: Int64(v).littleEndian) {
                    bytes.replaceSubrange(at + i * 8..<at + i * 8 + 8, with: $0)
                }
            }
        }
    }
}
