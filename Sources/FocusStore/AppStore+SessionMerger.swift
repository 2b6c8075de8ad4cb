import FocusJournal
import FocusModels

extension AppStore {
    /// Puts sessions that arrive by start in the order of ``focusLogs`` (by start, then id), with the changed
    /// sessions, already in that order, merged in at their place. Each goes with its device and, when
    /// `keepingLines`, the bytes of its line as written (copied while it waits: the reader's buffer moves on).
    struct SessionMerger {
        typealias Visit = (FocusLog, String?, UnsafeBufferPointer<UInt8>?) throws(FocusError) -> Void
        let changed: [(log: FocusLog, device: String?)]
        let keepingLines: Bool
        /// Whether the sessions arrive with no start twice and none is changed (a look said so: ``visitsInOnePass``):
        /// each is visited as it arrives, never copied to wait (a copy and its release were a tenth of an export).
        let distinctStarts: Bool
        var next = 0
        /// A session waiting for its place, and where its line is in `lines`.
        struct Pending {
            var log: FocusLog
            var device: String?
            var line: Range<Int>?
        }
        /// Sessions with the same start, waiting for the first with a later one (a struct, not a tuple: its copies
        /// are specialised, where a tuple's go through the runtime).
        var pending: [Pending] = []
        var lines: [UInt8] = []

        init(changed: [(log: FocusLog, device: String?)], keepingLines: Bool = false, distinctStarts: Bool = false) {
            self.changed = changed
            self.keepingLines = keepingLines
            self.distinctStarts = distinctStarts && changed.isEmpty
        }

        mutating func add(
            _ log: FocusLog, _ device: String?, line: UnsafeBufferPointer<UInt8>? = nil, _ visit: Visit
        ) throws(FocusError) {
            if distinctStarts { return try visit(log, device, keepingLines ? line : nil) }
            // (Not `pending.first`: a copy of the session, every field retained and released.)
            if !pending.isEmpty, pending[0].log.start != log.start { try flush(visit) }
            var range: Range<Int>?
            if keepingLines, let line {
                range = lines.count..<lines.count + line.count
                lines.append(contentsOf: line)
            }
            pending.append(Pending(log: log, device: device, line: range))
        }

        mutating func finish(_ visit: Visit) throws(FocusError) {
            try flush(visit)
            while next < changed.count {
                try visit(changed[next].log, changed[next].device, nil)
                next += 1
            }
        }

        private mutating func flush(_ visit: Visit) throws(FocusError) {
            if pending.count > 1 { pending.sort { $0.log.id < $1.log.id } }
            let changed = changed
            var next = next
            try lines.withUnsafeBufferPointer { (lines) throws(FocusError) in
                for index in pending.indices {
                    while next < changed.count,
                        (changed[next].log.start, changed[next].log.id) < (
                            pending[index].log.start, pending[index].log.id
                        )
                    {
                        try visit(changed[next].log, changed[next].device, nil)
                        next += 1
                    }
                    try visit(
                        pending[index].log, pending[index].device,
                        pending[index].line.map { UnsafeBufferPointer(rebasing: lines[$0]) })
                }
            }
            self.next = next
            // One at a time: `removeAll(keepingCapacity:)` costs hundreds of instructions for the one there mostly is.
            while pending.popLast() != nil {}
            lines.removeAll(keepingCapacity: true)
        }
    }
}
