import FocusJournal
import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

extension AppStore {
    /// Whether a stream's first pass is sure to visit every session as it reads them, never to start over: every
    /// line is blank, a change record that moves no session (no edit with a start), or a session line that cannot be
    /// a change record (no backslash, no `"kind"`), begins as focus writes it (`{"id":"…","start":"` and a UTC instant
    /// of 20 bytes, dated 1970 to 2105, where the keys' seconds keep their order; no second `id` or `start` after),
    /// the starts come in order across the files, and no two ids (sessions' and change records') share a hash
    /// (``RecordID``'s: two spellings of one id share one). A visitor that cannot start over (`focus export`, whose
    /// output is gone once written) is then visited in one pass; any other journal gets the two. A cheap look (a few
    /// hundred instructions a line), erring only towards "no". `nil` for "no", else the change records read, in reading
    /// order and with their order (`names`: the files'), as the pass reads them: each session they name keeps its
    /// start, so it is visited at its place, changed. `distinctStarts`: no two sessions share a start, so the pass
    /// visits each one as it reads it, with nothing to put in order (``SessionMerger``).
    static func visitsInOnePass(
        _ files: [JournalFileReader], names: [String]
    ) throws(FocusError) -> (changes: [JournalChange], order: [JournalHistory.ChangeOrder], distinctStarts: Bool)? {
        var scan = OnePassCheck()
        // Room for the shortest lines focus writes, as the first pass's keys: pages never touched are never resident.
        scan.idHashes.reserveCapacity(files.reduce(0) { $0 + $1.size } / 64)
        for (reader, name) in zip(files, names) {
            scan.file(name)
            try reader.forEachPiece { (piece, _) throws(FocusError) in
                if scan.sure { scan.read(piece) }
            }
        }
        guard scan.sure, scan.idsDistinct() else { return nil }
        return (scan.changes, scan.order, scan.distinctStarts)
    }

    /// The look of ``visitsInOnePass(_:)``, a piece of a file at a time.
    struct OnePassCheck {
        var sure = true
        var idHashes: [UInt64] = []
        /// The latest start's 20 bytes (`2026-11-30T18:00:00Z` sorts as the instants do).
        var latest: [UInt8] = Array("1970-01-01T00:00:00Z".utf8)
        /// Whether every session line's start is later than the one before (the starts being in order, none twice).
        var distinctStarts = true
        /// The change records read, with their order (``JournalHistory/ChangeOrder``, as the first pass gives it).
        var changes: [JournalChange] = []
        var order: [JournalHistory.ChangeOrder] = []
        /// The file read, its lines so far and the latest `at` of its change records.
        private var name = ""
        private var number = 0
        private var latestChange = Int.min

        /// Starts on the file `name`.
        mutating func file(_ name: String) {
            self.name = name
            number = 0
            latestChange = Int.min
        }

        mutating func read(_ piece: UnsafeBufferPointer<UInt8>) {
            guard let base = piece.baseAddress else { return }
            var start = 0
            while sure, start < piece.count {
                let rest = piece.count - start
                let end =
                    memchr(base + start, 10, rest).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                    ?? piece.count
                var stop = end
                if stop > start, base[stop - 1] == 13 { stop -= 1 }
                number += 1
                sure = line(UnsafeBufferPointer(rebasing: piece[start..<stop]))
                start = end + 1
            }
        }

        private mutating func line(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            if line.first != UInt8(ascii: "{"), line.allSatisfy({ $0 == 32 || $0 == 9 }) { return true }
            if Self.contains(line, "\"kind\"", pivot: 1) { return change(line) }
            guard let base = line.baseAddress, memchr(base, Int32(UInt8(ascii: "\\")), line.count) == nil,
                Self.has(line, at: 0, "{\"id\":\""),
                let quote = memchr(base + 7, Int32(UInt8(ascii: "\"")), line.count - 7)
            else { return false }
            let idEnd = base.distance(to: quote.assumingMemoryBound(to: UInt8.self))
            let instant = idEnd + 11
            guard Self.has(line, at: idEnd, "\",\"start\":\""), instant + 21 <= line.count,
                line[instant + 20] == UInt8(ascii: "\"")
            else { return false }
            // A key read twice would be read as its last copy: no second `id` or `start`.
            let after = UnsafeBufferPointer(rebasing: line[(instant + 21)...])
            guard !Self.contains(after, "\"id\"", pivot: 1), !Self.contains(after, "\"start\"", pivot: 4) else {
                return false
            }
            let text = base + instant
            let order = memcmp(text, latest, 20)
            guard order >= 0, memcmp(text, "2106", 4) < 0 else { return false }
            if order == 0 { distinctStarts = false }
            latest.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: text, count: 20) }
            idHashes.append(RecordID.hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[7..<idEnd]))))
            return true
        }

        /// Takes a line that may be a change record: one that moves no session (an edit with a start may move it
        /// before sessions visited already), read as the pass reads it.
        private mutating func change(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            guard case .change(let change)? = JournalReader.record(atStartOf: line),
                change.kind != .edit || change.patch.start == nil
            else { return false }
            latestChange = max(latestChange, Int(change.at.timeIntervalSince1970.rounded(.down)))
            changes.append(change)
            order.append(JournalHistory.ChangeOrder(at: latestChange, file: name, line: number))
            idHashes.append(RecordID.hash(change.id))
            return true
        }

        mutating func idsDistinct() -> Bool {
            // In place (the standard sort takes a buffer of half their size beside them, 4 MiB at a million).
            SessionKey.sort(&idHashes, by: <)
            return !zip(idHashes, idHashes.dropFirst()).contains { $0 == $1 }
        }

        private static func has(_ line: UnsafeBufferPointer<UInt8>, at offset: Int, _ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            return offset + n <= line.count && memcmp(line.baseAddress! + offset, text.utf8Start, n) == 0
        }

        /// Whether `text` is on `line`: its byte at `pivot` (one rare on focus's lines) found by `memchr`, the rest
        /// compared (Glibc's `memmem` is not in Swift's module).
        private static func contains(_ line: UnsafeBufferPointer<UInt8>, _ text: StaticString, pivot: Int) -> Bool {
            guard let base = line.baseAddress else { return false }
            let n = text.utf8CodeUnitCount
            let byte = Int32(text.utf8Start[pivot])
            var at = pivot
            while at < line.count, let found = memchr(base + at, byte, line.count - at) {
                at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if at >= pivot, at - pivot + n <= line.count, memcmp(base + at - pivot, text.utf8Start, n) == 0 {
                    return true
                }
                at += 1
            }
            return false
        }
    }
}
