import FocusJournal
import FocusModels

/// The session index (``SessionIndex``) filled by the rebuild's first pass
/// (``AppStore/rebuiltJournal(days:definitions:spillChunk:)``) from every record it reads, beside the stats cache, and
/// written without being whole in memory: the sessions' entries go through ``SpillSorter``s and the file is written a
/// piece at a time, the same bytes as ``SessionIndex/encoded()`` of ``AppStore/scanSessionIndex()``
/// (`DerivedJournalTests` compares them).
final class SessionIndexBuilder {
    private let ids: SpillSorter<SessionIndex.IDEntry>
    private let starts: SpillSorter<SessionIndex.StartEntry>
    // Only the builder's own methods touch these, one at a time: no run-time exclusivity checks (every record).
    @exclusivity(unchecked) private var changes: [SessionIndex.ChangeEntry] = []
    /// The files read so far, each's state left to ``write(to:states:usable:)``; the last is being read.
    @exclusivity(unchecked) private var files: [SessionIndex.File] = []
    @exclusivity(unchecked) private var longest = 0
    /// Whether every session's id is plain (``SessionIndex/isPlain(_:)``) and every line was read: else the file
    /// is not written.
    private var plain = true

    /// A file not read yet: its state and lines are set when the index is written.
    private static let unread = SessionIndex.File(
        state: StatsCache.FileState(
            name: "", size: 0, mtimeSeconds: 0, mtimeNanoseconds: 0, inode: 0, device: 0, tailHash: 0, prefixHash: 0),
        lines: 0, latestAt: Int.min)

    init(spillingIn directory: String, chunk: Int) {
        ids = SpillSorter(directory: directory, chunkSize: chunk)
        starts = SpillSorter(directory: directory, chunkSize: chunk)
    }

    /// Adds `record`, read on line `line` of file `file` (in reading order) at `offset`, its line `length` bytes.
    func add(_ record: JournalRecord, file: Int, offset: Int, length: Int, line: Int) {
        while files.count <= file {
            files.append(Self.unread)
        }
        let place = SessionIndex.Place(location: SessionIndex.location(file: file, offset: offset), length: length)
        switch SessionIndex.entry(record, place: place, line: line, in: &files[file]) {
        case .session(let id, let start)?:
            ids.append(id)
            starts.append(start)
            longest = max(longest, start.end - start.start)
        case .change(let change)?: changes.append(change)
        case nil: plain = false
        }
    }

    /// A line the pass saw but could not give as a record: the index is not written.
    func missed() { plain = false }

    /// Writes the index to `path`, the files being in `states` with `lines` lines each, as read; `usable` false when
    /// two ids share their hash. `false` when it was not written (an id not plain, a temp file that cannot be read
    /// back, the file that cannot be replaced): ``AppStore/sessionIndex()`` then builds it when a command needs it.
    func write(to path: String, states: [StatsCache.FileState], lines: [Int], usable: Bool) -> Bool {
        guard plain, states.count == lines.count, files.count <= states.count else { return false }
        while files.count < states.count {
            files.append(Self.unread)
        }
        for index in states.indices {
            files[index].state = states[index]
            files[index].lines = lines[index]
        }
        let header = SessionIndex(usable: usable, files: files, longest: longest)
        // The sessions whose key another shares, together (as ``SessionIndex/encoded()`` finds them): a first read.
        var shared: [SessionIndex.IDEntry] = []
        var run: [SessionIndex.IDEntry] = []
        func endRun() {
            if run.count > 1 { shared += run }
            run.removeAll(keepingCapacity: true)
        }
        if usable {
            guard
                ids.visitInOrder({ entry in
                    if let last = run.last, last.key != entry.key { endRun() }
                    run.append(entry)
                })
            else { return false }
            endRun()
        }
        // An index that cannot be used keeps only the files' states (``AppStore/scanSessionIndex()``).
        let counts = usable ? [ids.count, starts.count, changes.count, shared.count] : [0, 0, 0, 0]
        let sortedChanges = usable ? changes.sorted(by: SessionIndex.ChangeEntry.precedes) : []
        do throws(FocusError) {
            try FileIO.replace(path, mode: 0o600, keepingMode: nil) { (write) throws(FocusError) in
                var w = StatsCache.Writer()
                header.writeHeader(counts: counts, to: &w)
                var failure: FocusError?
                func flush(atLeast: Int) {
                    guard failure == nil, !w.bytes.isEmpty, w.bytes.count >= atLeast else { return }
                    do throws(FocusError) { try write(w.bytes) } catch { failure = error }
                    w.bytes.removeAll(keepingCapacity: true)
                }
                if usable {
                    let readIDs = ids.visitInOrder { entry in
                        SessionIndex.write(entry, to: &w)
                        flush(atLeast: 1 << 16)
                    }
                    let readStarts = starts.visitInOrder { entry in
                        SessionIndex.write(entry, to: &w)
                        flush(atLeast: 1 << 16)
                    }
                    guard readIDs, readStarts else {
                        throw FocusError(.io, "cannot read \(path): \(FileIO.errnoText())")
                    }
                    for entry in sortedChanges { SessionIndex.write(entry, to: &w) }
                    for entry in shared { SessionIndex.write(entry, to: &w) }
                }
                flush(atLeast: 0)
                if let failure { throw failure }
            }
        } catch {
            return false
        }
        return true
    }
}
