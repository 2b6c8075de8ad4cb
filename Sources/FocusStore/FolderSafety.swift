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
    ///
    /// `checked` holds the folders found safe so far as a folder above another (or stricter, as one focus keeps
    /// files in), which are not examined again: the folders of one command share most of their ancestors. A list, not
    /// a set: a command has a dozen of them, and comparing a few paths costs less than hashing each.
    static func problem(folder: String, skipping checked: inout [String]) -> Message? {
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
        if !checked.contains(existing) { checked.append(existing) }
        return ancestorsProblem(of: existing, skipping: &checked) ?? ancestorsProblem(of: resolved, skipping: &checked)
    }

    /// Why a folder above `path` (each prefix of it, as the file system resolves it) lets another user swap what is
    /// below it, or `nil`.
    static func ancestorsProblem(of path: String) -> Message? {
        var checked: [String] = []
        return ancestorsProblem(of: path, skipping: &checked)
    }

    private static func ancestorsProblem(of path: String, skipping checked: inout [String]) -> Message? {
        let uid = geteuid()
        var path = path
        while path != "/" {
            path = FileIO.parentDirectory(of: path)
            if path.isEmpty { break }
            // A folder checked before had every folder above it checked too (a problem ends the command).
            guard !checked.contains(path) else { break }
            checked.append(path)
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
        return writersProblem(path, st)
    }

    /// Why `path`, a folder above one focus uses, lets another user swap what is below it.
    private static func ancestorProblem(_ path: String, uid: uid_t) -> Message? {
        var st = stat()
        guard stat(path, &st) == 0 else { return "\(path) cannot be examined (\(FileIO.errnoText()))" }
        if st.st_uid != uid && st.st_uid != 0 {
            return "\(path), above it, belongs to \(owner(st.st_uid)), who could replace what is in it"
        }
        return st.st_mode & S_ISVTX == 0 ? writersProblem(path, st, above: true) : nil
    }

    /// `uid 1001 (ana)`.
    static func owner(_ uid: uid_t) -> Message {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return "uid \(uid) (\(String(cString: name)))"
    }

    /// Why someone besides the owner may change `path`, whose status is `st`, with the command that stops it; `nil`
    /// when nobody else can write to it.
    ///
    /// A group write bit is harmless when the group is the owner's private group (its primary group, which has no
    /// other member and is nobody else's primary group): distributions that give each user such a group often set
    /// `umask 002`, so `~/.config` is `0775` there, and refusing it would stop every command for nothing.
    static func writersProblem(_ path: String, _ st: stat, above: Bool = false) -> Message? {
        let group = st.st_mode & 0o020 != 0 && !isPrivateGroup(st.st_gid, of: st.st_uid)
        let everyone = st.st_mode & 0o002 != 0
        guard group || everyone else { return nil }
        let who: Message =
            group && everyone
            ? "its group \(groupName(st.st_gid)) and everyone"
            : group ? "its group \(groupName(st.st_gid))" : "everyone"
        let mode = "0" + String(st.st_mode & 0o7777, radix: 8)
        let problem: Message =
            above
            ? "\(path), above it, can be changed by \(who) (mode \(mode))"
            : "\(path) can be changed by \(who) (mode \(mode))"
        guard !path.contains(where: { "'\n\r".contains($0) }) else { return problem }
        return "\(problem); `chmod go-w '\(path)'` makes it yours alone"
    }

    /// Whether `gid` is the private group of `uid`: its primary group, listing no other member, and no other
    /// account's primary group.
    private static func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        guard let user = getpwuid(uid), user.pointee.pw_gid == gid, let name = user.pointee.pw_name else {
            return false
        }
        let own = String(cString: name)
        guard let group = getgrgid(gid) else { return false }
        var member = group.pointee.gr_mem
        while let entry = member?.pointee {
            if String(cString: entry) != own { return false }
            member = member?.advanced(by: 1)
        }
        setpwent()
        defer { endpwent() }
        while let entry = getpwent() {
            if entry.pointee.pw_gid == gid && entry.pointee.pw_uid != uid { return false }
        }
        return true
    }

    /// `focus-eve (gid 998)`.
    private static func groupName(_ gid: gid_t) -> String {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return "gid \(gid)" }
        return "\(String(cString: name)) (gid \(gid))"
    }

    private static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(cString: buffer)
    }
}
