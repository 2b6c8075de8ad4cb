import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// Whether a hook in `<config>/hooks/` may run (see ``AppStore/hook(_:)``).
///
/// A hook runs as the user, so it runs only when nobody else could have put it there or changed it: the hook and
/// the folder that holds it must belong to the user (or root) and be writable by nobody else, and so must the
/// file a symbolic link leads to and the folder that holds that file; every folder above that one must belong to
/// the user or root and be writable by nobody else unless sticky (``FolderSafety``). The resolved file is what
/// runs, so a link swapped after the check changes nothing.
public enum HookCheck: Equatable, Sendable {
    /// There is no such hook.
    case missing
    /// The hook may run: the file to run, every link resolved.
    case runnable(String)
    /// The hook is trustworthy but not executable.
    case notExecutable(String)
    /// The hook may not run: its path and why.
    case untrusted(String, reason: Message)
}

extension AppStore {
    /// Whether the hook for `event` exists and may run (``HookCheck``).
    public func hook(_ event: Hook.Event) -> HookCheck {
        let path = paths.hooksDirectory + "/" + event.fileName
        var st = stat()
        guard lstat(path, &st) == 0 else { return .missing }
        if let problem = Self.hookHolderProblem(paths.hooksDirectory) { return .untrusted(path, reason: problem) }
        guard let resolved = FileIO.realPath(path) else {
            return .untrusted(path, reason: "it is a symbolic link to nothing")
        }
        guard stat(resolved, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            return .untrusted(path, reason: "\(resolved) is not a regular file")
        }
        if let problem = Self.ownerProblem(resolved, st) { return .untrusted(path, reason: problem) }
        let folder = FileIO.parentDirectory(of: resolved)
        if let problem = Self.hookHolderProblem(folder) ?? FolderSafety.ancestorsProblem(of: folder) {
            return .untrusted(path, reason: problem)
        }
        return access(resolved, X_OK) == 0 ? .runnable(resolved) : .notExecutable(path)
    }

    /// Why the folder holding a hook (or the file a hook links to) is not trustworthy.
    private static func hookHolderProblem(_ folder: String) -> Message? {
        var st = stat()
        guard stat(folder, &st) == 0 else { return "\(folder) cannot be examined (\(FileIO.errnoText()))" }
        return ownerProblem(folder, st)
    }

    /// Why a file or folder whose status is `st` could have been changed by someone else: another owner than the
    /// user or root, or a group or other write bit.
    private static func ownerProblem(_ path: String, _ st: stat) -> Message? {
        if st.st_uid != geteuid() && st.st_uid != 0 {
            return "\(path) belongs to \(FolderSafety.owner(st.st_uid))"
        }
        return FolderSafety.writersProblem(path, st)
    }
}
