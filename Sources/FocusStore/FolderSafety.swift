import FocusModels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a folder can be trusted with focus's files: nobody but this user (and root) can change what is in it.
///
/// A folder focus keeps files in must belong to the user focus runs as and be writable by nobody else (no group
/// or other write bit). Every folder above it, on the path as given and on the path its symbolic links lead to,
/// must belong to the user or root and be writable by nobody else, or be sticky (`/tmp`): otherwise another user
/// could rename it away and put a folder of their own in its place. A folder that does not exist yet is judged
/// by the nearest one that does, where focus will create it (mode 0700); one that appears in the meantime is
/// judged again when `mkdir` finds it (``FileIO/makeDirectories(_:)``).
///
/// So `FOCUS_HOME=/tmp/x`, when another user made `/tmp/x` first, is refused, and so is any folder under a
/// parent that user controls; root is held to the same rule, so it never writes through another user's folder.
enum FolderSafety {
    /// Why focus must not keep files in `folder`, or `nil` when it may.
    static func problem(folder: String) -> Message? {
        let uid = geteuid()
        let absolute = folder.hasPrefix("/") ? folder : currentDirectory() + "/" + folder
        var existing = absolute
        var st = stat()
        while lstat(existing, &st) != 0 {
            guard errno == ENOENT || errno == ENOTDIR, existing != "/" else {
                return "it cannot be examined (\(FileIO.errnoText()))"
            }
            existing = FileIO.parentDirectory(of: existing)
        }
        if existing == absolute {
            if let problem = problem(ownFolder: existing) { return problem }
        } else if let problem = ancestorProblem(existing, uid: uid) {
            return problem
        }
        guard let resolved = FileIO.realPath(existing) else { return "it cannot be examined (\(FileIO.errnoText()))" }
        var checked: Set<String> = [existing]
        return ancestorsProblem(of: existing, skipping: &checked) ?? ancestorsProblem(of: resolved, skipping: &checked)
    }

    /// Why a folder above `path` (each prefix of it, as the file system resolves it) lets another user swap what is
    /// below it, or `nil`.
    static func ancestorsProblem(of path: String) -> Message? {
        var checked = Set<String>()
        return ancestorsProblem(of: path, skipping: &checked)
    }

    private static func ancestorsProblem(of path: String, skipping checked: inout Set<String>) -> Message? {
        let uid = geteuid()
        var path = path
        while path != "/" {
            path = FileIO.parentDirectory(of: path)
            if path.isEmpty { break }
            guard checked.insert(path).inserted else { continue }
            if let problem = ancestorProblem(path, uid: uid) { return problem }
        }
        return nil
    }

    /// Why `path`, a folder focus found where it keeps files, cannot be used: it must be a folder of this user that
    /// nobody else can write to.
    static func problem(ownFolder path: String) -> Message? {
        var st = stat()
        guard stat(path, &st) == 0 else { return "it cannot be examined (\(FileIO.errnoText()))" }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { return "\(path) is not a folder" }
        let uid = geteuid()
        if st.st_uid != uid { return "\(path) belongs to \(owner(st.st_uid)), not to you (uid \(uid))" }
        if st.st_mode & 0o022 != 0 { return "\(path) can be changed by \(writers(st.st_mode))" }
        return nil
    }

    /// Why `path`, a folder above one focus uses, lets another user swap what is below it.
    private static func ancestorProblem(_ path: String, uid: uid_t) -> Message? {
        var st = stat()
        guard stat(path, &st) == 0 else { return "\(path) cannot be examined (\(FileIO.errnoText()))" }
        if st.st_uid != uid && st.st_uid != 0 {
            return "\(path), above it, belongs to \(owner(st.st_uid)), who could replace what is in it"
        }
        if st.st_mode & 0o022 != 0, st.st_mode & S_ISVTX == 0 {
            return "\(path), above it, can be changed by \(writers(st.st_mode))"
        }
        return nil
    }

    /// `uid 1001 (ana)`.
    static func owner(_ uid: uid_t) -> Message {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "uid \(uid) (\(String(cString: name)))"
    }

    /// Who besides the owner may write, from the mode: `its group and everyone (mode 0777)`.
    static func writers(_ mode: mode_t) -> Message {
        let who: Message =
            mode & 0o022 == 0o022 ? "its group and everyone" : mode & 0o002 != 0 ? "everyone" : "its group"
        return "\(who) (mode 0\(String(mode & 0o7777, radix: 8)))"
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(cString: buffer)
    }
}
