extension AppStore {
    /// Writes an export the user asked for (`focus sound --out FILE.wav`) to `path`, atomically.
    ///
    /// The one kind of file the store writes outside the data and config
    /// folders: the user named it. `chunks` are written as they are made,
    /// so a long recording never sits in memory; the file is readable by
    /// others as the umask allows (0644 by default), unlike data files.
    public func export(to path: String, chunks: some Sequence<[UInt8]>) throws(FocusError) {
        try FileIO.replace(path, mode: 0o644, chunks: chunks)
    }
}
