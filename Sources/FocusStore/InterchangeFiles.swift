import FocusInterchange
import FocusModels

/// Reading the files `focus import` is given.
///
/// They are not data files of focus: the journal is only ever appended to by
/// ``AppStore``, which also writes the files `--out` names (``AppStore/export(to:chunks:)``).
public enum InterchangeFiles {
    /// The inputs at `path` for `format`: the file itself, or for a
    /// Timewarrior data folder (its root or its `data/`), every `YYYY-MM.data` file in it.
    public static func read(_ path: String, format: SessionImporter.Format) throws(FocusError) -> [(
        name: String, bytes: [UInt8]
    )] {
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
            var out: [(String, [UInt8])] = []
            for name in names {
                guard let bytes = try FileIO.read(dir + "/" + name, following: true) else { continue }
                out.append((name, bytes))
            }
            return out
        }
        guard let bytes = try FileIO.read(path, following: true) else {
            throw FocusError(.noInput, "cannot read \(path): no such file")
        }
        return [(String(path.split(separator: "/").last ?? Substring(path)), bytes)]
    }
}
