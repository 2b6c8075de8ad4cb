import Foundation
import Testing

@testable import FocusStore

/// ``FileLock`` tells a lock someone holds from one the file system cannot take: on NFS an exclusive `flock` of a
/// folder fails with EBADF, and taking that for "busy" made every `focus sync` fail at once, saying the folder had
/// been locked for 30 seconds.
@Suite struct FileLockTests {
    @Test(arguments: [
        (EBADF, true), (ENOLCK, true), (EOPNOTSUPP, true), (EINVAL, true),
        (EWOULDBLOCK, false), (EINTR, false), (EIO, false), (EACCES, false),
    ])
    func anErrorSaysWhetherTheFileSystemCannotLock(_ error: Int32, _ cannot: Bool) {
        #expect(FileLock.cannotLock(error) == cannot)
    }

    /// The kernel's own EBADF (a descriptor opened with `O_PATH`, which `flock` cannot lock, as NFS cannot lock a
    /// folder exclusively): unsupported at once, not waited on.
    @Test func aLockTheFileSystemCannotTakeIsUnsupportedAtOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fd = open(folder, Self.openPath | O_DIRECTORY | O_CLOEXEC)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(FileLock.waitForLock(fd, seconds: 30) == .unsupported)
    }

    /// A folder another holder has locked exclusively is busy for a shared lock, and held once it is let go.
    @Test func aHeldFolderIsBusyUntilLetGo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let holder = try #require(try FileLock.lock(folder: folder, waiting: 0))
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(fd) }
        #expect(FileLock.waitForLock(fd, shared: true, seconds: 0) == .busy)
        #expect(try FileLock.lock(folder: folder, waiting: 0) == nil)
        holder.release()
        #expect(FileLock.waitForLock(fd, shared: true, seconds: nil) == .held)
    }

    /// Linux's `O_PATH`, which Swift's Glibc module does not export (it is behind `_GNU_SOURCE`).
    private static let openPath: Int32 = 0o10_000_000

    private static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "focus-lock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
