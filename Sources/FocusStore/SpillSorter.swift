#if canImport(Glibc)
    import Glibc
#endif

/// Values of a plain type (words, no references) sorted with memory bounded however many there are: the rebuild
/// keeps a few per session (``StatsCacheBuilder``, ``SessionIndexBuilder``), which at a million sessions would be
/// most of its memory.
///
/// The values are gathered in a chunk (``defaultChunkSize`` unless told); each full chunk is sorted and written, as a
/// run, to a temp file in `directory` (the folder made then if missing; the file unlinked at once: nothing is left
/// behind, whatever ends the process). Reading them back (``visitInOrder(_:)``, any number of times) merges the runs,
/// a buffer of each at a time; with fewer values than a chunk nothing is written. An I/O error (a full disk) makes
/// ``visitInOrder(_:)`` say so: the caller builds its file another way.
final class SpillSorter<Value: SpillSortable> {
    /// Values held in memory before a run is written, unless told otherwise: 64 Ki (1.5 MiB of three-word values).
    static var defaultChunkSize: Int { 1 << 16 }
    /// Values read back from each run at a time while merging.
    private static var readSize: Int { 4096 }

    private let directory: String
    private let chunkSize: Int
    // Read and written only by the sorter's own methods, one at a time: no run-time exclusivity checks (a rebuild
    // appends several values a session).
    @exclusivity(unchecked) private var chunk: [Value] = []
    /// How many values each run written holds, in the file's order.
    private var runs: [Int] = []
    private var fd: Int32 = -1
    private var failed = false
    /// How many values were added.
    @exclusivity(unchecked) private(set) var count = 0

    init(directory: String, chunkSize: Int = defaultChunkSize) {
        precondition(_isPOD(Value.self), "a spilled value is written as its bytes")
        self.directory = directory
        self.chunkSize = max(1, chunkSize)
    }

    deinit { if fd >= 0 { close(fd) } }

    func append(_ value: Value) {
        if chunk.isEmpty { chunk.reserveCapacity(chunkSize) }
        chunk.append(value)
        count += 1
        if chunk.count == chunkSize { spill() }
    }

    /// Sorts the chunk and writes it as a run.
    private func spill() {
        AppStore.SessionKey.sort(&chunk, by: Value.precedes)
        if !failed, fd < 0 { fd = Self.openTemp(in: directory) }
        guard !failed, fd >= 0 else {
            failed = true
            chunk.removeAll(keepingCapacity: true)
            return
        }
        let offset = runs.reduce(0, +) * MemoryLayout<Value>.stride
        let written = chunk.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        if written { runs.append(chunk.count) } else { failed = true }
        chunk.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with every value, in order (``SpillSortable/precedes(_:_:)``; equal values in no set order);
    /// `false` when the runs could not be written or read back.
    func visitInOrder(_ body: (Value) -> Void) -> Bool {
        guard !failed else { return false }
        AppStore.SessionKey.sort(&chunk, by: Value.precedes)
        if runs.isEmpty {
            for value in chunk { body(value) }
            return true
        }
        var cursors: [Cursor] = []
        var start = 0
        for count in runs {
            var cursor = Cursor(start: start, end: start + count)
            guard cursor.advance(fd) else { return false }
            cursors.append(cursor)
            start += count
        }
        // The chunk still in memory merges as one more run.
        var inMemory = 0
        while true {
            var best = -1
            for (index, cursor) in cursors.enumerated() where !cursor.isEmpty {
                if best < 0 || Value.precedes(cursor.head, cursors[best].head) { best = index }
            }
            if inMemory < chunk.count, best < 0 || !Value.precedes(cursors[best].head, chunk[inMemory]) {
                body(chunk[inMemory])
                inMemory += 1
                continue
            }
            guard best >= 0 else { return true }
            body(cursors[best].head)
            guard cursors[best].advance(fd) else { return false }
        }
    }

    /// A run being read back: a buffer of its values and where the next ones are.
    private struct Cursor {
        var buffer: [Value] = []
        var index = 0
        /// The next value to read into the buffer and the run's end, as value indices in the file.
        var next: Int
        let end: Int

        init(start: Int, end: Int) {
            next = start
            self.end = end
        }

        var isEmpty: Bool { index == buffer.count && next == end }
        var head: Value { buffer[index] }

        /// Moves past the head; `false` when the next values cannot be read. The first call fills the buffer.
        mutating func advance(_ fd: Int32) -> Bool {
            if index < buffer.count { index += 1 }
            guard index == buffer.count, next < end else { return true }
            let n = min(SpillSorter.readSize, end - next)
            let stride = MemoryLayout<Value>.stride
            let offset = next * stride
            let read = [Value](unsafeUninitializedCapacity: n) { values, initialized in
                let raw = UnsafeMutableRawBufferPointer(values)
                var done = 0
                while done < n * stride {
                    let got = pread(fd, raw.baseAddress! + done, n * stride - done, off_t(offset + done))
                    if got < 0 && errno == EINTR { continue }
                    guard got > 0 else { break }
                    done += got
                }
                initialized = done == n * stride ? n : 0
            }
            guard read.count == n else { return false }
            buffer = read
            index = 0
            next += n
            return true
        }
    }

    /// A new file in `directory` (made if missing: only a rebuild that spills needs it), already unlinked; -1 when
    /// none can be made.
    private static func openTemp(in directory: String) -> Int32 {
        guard (try? FileIO.makeDirectories(directory)) != nil,
            let (path, fd) = try? FileIO.createTemp(beside: "\(directory)/.spill", mode: 0o600, access: O_RDWR)
        else { return -1 }
        unlink(path)
        return fd
    }
}

/// A value a ``SpillSorter`` sorts: plain words, in the order `precedes` gives.
protocol SpillSortable {
    static func precedes(_ a: Self, _ b: Self) -> Bool
}

extension Int: SpillSortable {
    static func precedes(_ a: Int, _ b: Int) -> Bool { a < b }
}

extension SessionIndex.IDEntry: SpillSortable {}
extension SessionIndex.StartEntry: SpillSortable {}

extension StatsCacheBuilder.ShortIDKey: SpillSortable {
    static func precedes(_ a: Self, _ b: Self) -> Bool { (a.high, a.low) < (b.high, b.low) }
}
