import FocusJournal
import FocusModels

/// The one "what changed since I last looked" step every derived file takes (``changedSince(_:)``).
extension AppStore {
    /// The journal changed otherwise than by complete lines appended to the files a derived file was built from.
    struct Stale: Error {}

    /// The journal's files now against those `derived` describes: the lines appended since (in file order) and
    /// the files' states now; `Stale` for any change but complete lines appended to the same files.
    ///
    /// A file is the same when it has the same inode, size and modification time, or when it starts with the very
    /// bytes the derived files were built from: the same tail hash, and then (unless focus's own appends account for
    /// all it gained, ``OwnAppends``) the same ``PrefixHash`` of all of them, read again. So a file a sync engine
    /// or git replaced by a longer copy (another inode) is folded like an append, and an edit anywhere in it (in
    /// place, keeping the length, or in the copy) is not.
    func changedSince(_ derived: DerivedJournal) throws -> (
        appended: [(name: String, bytes: ArraySlice<UInt8>)], files: [StatsCache.FileState]
    ) {
        try changedSince(files: derived.files)
    }

    /// ``changedSince(_:)`` for any derived file: the journal's files now against `files`, their states when it was
    /// written.
    func changedSince(files: [StatsCache.FileState]) throws -> (
        appended: [(name: String, bytes: ArraySlice<UInt8>)], files: [StatsCache.FileState]
    ) {
        let names = try Self.journalFileNames(paths.journalDirectory)
        guard names == files.map(\.name) else { throw Stale() }
        var appended: [(name: String, bytes: ArraySlice<UInt8>)] = []
        var states: [StatsCache.FileState] = []
        for saved in files {
            let path = paths.journalDirectory + "/" + saved.name
            guard var now = FileIO.status(path), now.size >= saved.size else { throw Stale() }
            let sameFile = now.inode == saved.inode && now.device == saved.device
            if sameFile, now.size == saved.size, now.mtimeSeconds == saved.mtimeSeconds,
                now.mtimeNanoseconds == saved.mtimeNanoseconds
            {
                states.append(saved)
                continue
            }
            let tailStart = max(0, saved.size - StatsCache.tailLength)
            guard let tail = FileIO.read(path, offset: tailStart, count: now.size - tailStart),
                tail.withUnsafeBytes({
                    StatsCache.hash(UnsafeRawBufferPointer(rebasing: $0[..<(saved.size - tailStart)]))
                }) == saved.tailHash
            else { throw Stale() }
            // Lines added after a saved end that was cut short would merge with it into one line: not an append.
            let added = tail[(saved.size - tailStart)...]
            guard added.isEmpty || added.last == 10, saved.size == 0 || tail[saved.size - tailStart - 1] == 10 else {
                throw Stale()
            }
            // Growth that focus's own appends do not account for may hide an edit further back: the bytes the files
            // were built from are read again (once a process: the end of a session checks the id, appends, folds).
            if !(sameFile && now.size > saved.size && OwnAppends.lead(from: saved, to: now, in: paths.ownAppendsFile)),
                verifiedPrefixes[path]?.covers(saved, now: now, in: paths.ownAppendsFile) != true
            {
                prefixReads += 1
                guard PrefixHash.ofFile(path, count: PrefixHash.covered(saved.size)) == saved.prefixHash else {
                    throw Stale()
                }
                verifiedPrefixes[path] = VerifiedPrefix(saved: saved, file: now)
            }
            if !added.isEmpty { appended.append((saved.name, added)) }
            now.name = saved.name
            now.tailHash = tail.withUnsafeBytes {
                StatsCache.hash(UnsafeRawBufferPointer(rebasing: $0[max(0, $0.count - StatsCache.tailLength)...]))
            }
            // The hash goes on over the whole words the file gained (the saved one's last partial word is in the tail).
            var prefix = PrefixHash(value: saved.prefixHash, count: PrefixHash.covered(saved.size))
            tail.withUnsafeBytes {
                prefix.add(
                    UnsafeRawBufferPointer(
                        rebasing: $0[
                            (PrefixHash.covered(saved.size) - tailStart)..<(PrefixHash.covered(now.size) - tailStart)]))
            }
            now.prefixHash = prefix.value
            states.append(now)
        }
        return (appended, states)
    }

    /// A journal file found, in this process, to start with the bytes a derived file was built from: its
    /// ``PrefixHash`` read again matched. A file a sync engine replaced with a copy (another inode) is so until a fold
    /// records its new state; the checks that come before that in the same process (``lacksRecord(id:)``, then the
    /// fold after the append, the session index) need not read it again.
    struct VerifiedPrefix {
        /// The state the derived file saved, and the file's as it was read then.
        var saved: StatsCache.FileState
        var file: StatsCache.FileState

        /// Whether the file as it is now (`now`) still starts with the bytes of `saved`: it is the file that was
        /// read, as it was or grown only by focus's own appends since (``OwnAppends``).
        func covers(_ saved: StatsCache.FileState, now: StatsCache.FileState, in ownAppends: String) -> Bool {
            guard self.saved.size == saved.size, self.saved.prefixHash == saved.prefixHash,
                self.saved.tailHash == saved.tailHash, file.inode == now.inode, file.device == now.device
            else { return false }
            if file.size == now.size, file.mtimeSeconds == now.mtimeSeconds,
                file.mtimeNanoseconds == now.mtimeNanoseconds
            {
                return true
            }
            return now.size > file.size && OwnAppends.lead(from: file, to: now, in: ownAppends)
        }
    }
}
