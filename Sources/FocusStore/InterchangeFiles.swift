import FocusInterchange
import FocusModels

#if canImport(Glibc)
    import Glibc
#endif

/// Reading the files `focus import` is given.
///
/// They are not data files of focus: the journal is only ever appended to by
/// ``AppStore``, which also writes the files `--out` names (``AppStore/export(to:chunks:)``).
public enum InterchangeFiles {
    /// The inputs at `path` for `format`: the file itself, or for a
    /// Timewarrior data folder (its root or its `data/`), every `YYYY-MM.data` file in it.
    ///
    /// A single file is mapped, not read: an import goes through it once and lets the pages it has read go
    /// (``ImportInput/read(upTo:)``), so its memory does not grow with the file. The tools that write these files
    /// replace them whole (Watson, and focus's own `export --out`: a new file renamed over the old; a shell's `>`
    /// does not), which leaves the file mapped as it was: the import reads one state of it. A file changed in place
    /// while it is read is an error once it is read (exit 75, nothing imported); one cut short in place (truncated)
    /// ends the process before that (SIGBUS), with nothing imported either: the batch being written is a temp file,
    /// which this device's next batch removes.
    ///
    /// Timewarrior's month files are read (read(2)), each when the import comes to it: Timewarrior rewrites the
    /// month of an interval it changes (1.4.3 writes a new file and renames it over the old) while an import may be
    /// going through the folder, and a month is small, so only one is in memory at a time and none can be cut short
    /// under its reader.
    public static func open(_ path: String, format: SessionImporter.Format) throws(FocusError) -> [ImportInput] {
        let isFolder = FileIO.exists(path + "/.")
        if isFolder {
            guard format == .timewarrior else {
                throw FocusError(.noInput, "\(path) is a folder; --from \(format.rawValue) reads a file")
            }
            let dir = FileIO.exists(path + "/data/.") ? path + "/data" : path
            let names = try FileIO.list(dir).filter { $0.hasSuffix(".data") && $0 != "tags.data" && $0 != "undo.data" }
            guard !names.isEmpty else {
                throw FocusError(.noInput, "\(dir) holds no Timewarrior month files (YYYY-MM.data)")
            }
            return names.map { name in
                ImportInput(name: name, ofFolder: true) { () throws(FocusError) in
                    // A month file gone since the folder was listed (Timewarrior's own undo) holds nothing.
                    ImportInput(name: name, bytes: try FileIO.read(dir + "/" + name, following: true) ?? [])
                }
            }
        }
        guard let input = try map(path, name: String(path.split(separator: "/").last ?? Substring(path))) else {
            throw FocusError(.noInput, "cannot read \(path): no such file")
        }
        return [input]
    }

    /// The file at `path` (a symbolic link followed), mapped read-only; `nil` when it does not exist.
    private static func map(_ path: String, name: String) throws(FocusError) -> ImportInput? {
        guard let opened = try FileIO.openRegular(path, following: true) else { return nil }
        let fd = opened.fd
        let st = opened.status
        let length = Int(st.st_size)
        guard length > 0 else {
            close(fd)
            return ImportInput(name: name, bytes: [])
        }
        guard let map = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            let reason = FileIO.errnoText()
            close(fd)
            throw FocusError(.io, "cannot read \(path): \(reason)")
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var released = 0
        return ImportInput(
            name: name, bytes: UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: length),
            releasing: { offset in
                // Whole pages: those a reader has gone through leave its memory. An offset behind the last one is a
                // new pass from the start (Watson's frames are checked whole, then read).
                let end = offset / page * page
                if end < released { released = 0 }
                guard end > released else { return }
                madvise(map + released, end - released, MADV_DONTNEED)
                released = end
            },
            unchanged: {
                // Written in place since it was opened: the pages read may be of either state.
                var now = stat()
                return fstat(fd, &now) == 0 && now.st_size == st.st_size && now.st_mtim.tv_sec == st.st_mtim.tv_sec
                    && now.st_mtim.tv_nsec == st.st_mtim.tv_nsec
            },
            closing: {
                munmap(map, length)
                close(fd)
            })
    }
}
