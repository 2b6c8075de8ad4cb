import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

extension AppStore {
    /// Writes a file the user asked for (`focus export --out`, `focus sound --out`) to `path`, atomically:
    /// on failure an old file there is untouched and no partial file is left.
    ///
    /// The one kind of file the store writes outside the data and config
    /// folders: the user named it. `chunks` are written as they are made,
    /// so a long recording never sits in memory. A new file is readable by
    /// others as the umask allows (0644 by default), unlike data files; a file
    /// it replaces keeps its mode. A missing folder is an error (exit 73); it is not created.
    ///
    /// `--out` may name a place in a folder others can write to (`/tmp`), so it never writes into a file that
    /// is not the user's (exit 73): a symbolic link there is refused, not followed (someone may have planted it to
    /// point at a file of yours, or of theirs), and so is a file that belongs to another user. The data goes to a
    /// temp file of its own (created exclusively, under an unguessable name) that is renamed over the path, so a
    /// file planted under the temp name receives nothing.
    public func export(to path: String, chunks: some Sequence<[UInt8]>) throws(FocusError) {
        try export(to: path) { (write) throws(FocusError) in
            for bytes in chunks { try write(bytes) }
        }
    }

    /// ``export(to:chunks:)`` with the chunks pushed by `produce` as they are made (an export streamed from the
    /// journal, ``streamSessions(progress:_:)``); an error it throws leaves an old file untouched.
    public func export(
        to path: String, producing produce: (_ write: ([UInt8]) throws(FocusError) -> Void) throws(FocusError) -> Void
    ) throws(FocusError) {
        let parent = FileIO.parentDirectory(of: path)
        if !parent.isEmpty, !FileIO.exists(parent + "/.") {
            throw FocusError(.cantCreate, "cannot create \(path): the folder \(parent) does not exist")
        }
        var st = stat()
        var keptMode: mode_t?
        if lstat(path, &st) == 0 {
            switch st.st_mode & S_IFMT {
            case S_IFLNK:
                throw FocusError(
                    .cantCreate,
                    "\(path) is a symbolic link; focus does not write through one: give the path of the file itself")
            case S_IFREG: break
            default: throw FocusError(.cantCreate, "cannot replace \(path): not a regular file")
            }
            guard st.st_uid == geteuid() else {
                throw FocusError(
                    .cantCreate,
                    "\(path) belongs to \(FolderSafety.owner(st.st_uid)); focus replaces only your own files")
            }
            keptMode = st.st_mode & 0o777
        }
        try FileIO.replace(path, mode: 0o644, keepingMode: keptMode, producing: produce)
    }
}
