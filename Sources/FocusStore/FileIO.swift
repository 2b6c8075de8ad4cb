import FocusModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX file operations the store needs, with the durability rules
/// the README promises: appends are one `write()` under `flock` followed by `fsync`;
/// small files are replaced by temp file, `fsync`, `rename`, `fsync` of the folder.
///
/// And the safety rules: focus never follows a symbolic link to a file it owns (appends, state, locks and
/// derived files are opened with `O_NOFOLLOW`), and its temp files are created exclusively (`O_EXCL`) under
/// names no one can guess, so nothing another user plants in a folder can receive what focus writes.
///
/// Only `FocusStore` uses this: ``AppStore`` writes every data file through it, and `InterchangeFiles`
/// reads the files `focus import` is given.
enum FileIO {
    /// What `errno` says now, in the reader's language when shown.
    static func errnoText() -> Message { "\(systemError: errno)" }

    /// `mkdir -p` with mode 0700 for every folder it creates.
    ///
    /// A folder that appears between the check and the `mkdir` (another user was quicker) must pass
    /// ``FolderSafety`` like any folder focus finds.
    static func makeDirectories(_ path: String) throws(FocusError) {
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                throw FocusError(.cantCreate, "\(path) exists and is not a folder")
            }
            return
        }
        let parent = parentDirectory(of: path)
        if !parent.isEmpty, parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o700) != 0 {
            guard errno == EEXIST else {
                throw FocusError(.cantCreate, "cannot create folder \(path): \(errnoText())")
            }
            if let problem = FolderSafety.problem(ownFolder: path) {
                throw FocusError(.cantCreate, "refusing to use \(path): \(problem)")
            }
        }
        syncDirectory(parent.isEmpty ? "." : parent)
    }

    static func parentDirectory(of path: String) -> String {
        // By bytes, as the C library splits a path: a slash is a separator even when a combining mark follows it.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// `path` with symbolic links, `.` and `..` resolved; `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What is at `path`, following symbolic links.
    enum Kind { case missing, folder, other }

    /// Whether `a` and `b` name the same file or folder (the same device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    static func kind(_ path: String) -> Kind {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        return (st.st_mode & S_IFMT) == S_IFDIR ? .folder : .other
    }

    /// Size, modification time and identity of `path` (`tailHash` and `prefixHash` left 0), or `nil` when it cannot
    /// be stat'ed.
    static func status(_ path: String) -> StatsCache.FileState? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return state(st, path: path)
    }

    /// `count` bytes of `path` from `offset`, or `nil` when they cannot all be read.
    static func read(_ path: String, offset: Int, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return read(fd, offset: offset, count: count)
    }

    /// `count` bytes of the open file `fd` from `offset`, or `nil` when they cannot all be read.
    static func read(_ fd: Int32, offset: Int, count: Int) -> [UInt8]? {
        // Read into the array's own storage, not zeroed first (the session index's header: 64 KiB at every open).
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let n = pread(fd, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else {
                    complete = false
                    return
                }
                initialized += n
            }
        }
        return complete ? bytes : nil
    }

    /// `path` opened for reading, with its `stat`, when it is a regular file; `nil` when it does not exist. The
    /// caller closes it. `following`: as in ``read(_:following:shared:)``.
    static func openRegular(_ path: String, following: Bool) throws(FocusError) -> (fd: Int32, status: stat)? {
        // Not blocking: a named pipe under a journal file's name (or a link to one) is refused, never waited on; a
        // regular file reads the same either way.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (following ? 0 : O_NOFOLLOW))
        if fd < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw symbolicLink(path) }
            throw FocusError(.noInput, "cannot read \(path): \(errnoText())")
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = errnoText()
            close(fd)
            throw FocusError(.io, "cannot read \(path): \(reason)")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FocusError(.noInput, "cannot read \(path): not a regular file")
        }
        return (fd, st)
    }

    /// The whole file, or `nil` when it does not exist.
    ///
    /// - Parameters:
    ///   - following: follow a symbolic link at `path` (the files a user names or may link: journal files,
    ///     settings, imports); otherwise a link is an error, as for every file focus owns.
    ///   - shared: hold a shared `flock` while reading, so an append in progress (which holds an exclusive
    ///     one) is seen whole or not at all.
    static func read(_ path: String, following: Bool = false, shared: Bool = false) throws(FocusError) -> [UInt8]? {
        guard let opened = try openRegular(path, following: following) else { return nil }
        let fd = opened.fd
        defer { close(fd) }
        let st = opened.status
        // A file system without locks is read as it is: the lock only hides an append in progress.
        if shared { while flock(fd, LOCK_SH) != 0 && errno == EINTR {} }
        // Read straight into the array, sized from fstat; a file that grows meanwhile is read to its end.
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                bytes.append(contentsOf: repeatElement(0, count: max(1 << 16, bytes.count / 2)))
            }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FocusError(.io, "cannot read \(path): \(errnoText())")
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Lines in `path` as the journal reader numbers them (an unterminated last line counts); 0 when it is missing.
    static func lineCount(_ path: String) throws(FocusError) -> Int {
        guard let bytes = try read(path, shared: true) else { return 0 }
        let newlines = bytes.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
        return newlines + (bytes.last.map { $0 == 10 ? 0 : 1 } ?? 0)
    }

    /// Appends `line` plus a newline to `path`; see ``appendLines(_:to:)``.
    @discardableResult
    static func appendLine(_ line: String, to path: String) throws(FocusError) -> Appended {
        try appendLines([line], to: path)
    }

    /// The file an append grew, as it was just before the bytes went in and just after (under the same lock, so no
    /// other write came between): what ``OwnAppends`` notes.
    struct Appended {
        var before: StatsCache.FileState
        var after: StatsCache.FileState
    }

    /// Appends each of `lines` plus a newline to `path` with one `write()`,
    /// under an exclusive `flock`, and `fsync`s once before returning.
    ///
    /// When the file does not end in a newline (a write that was cut short),
    /// a newline goes first so the new record never merges into the torn one.
    /// When the write or the flush fails, the file is cut back to its old length.
    /// A symbolic link at `path` is refused: the journal is written only where it is. It waits (up to 10 s) while
    /// `focus sync` holds the folder, then writes nothing (exit 75).
    @discardableResult
    static func appendLines(_ lines: [String], to path: String) throws(FocusError) -> Appended {
        // The folder's lock, shared by every append and taken whole by `focus sync` while git replaces the files
        // (``JournalSync``): a line appended to a file git is about to replace would be lost with the rebase.
        // Waited for 10 s at most: a git hook of the sync that waits for focus itself must not hang both, and the
        // live timer reads no key while it waits. Then the caller says what was not written (the timer keeps its
        // session for the next command, ``AppStore/finish(_:)``). A folder that cannot be locked at all (no `flock`
        // there) is written.
        let directory = parentDirectory(of: path)
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        if folder >= 0, FileLock.wait(forLock: folder, shared: true, seconds: 10) == .held {
            throw FocusError(.temporary, "focus sync has held \(directory) for 10 seconds; nothing was written")
        }
        let created = !exists(path)
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw symbolicLink(path) }
            throw FocusError(.cantCreate, "cannot open \(path) for writing: \(errnoText())")
        }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw FocusError(.io, "cannot lock \(path): \(errnoText())") }
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FocusError(.io, "cannot write \(path): \(errnoText())") }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw FocusError(.cantCreate, "cannot write \(path): not a regular file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            bytes += line.utf8
            bytes.append(10)
        }
        var last: UInt8 = 0
        if st.st_size > 0, pread(fd, &last, 1, st.st_size - 1) == 1, last != 10 { bytes.insert(10, at: 0) }
        do throws(FocusError) {
            try writeAll(fd, bytes, path: path)
            guard fsync(fd) == 0 else { throw FocusError(.io, "cannot flush \(path) to disk: \(errnoText())") }
        } catch {
            // A write cut short (disk full, file size limit) leaves the file as it was, not with a torn line.
            ftruncate(fd, st.st_size)
            throw error
        }
        var now = stat()
        if fstat(fd, &now) != 0 { now = st }
        if created { syncDirectory(parentDirectory(of: path)) }
        return Appended(before: state(st, path: path), after: state(now, path: path))
    }

    static func state(_ st: stat, path: String) -> StatsCache.FileState {
        StatsCache.FileState(
            name: path, size: Int(st.st_size), mtimeSeconds: Int(st.st_mtim.tv_sec),
            mtimeNanoseconds: Int(st.st_mtim.tv_nsec),
            inode: Int(bitPattern: UInt(st.st_ino)), device: Int(bitPattern: UInt(st.st_dev)), tailHash: 0,
            prefixHash: 0)
    }

    /// Writes `bytes` to `path` atomically: a reader sees the old file or the new one, never a mix.
    static func replace(_ path: String, with bytes: [UInt8]) throws(FocusError) {
        try replace(path, mode: 0o600, chunks: CollectionOfOne(bytes))
    }

    /// Writes `chunks`, one after another, to `path` atomically, the file created with `mode` (less the umask).
    ///
    /// The temp file is new and private to this call (``Temp``); a symbolic link at `path` is replaced, never
    /// followed. Temp files of earlier writers that were killed before their rename are removed afterwards.
    static func replace(_ path: String, mode: mode_t, chunks: some Sequence<[UInt8]>) throws(FocusError) {
        try replace(path, mode: mode, keepingMode: nil, chunks: chunks)
    }

    /// ``replace(_:mode:chunks:)``, the new file given exactly the permission bits `keepingMode` when set
    /// (those of the file it replaces).
    static func replace(_ path: String, mode: mode_t, keepingMode: mode_t?, chunks: some Sequence<[UInt8]>)
        throws(FocusError)
    {
        try replace(path, mode: mode, keepingMode: keepingMode) { (write) throws(FocusError) in
            for bytes in chunks { try write(bytes) }
        }
    }

    /// ``replace(_:mode:keepingMode:chunks:)`` with the chunks pushed by `produce`, which calls its argument with
    /// each in turn; an error it throws leaves the old file as it was.
    static func replace(
        _ path: String, mode: mode_t, keepingMode: mode_t?,
        producing produce: (_ write: ([UInt8]) throws(FocusError) -> Void) throws(FocusError) -> Void
    ) throws(FocusError) {
        let temp = try Temp(beside: path, mode: mode)
        do throws(FocusError) {
            try produce { (bytes) throws(FocusError) in try writeAll(temp.fd, bytes, path: temp.path) }
            if let keepingMode, fchmod(temp.fd, keepingMode) != 0 {
                throw FocusError(.io, "cannot set the mode of \(temp.path): \(errnoText())")
            }
            try temp.flush()
        } catch {
            temp.discard()
            throw error
        }
        temp.closeFile()
        guard rename(temp.path, path) == 0 else {
            let reason = errnoText()
            temp.discard()
            throw FocusError(.io, "cannot replace \(path): \(reason)")
        }
        syncDirectory(parentDirectory(of: path))
        removeStaleTemps(of: path)
    }

    /// Creates `path` holding `bytes` unless it exists: `false` when another writer created it first.
    ///
    /// The bytes go to a temp file beside `staging` (by default `path` itself) first, flushed, which is then
    /// linked to `path`: a reader sees no file or the whole file, even when this process is killed mid-way, and of
    /// two racing writers exactly one wins. Temp files of killed writers with the same `staging` are removed.
    static func createExclusively(_ path: String, with bytes: [UInt8], staging: String? = nil) throws(FocusError)
        -> Bool
    {
        let produce = { (write: ([UInt8]) throws(FocusError) -> Void) throws(FocusError) -> Bool in
            try write(bytes)
            return true
        }
        return try createExclusively(trying: { _ in path }, attempts: 1, staging: staging ?? path, producing: produce)
            != nil
    }

    /// ``createExclusively(_:with:staging:)`` with the bytes pushed by `produce` as they are made (written once,
    /// to the temp file), linked to the first of `paths(0)`, `paths(1)`… (at most `attempts`) that no other writer
    /// created: the number of the one it took, `nil` when all were taken, or when `produce` returns `false` (it
    /// decided to write nothing after all: no file is created).
    static func createExclusively(
        trying paths: (Int) -> String, attempts: Int = .max, staging base: String,
        producing produce: (_ write: ([UInt8]) throws(FocusError) -> Void) throws(FocusError) -> Bool
    ) throws(FocusError) -> Int? {
        let temp = try Temp(beside: base, mode: 0o600)
        defer {
            temp.discard()
            removeStaleTemps(of: base)
        }
        guard try produce({ (bytes) throws(FocusError) in try writeAll(temp.fd, bytes, path: temp.path) }) else {
            return nil
        }
        try temp.flush()
        temp.closeFile()
        for attempt in 0..<attempts {
            let path = paths(attempt)
            guard link(temp.path, path) == 0 else {
                if errno == EEXIST { continue }
                throw FocusError(.cantCreate, "cannot create \(path): \(errnoText())")
            }
            syncDirectory(parentDirectory(of: path))
            return attempt
        }
        return nil
    }

    /// A new file `base.tmp-PID-RANDOM` (sixteen random hex digits), created with `O_CREAT|O_EXCL|O_NOFOLLOW` and
    /// `access` (`O_WRONLY`, `O_RDWR`), so it is always a new file of this process and never a planted one: its path
    /// and descriptor.
    static func createTemp(beside base: String, mode: mode_t, access: Int32) throws(FocusError) -> (String, Int32) {
        var tries = 0
        while true {
            let candidate = "\(base).tmp-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
            let fd = open(candidate, access | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (candidate, fd) }
            tries += 1
            guard errno == EEXIST, tries < 8 else {
                throw FocusError(.cantCreate, "cannot create \(candidate): \(errnoText())")
            }
        }
    }

    /// A temp file beside `base` (``createTemp(beside:mode:access:)``), written then renamed over it or discarded.
    private final class Temp {
        let path: String
        private(set) var fd: Int32

        init(beside base: String, mode: mode_t) throws(FocusError) {
            (path, fd) = try FileIO.createTemp(beside: base, mode: mode, access: O_WRONLY)
        }

        func flush() throws(FocusError) {
            guard fsync(fd) == 0 else { throw FocusError(.io, "cannot flush \(path) to disk: \(errnoText())") }
        }

        func closeFile() {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
        }

        /// Closes and removes it (nothing when it was renamed away already).
        func discard() {
            closeFile()
            unlink(path)
        }
    }

    /// Removes the temp files of `path` that writers killed mid-replace left behind: `path.tmp-PID-RANDOM` (and
    /// the `path.tmp-PID` of earlier versions) whose process is gone.
    ///
    /// Only regular files owned by this user are removed (`unlink` removes a link itself, never its target), so
    /// in a folder shared with others (an `--out` in `/tmp`) nobody else's file is touched.
    private static func removeStaleTemps(of path: String) {
        let dir = parentDirectory(of: path)
        let prefix = String(path.dropFirst(dir.isEmpty ? 0 : dir.count + 1)) + ".tmp-"
        for name in (try? list(dir.isEmpty ? "." : dir)) ?? [] where name.hasPrefix(prefix) {
            let suffix = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(suffix.count), let pid = Int32(suffix[0]), pid > 0,
                suffix.count == 1 || UInt64(suffix[1], radix: 16) != nil,
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let file = (dir.isEmpty ? "" : dir + "/") + name
            var st = stat()
            guard lstat(file, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == geteuid() else { continue }
            unlink(file)
        }
    }

    /// Removes `path` (no error when it is already gone) and syncs its folder.
    static func remove(_ path: String) throws(FocusError) {
        if unlink(path) != 0 && errno != ENOENT { throw FocusError(.io, "cannot remove \(path): \(errnoText())") }
        syncDirectory(parentDirectory(of: path))
    }

    /// File names in `dir`; empty when it does not exist.
    static func list(_ dir: String) throws(FocusError) -> [String] {
        guard let handle = opendir(dir) else {
            if errno == ENOENT { return [] }
            throw FocusError(.noInput, "cannot list \(dir): \(errnoText())")
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The error for a symbolic link where focus keeps a file of its own.
    static func symbolicLink(_ path: String) -> FocusError {
        FocusError(
            .cantCreate, "\(path) is a symbolic link; focus never follows one to a file it owns (remove the link)")
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FocusError) {
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written != bytes.count {
            let reason =
                written < 0 ? errnoText() : Message("only \(written) of \(bytes.count) bytes were written (disk full?)")
            throw FocusError(.io, "cannot write \(path): \(reason)")
        }
    }

    private static func syncDirectory(_ dir: String) {
        let fd = open(dir.isEmpty ? "." : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
