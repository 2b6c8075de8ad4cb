import FocusJournal

#if canImport(Glibc)
    import Glibc
#endif

/// The appends focus made to journal files itself, `appends.bin` in the cache folder: how the derived files tell a
/// file that only grew by focus's own lines from one that was also changed in place.
///
/// Each append of a journal line notes, under the journal file's lock, the file's size and modification time just
/// before and just after it. The derived files fold the lines a file gained only when such notes lead, one after
/// another, from the state they were built from to the file's state now: an edit anywhere in the file changes its
/// modification time, so the next append starts from a state no note ends in. Any other growth (another program's
/// append, a sync engine writing in place) is foreign, and the journal is read whole. A note lost (a kill between the
/// append and the note, a read-only cache folder) costs one such read, never a wrong answer.
///
/// Derived data like the stats cache: deleting it changes nothing but speed. Records of 10 little-endian words:
/// magic, inode, device, size before, modification time before (seconds, nanoseconds), size after, modification time
/// after, FNV-1a of the nine words before it. Only the last ``window`` bytes are read; past ``limit`` the file keeps
/// only those.
enum OwnAppends {
    static let magic: Int = 0x3141_4F53_5543_4F46  // "FOCUSOA1"
    static let recordSize = 80
    static let window = 64 * 1024
    static let limit = 256 * 1024

    /// Notes `appended`; failing to is no error.
    static func note(_ appended: FileIO.Appended, in path: String) {
        let (b, a) = (appended.before, appended.after)
        var words = [magic, b.inode, b.device, b.size, b.mtimeSeconds, b.mtimeNanoseconds, a.size, a.mtimeSeconds]
        words.append(a.mtimeNanoseconds)
        var record = words.flatMap(bytes(of:))
        record += bytes(of: Int(bitPattern: UInt(FNV1a.hash(record))))
        try? FileIO.makeDirectories(FileIO.parentDirectory(of: path))
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 { guard errno == EINTR else { return } }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return }
        // A record a crash cut short is padded out, so every record starts at a multiple of the size.
        let size = Int(st.st_size)
        let bytes = [UInt8](repeating: 0, count: (recordSize - size % recordSize) % recordSize) + record
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count,
            size + bytes.count > limit
        else { return }
        let end = size + bytes.count
        if let kept = FileIO.read(path, offset: end - window, count: window) { try? FileIO.replace(path, with: kept) }
    }

    /// Whether notes lead from `saved` to `now` (the same file, grown): every byte it gained came from focus's appends.
    static func lead(from saved: StatsCache.FileState, to now: StatsCache.FileState, in path: String) -> Bool {
        guard let size = FileIO.status(path)?.size else { return false }
        let end = size - size % recordSize
        let start = max(0, end - window)
        guard end > start, let bytes = FileIO.read(path, offset: start, count: end - start) else { return false }
        var steps: [(before: [Int], after: [Int])] = []
        bytes.withUnsafeBytes { raw in
            for at in stride(from: 0, to: raw.count, by: recordSize) {
                let w = (0..<10).map {
                    Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: at + $0 * 8, as: Int64.self)))
                }
                guard w[0] == magic, w[1] == saved.inode, w[2] == saved.device,
                    w[9] == Int(bitPattern: UInt(FNV1a.hash(UnsafeRawBufferPointer(rebasing: raw[at..<at + 72]))))
                else { continue }
                steps.append((Array(w[3...5]), Array(w[6...8])))
            }
        }
        var current = [saved.size, saved.mtimeSeconds, saved.mtimeNanoseconds]
        let target = [now.size, now.mtimeSeconds, now.mtimeNanoseconds]
        for _ in steps.indices {
            if current == target { return true }
            guard let next = steps.first(where: { $0.before == current && $0.after[0] > current[0] }) else {
                return false
            }
            current = next.after
        }
        return current == target
    }

    private static func bytes(of word: Int) -> [UInt8] { withUnsafeBytes(of: Int64(word).littleEndian, Array.init) }
}
