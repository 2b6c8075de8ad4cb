import FocusJournal
import FocusModels

extension AppStore {
    /// One session of the first pass: 16 bytes, however long its line.
    struct SessionKey {
        /// Seconds since the epoch (every instant a record may hold fits).
        var start: UInt32
        var idHash: UInt32
        /// The file's index in reading order (high 24 bits) and the line's offset in it (low 40).
        var location: UInt64

        /// `idHash`: ``RecordID/hash(_:)-(String)`` of the id.
        init(start: Int, idHash: UInt64, file: Int, offset: Int) {
            self.start = UInt32(truncatingIfNeeded: start)
            self.idHash = Self.fold(idHash)
            location = UInt64(file) << 40 | UInt64(offset)
        }

        var file: Int { Int(location >> 40) }
        var offset: Int { Int(location & (1 << 40 - 1)) }

        static func hash(_ id: String) -> UInt32 { fold(RecordID.hash(id)) }

        private static func fold(_ h: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: h ^ h >> 32) }

        /// Sorts `keys` in place with no buffer beside them (the standard sort takes one of half their size, 8 MiB
        /// at a million sessions): a quicksort on the median of three, insertion sort for short runs.
        @inline(__always)  // so that `less` is inlined into the loop at each of the two call sites
        static func sort<Key>(_ keys: inout [Key], by less: (Key, Key) -> Bool) {
            keys.withUnsafeMutableBufferPointer { all in
                var ranges = [(0, all.count - 1)]
                while let (low, high) = ranges.popLast() {
                    if high - low < 16 {
                        if low < high {
                            for i in low + 1...high {
                                var j = i
                                while j > low, less(all[j], all[j - 1]) {
                                    all.swapAt(j, j - 1)
                                    j -= 1
                                }
                            }
                        }
                        continue
                    }
                    let mid = low + (high - low) / 2
                    if less(all[mid], all[low]) { all.swapAt(mid, low) }
                    if less(all[high], all[low]) { all.swapAt(high, low) }
                    if less(all[high], all[mid]) { all.swapAt(high, mid) }
                    let pivot = all[mid]
                    var i = low
                    var j = high
                    while i <= j {
                        while less(all[i], pivot) { i += 1 }
                        while less(pivot, all[j]) { j -= 1 }
                        if i <= j {
                            all.swapAt(i, j)
                            i += 1
                            j -= 1
                        }
                    }
                    // The smaller part is taken first, so the stack stays as short as the logarithm of the count.
                    if j - low > high - i {
                        ranges.append((low, j))
                        ranges.append((i, high))
                    } else {
                        ranges.append((i, high))
                        ranges.append((low, j))
                    }
                }
            }
        }
    }
}
