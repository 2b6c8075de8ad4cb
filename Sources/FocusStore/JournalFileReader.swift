import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// Reads one journal file a piece at a time, in a buffer of about a mebibyte however long the file: the streamed
/// reads of the whole history (``AppStore/streamSessions(progress:_:)``) keep their memory flat.
///
/// The file is opened as ``FileIO/read(_:following:shared:)`` opens it (a link followed, only a regular file), and
/// read up to the ``size`` it had under a shared lock, so an append in progress is seen whole or not at all. The lock
/// is let go at once: a long read never holds up a session being recorded, and the journal only grows, so the bytes
/// up to that size stay as they were.
final class JournalFileReader {

    private let fd: Int32
    let path: String
    /// The file's size when it was opened: no more is read.
    let size: Int
    /// The file's status under the lock, for its ``state(name:size:)``.
    private let status: stat
    /// ``PrefixHash`` of the bytes ``forEachPiece(upTo:_:)`` read from the start, as far as they went.
    private(set) var prefixHash = PrefixHash()
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    /// The file's offset of `buffer[0]` and the number of bytes of the file the buffer holds.
    private var bufferOffset = 0
    private var filled = 0

    /// The file at `path`, `nil` when it does not exist; read `pieceSize` bytes at a time (a line longer than that
    /// makes the buffer grow).
    init?(_ path: String, pieceSize: Int = 1 << 20) throws(FocusError) {
        // Not blocking: a named pipe is refused below, never waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FocusError(.noInput, "cannot read \(path): \(FileIO.errnoText())")
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FocusError(.noInput, "cannot read \(path): not a regular file")
        }
        // A file system without locks is read as it is: the lock only hides an append in progress.
        while flock(fd, LOCK_SH) != 0 && errno == EINTR {}
        var locked = stat()
        fstat(fd, &locked)
        size = Int(locked.st_size)
        status = locked
        flock(fd, LOCK_UN)
        self.fd = fd
        self.path = path
        buffer = .allocate(capacity: max(1, pieceSize))
    }

    deinit {
        buffer.deallocate()
        close(fd)
    }

    /// Calls `body` with the file's first `limit` bytes (up to ``size`` when `nil`), a piece at a time: each piece
    /// ends where a line ends, but the last, which ends where the file (or the limit) does; `offset` is the piece's
    /// place in the file. Returns the number of bytes read.
    @discardableResult
    func forEachPiece(
        upTo limit: Int? = nil, _ body: (_ piece: UnsafeBufferPointer<UInt8>, _ offset: Int) throws(FocusError) -> Void
    ) throws(FocusError) -> Int {
        let limit = min(limit ?? size, size)
        filled = 0
        var offset = 0
        var carried = 0
        prefixHash = PrefixHash()
        while true {
            let wanted = min(buffer.count - carried, limit - offset - carried)
            let n = try readSome(into: carried, count: max(0, wanted), at: offset + carried)
            prefixHash.add(
                UnsafeRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[carried..<carried + n]))
            let count = carried + n
            if n == 0 {
                if count > 0 { try body(UnsafeBufferPointer(rebasing: buffer[..<count]), offset) }
                return offset + count
            }
            guard let newline = lastNewline(in: count) else {
                // One line longer than the buffer: read on into a larger one.
                grow()
                carried = count
                continue
            }
            try body(UnsafeBufferPointer(rebasing: buffer[...newline]), offset)
            carried = count - newline - 1
            if carried > 0 { buffer.baseAddress!.update(from: buffer.baseAddress! + newline + 1, count: carried) }
            offset += newline + 1
        }
    }

    /// Calls `body` with the bytes from `offset` to the end of that line (or of the file), read through a buffer
    /// that holds the bytes around: reading lines in about the order of the file costs one read per piece, and so
    /// does reading them from the end back when `backward` (the buffer then holds mostly the bytes before `offset`).
    func withLine<T>(at offset: Int, backward: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> T)
        throws(FocusError)
        -> T
    {
        if offset < bufferOffset || offset >= bufferOffset + filled
            || memchr(buffer.baseAddress! + (offset - bufferOffset), 10, bufferOffset + filled - offset) == nil
        {
            bufferOffset = backward ? max(0, min(offset, offset + (1 << 16) - buffer.count)) : offset
            if backward, bufferOffset < offset {
                // The bytes before the line too, for the lines read next; the line itself is read on as usual.
                filled = try readSome(into: 0, count: min(buffer.count, size - bufferOffset), at: bufferOffset)
                if offset < bufferOffset + filled,
                    memchr(buffer.baseAddress! + (offset - bufferOffset), 10, bufferOffset + filled - offset) != nil
                {
                    return body(UnsafeBufferPointer(rebasing: buffer[(offset - bufferOffset)..<filled]))
                }
            }
            bufferOffset = offset
            filled = 0
            while true {
                let n = try readSome(
                    into: filled, count: max(0, min(buffer.count - filled, size - offset - filled)), at: offset + filled
                )
                filled += n
                if n == 0 || memchr(buffer.baseAddress!, 10, filled) != nil { break }
                if filled == buffer.count { grow() }
            }
        }
        let start = offset - bufferOffset
        return body(UnsafeBufferPointer(rebasing: buffer[start..<filled]))
    }

    /// The file's state (``StatsCache/FileState``) as of its first `size` bytes, which ``forEachPiece(upTo:_:)``
    /// read last: its status under the lock, the hash of their tail and ``prefixHash``.
    func state(name: String, size: Int) throws(FocusError) -> StatsCache.FileState {
        var state = FileIO.state(status, path: name)
        state.size = size
        let start = max(0, size - StatsCache.tailLength)
        let tail = UnsafeMutableRawBufferPointer.allocate(byteCount: size - start, alignment: 8)
        defer { tail.deallocate() }
        var filled = 0
        while filled < tail.count {
            let n = pread(fd, tail.baseAddress! + filled, tail.count - filled, off_t(start + filled))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw FocusError(.io, "cannot read \(path): \(FileIO.errnoText())") }
            filled += n
        }
        state.tailHash = StatsCache.hash(UnsafeRawBufferPointer(tail))
        state.prefixHash = prefixHash.value
        return state
    }

    private func readSome(into index: Int, count: Int, at offset: Int) throws(FocusError) -> Int {
        if count == 0 { return 0 }
        while true {
            let n = pread(fd, buffer.baseAddress! + index, count, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw FocusError(.io, "cannot read \(path): \(FileIO.errnoText())") }
        }
    }

    private func lastNewline(in count: Int) -> Int? {
        var index = count - 1
        while index >= 0 && buffer[index] != 10 { index -= 1 }
        return index >= 0 ? index : nil
    }

    private func grow() {
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: buffer.count * 2)
        larger.baseAddress!.update(from: buffer.baseAddress!, count: buffer.count)
        buffer.deallocate()
        buffer = larger
    }
}
