import FocusJournal
import FocusModels
import FocusServices
import FoundationEssentials

extension StatsCacheFile {
    /// Reads a cache file's words, strings and parts in order, every one bounded by the bytes it may read: a file
    /// that breaks a bound is `Corrupt`.
    struct Reader {
        let base: UnsafeRawPointer
        let length: Int
        var at = 0

        /// ``StatsCache/Writer/detail(of:tagIndex:)`` read back into `s`, every number bounded.
        mutating func detail(into s: inout DaySummary, tagNames: [String?]) throws(Corrupt) {
            s.longestCount = try int()
            guard (0...s.sessions).contains(s.longestCount) else { throw Corrupt() }
            for _ in 0..<(try count()) {
                let hour = try int()
                let seconds = try int()
                guard (0..<24).contains(hour), StatsCache.quantities.contains(seconds) else { throw Corrupt() }
                s.hours[hour] = seconds
            }
            for _ in 0..<(try count()) {
                let tag = try int()
                let focused = try int()
                let sessions = try int()
                let completed = try int()
                guard tagNames.indices.contains(tag), StatsCache.quantities.contains(focused),
                    StatsCache.quantities.contains(sessions), (0...sessions).contains(completed)
                else { throw Corrupt() }
                s.tags.append(
                    DaySummary.TagSum(tag: tagNames[tag], focused: focused, sessions: sessions, completed: completed))
            }
        }

        mutating func int() throws(Corrupt) -> Int {
            guard at >= 0, at <= length - 8 else { throw Corrupt() }
            defer { at += 8 }
            return Int(Int64(littleEndian: base.loadUnaligned(fromByteOffset: at, as: Int64.self)))
        }

        mutating func count() throws(Corrupt) -> Int {
            let n = try int()
            guard n >= 0, n <= length else { throw Corrupt() }
            return n
        }

        mutating func string() throws(Corrupt) -> String {
            let bytes = try stringBytes()
            return String(
                decoding: UnsafeRawBufferPointer(start: base + bytes.lowerBound, count: bytes.count), as: UTF8.self)
        }

        /// Where the next string's bytes are, stepped over without reading them.
        mutating func stringBytes() throws(Corrupt) -> Range<Int> {
            let n = try count()
            guard n <= length - at else { throw Corrupt() }
            defer { at += n + (8 - n % 8) % 8 }
            return at..<at + n
        }

        mutating func skipString() throws(Corrupt) { _ = try stringBytes() }

        /// A copy of the bytes `range` (one that ``skipSection()`` or ``stringBytes()`` gave).
        func bytes(in range: Range<Int>) -> [UInt8] {
            [UInt8](UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
        }

        /// ``StatsCache/Writer/files(_:)`` read back.
        mutating func files() throws(Corrupt) -> [StatsCache.FileState] {
            var files: [StatsCache.FileState] = []
            for _ in 0..<(try count()) {
                files.append(
                    StatsCache.FileState(
                        name: try string(), size: try int(), mtimeSeconds: try int(), mtimeNanoseconds: try int(),
                        inode: try int(), device: try int(), tailHash: try int(), prefixHash: try int()))
            }
            return files
        }

        /// Past a part written behind its length (``StatsCache/Writer/core(_:)``,
        /// ``StatsCache/Writer/expedition(_:)``): where it lies, its length word with it.
        mutating func skipSection() throws(Corrupt) -> Range<Int> {
            let start = at
            let n = try count()
            guard n <= length - at else { throw Corrupt() }
            at += n
            return start..<at
        }

        /// ``StatsCache/Writer/core(_:)`` read back: tags and their starts finite, targets sorted, totals bounded.
        mutating func core() throws(Corrupt) -> JournalDigest.Core {
            let size = try count()
            guard size <= length - at else { throw Corrupt() }
            var r = Reader(base: base, length: at + size, at: at)
            var tags: [JournalDigest.TagUse] = []
            for _ in 0..<(try r.count()) {
                let tag = try r.string()
                let start = try r.double()
                guard start.isFinite else { throw Corrupt() }
                tags.append(JournalDigest.TagUse(tag: tag, start: start))
            }
            let targets = try r.sortedWords(allowingRepeats: true)
            var growth: JournalDigest.Growth?
            if try r.flag() {
                let deepFocusMinutes = try r.int()
                let focused = try r.int()
                let deepCount = try r.int()
                let hours = try r.count()
                guard hours == 3 else { throw Corrupt() }
                let firstCompleted = try r.optional()
                let firstDeep = try r.optional()
                let tenthDeep = try r.optional()
                let reached = [try r.optional(), try r.optional(), try r.optional()]
                var setters: [GrowthTotals.Setter?] = []
                for _ in 0..<6 {
                    let present = try r.flag()
                    let start = try r.double()
                    let id = try r.string()
                    let setter = GrowthTotals.Setter(
                        start: start, id: id, focused: try r.int(), focusedBefore: try r.int())
                    setters.append(present ? setter : nil)
                }
                let totals = GrowthTotals(
                    deepFocusMinutes: deepFocusMinutes, focused: focused, firstCompleted: firstCompleted,
                    deepCount: deepCount, firstDeep: firstDeep, tenthDeep: tenthDeep, hoursReached: reached,
                    setters: setters)
                guard StatsCacheFile.isWithinBounds(totals) else { throw Corrupt() }
                let hasStart = try r.flag()
                let start = try r.double()
                guard start.isFinite else { throw Corrupt() }
                let hasID = try r.flag()
                let id = try r.string()
                growth = JournalDigest.Growth(
                    totals: totals, lastStart: hasStart ? start : nil, lastID: hasID ? id : nil)
            }
            at += size
            return JournalDigest.Core(tags: tags, changeTargets: targets, growth: growth)
        }

        mutating func optional() throws(Corrupt) -> Int? {
            let present = try flag()
            let value = try int()
            return present ? value : nil
        }

        mutating func double() throws(Corrupt) -> Double { Double(bitPattern: UInt64(bitPattern: Int64(try int()))) }

        mutating func flag() throws(Corrupt) -> Bool {
            switch try int() {
            case 0: return false
            case 1: return true
            default: throw Corrupt()
            }
        }

        mutating func date() throws(Corrupt) -> Date? {
            let present = try flag()
            let seconds = Double(bitPattern: UInt64(bitPattern: Int64(try int())))
            // Whole seconds of the journal's instants only, as the checkpoint's bounds ask.
            guard present else { return nil }
            guard seconds.isFinite, seconds == seconds.rounded(.down),
                JournalCodec.instants.contains(Int(seconds))
            else { throw Corrupt() }
            return Date(timeIntervalSince1970: seconds)
        }

        mutating func day() throws(Corrupt) -> CivilDate {
            let day = try int()
            guard StatsCache.days.contains(day) else { throw Corrupt() }
            return CivilDate(dayNumber: day)
        }

        /// ``Writer/expedition(_:)`` read back; counts and days bounded (the route's bounds are the caller's).
        mutating func expedition() throws(Corrupt) -> JournalDigest.Expedition? {
            let size = try count()
            guard size <= length - at else { throw Corrupt() }
            var r = Reader(base: base, length: at + size, at: at)
            at += size
            return try r.expeditionWords()
        }

        private mutating func expeditionWords() throws(Corrupt) -> JournalDigest.Expedition? {
            guard try flag() else { return nil }
            let fingerprint = try string()
            let lastStart = try date()?.timeIntervalSince1970
            let lastID = try string()
            let hasRun = try flag()
            let low = try int()
            let high = try int()
            guard !hasRun || (StatsCache.days.contains(low) && StatsCache.days.contains(high) && low <= high) else {
                throw Corrupt()
            }
            var state = ExpeditionState(totalMiles: try int(), completedAt: try date())
            guard StatsCache.quantities.contains(state.totalMiles) else { throw Corrupt() }
            for _ in 0..<(try count()) { state.soundscapes.append(try string()) }
            for _ in 0..<(try count()) {
                let id = try string()
                guard let unlockedAt = try date() else { throw Corrupt() }
                var chapter = ExpeditionChapterState(
                    id: id, unlockedAt: unlockedAt, unlockedOn: try day(), missions: [])
                chapter.stampedAt = try date()
                let stamped = try flag()
                let stampedOn = try int()
                if stamped {
                    guard StatsCache.days.contains(stampedOn) else { throw Corrupt() }
                    chapter.stampedOn = CivilDate(dayNumber: stampedOn)
                }
                for _ in 0..<(try count()) {
                    let mission = try string()
                    let progress = try int()
                    guard StatsCache.quantities.contains(progress) else { throw Corrupt() }
                    chapter.missions.append(
                        ExpeditionMissionState(id: mission, progress: progress, completedAt: try date()))
                }
                state.chapters.append(chapter)
            }
            return JournalDigest.Expedition(
                fingerprint: fingerprint, state: state, lastStart: lastStart, lastID: lastID.isEmpty ? nil : lastID,
                lastRun: hasRun ? low...high : nil)
        }
    }
}
