import FocusModels

extension AppStore {
    /// Writes a file the user asked for (`focus export --out`, `focus sound --out`) to `path`, atomically:
    /// on failure an old file there is untouched and no partial file is left.
    ///
    /// The one kind of file the store writes outside the data and config
    /// folders: the user named it. `chunks` are written as they are made,
    /// so a long recording never sits in memory; the file is readable by
    /// others as the umask allows (0644 by default), unlike data files.
    /// A missing folder is an error (exit 73); it is not created.
    public func export(to path: String, chunks: some Sequence<[UInt8]>) throws(FocusError) {
        let parent = FileIO.parentDirectory(of: path)
        if !parent.isEmpty, !FileIO.exists(parent + "/.") {
            throw FocusError(.cantCreate, "cannot create \(path): the folder \(parent) does not exist")
        }
        try FileIO.replace(path, mode: 0o644, chunks: chunks)
    }
}
