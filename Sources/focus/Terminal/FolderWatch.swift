#if canImport(Glibc)
    import Glibc
#endif

/// Tells when files change in a few folders, through Linux's inotify: one descriptor to `poll` beside the keyboard,
/// readable when a file in a watched folder was created, written, renamed into place or removed.
///
/// A folder that does not exist yet (a new user's journal) is watched once it does: ``watchMissing()`` tries again,
/// and ``isComplete`` says whether it must.
final class FolderWatch {
    /// The descriptor to `poll`; -1 when inotify is unavailable.
    let fd: Int32
    private var folders: [String]
    private var watches: [Int32: String] = [:]

    /// What changes are reported: anything that can make a file read differently.
    private static let mask = UInt32(
        IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE_SELF
            | IN_MOVE_SELF)

    init(_ folders: [String]) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        self.folders = folders
        watchMissing()
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Whether every folder is watched.
    var isComplete: Bool { fd < 0 || watches.count == folders.count }

    /// Watches the folders not watched yet that exist now.
    func watchMissing() {
        guard fd >= 0 else { return }
        for folder in folders where !watches.values.contains(folder) {
            let wd = inotify_add_watch(fd, folder, Self.mask)
            if wd >= 0 { watches[wd] = folder }
        }
    }

    /// The changes since the last call, as (folder, file name) pairs; a folder itself removed or moved is
    /// reported with an empty name and watched again when it comes back.
    func changes() -> [(folder: String, name: String)] {
        guard fd >= 0 else { return [] }
        var found: [(String, String)] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let start = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[start..<(start + length)].prefix { $0 != 0 }, as: UTF8.self)
                if let folder = watches[wd] {
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                        watches[wd] = nil
                        found.append((folder, ""))
                    } else {
                        found.append((folder, name))
                    }
                }
                offset = start + length
            }
        }
        return found
    }
}
