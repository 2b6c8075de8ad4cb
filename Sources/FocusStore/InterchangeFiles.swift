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
    /// Each is mapped, not read: an import goes through it once and lets the pages it has read go
    /// (``ImportInput/read(upTo:)``), so its memory does not grow with the file.
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
            var out: [ImportInput] = []
            for name in names {
                guard let input = try map(dir + "/" + name, name: name) else { continue }
                out.append(input)
            }
            return out
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
        defer { close(fd) }
        let st = opened.status
        let length = Int(st.st_size)
        guard length > 0 else { return ImportInput(name: name, bytes: []) }
        guard let map = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            throw FocusError(.io, "cannot read \(path): \(FileIO.errnoText())")
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
            closing: { munmap(map, length) })
    }
}
