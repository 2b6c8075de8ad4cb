import FocusJournal
import FocusModels

extension JournalSync {
    /// One entry of a git tree, as `git ls-tree` lists it.
    struct TreeEntry {
        let mode: String
        let type: String
        let object: String
        let path: String
    }

    /// Refuses (exit 65) a remote tip that the rebase must not bring here, deciding from git's objects before
    /// anything in the working tree changes: one holding a link, a submodule or a folder where git would write a
    /// file focus or git reads (focus must never follow it), or one that lacks journal lines this repository
    /// holds (a force-push, a buggy machine, someone with push access: a sync never passes on a removal).
    func checkRemote(_ tip: String, named name: String) throws(FocusError) {
        let theirs = try tree(tip, recursive: true)
        let strange = theirs.filter(Self.isStrange).map(\.path)
        if strange.count == 1 {
            throw FocusError(
                .data,
                """
                \(name) holds \(strange[0]), which is not a regular file (a link, a folder or a submodule); nothing \
                here changed: inspect the remote with git
                """)
        } else if !strange.isEmpty {
            throw FocusError(
                .data,
                """
                \(name) holds \(Message.list(strange)), which are not regular files (links, folders or submodules); \
                nothing here changed: inspect the remote with git
                """)
        }
        let missing = try linesMissing(from: Dictionary(theirs.map { ($0.path, $0) }) { first, _ in first }, tip)
        guard missing.isEmpty else {
            let counts = missing.map { file, lines -> Message in "\(lines) of \(file)" }
            throw FocusError(
                .data,
                """
                \(name) lacks or changes lines this journal holds (\(Message.list(counts))); nothing here changed: \
                inspect the remote with git
                """)
        }
    }

    /// Whether git would write `entry` as something other than a regular file where focus or git reads one: a link
    /// or a submodule anywhere, a folder under a journal file's name or a `.git…` name.
    static func isStrange(_ entry: TreeEntry) -> Bool {
        switch entry.mode {
        case "100644", "100755": false
        case "040000": !entry.path.contains("/") && (JournalFileName(entry.path) != nil || entry.path.hasPrefix(".git"))
        default: true
        }
    }

    /// The journal files of HEAD whose lines `theirs` (the tree of `tip`) lacks or changes, with how many lines.
    ///
    /// Another device's file must be in `tip` as it is here, or longer. This device is the only writer of its own
    /// files: the remote may lack the lines it was never sent (those after the merge base), nothing it had before,
    /// and hold nothing this device did not write.
    private func linesMissing(from theirs: [String: TreeEntry], _ tip: String) throws(FocusError) -> [(String, Int)] {
        guard try run(["rev-parse", "-q", "--verify", "HEAD"]).status == 0 else { return [] }
        let base = try run(["merge-base", "HEAD", tip])
        let sent = base.status == 0 ? try tree(base.stdout.trimmingWhitespace(), recursive: false) : []
        var missing: [(String, Int)] = []
        for entry in try tree("HEAD", recursive: false) where entry.type == "blob" && JournalFileName(entry.path) != nil
        {
            let their = theirs[entry.path]
            guard their?.object != entry.object else { continue }
            let here = try blob(entry.object)
            let there = if let their { try blob(their.object) } else { [UInt8]() }
            var lost = here
            if isOwn(entry.path) {
                let old = sent.first { $0.path == entry.path }
                let wasSent = if let old { try blob(old.object) } else { [UInt8]() }
                if !there.starts(with: wasSent) {
                    lost = wasSent
                } else if here.starts(with: there) || there.starts(with: here) {
                    continue
                }
            } else if there.starts(with: here) {
                continue
            }
            // A line moved or put in between is a change too, though no line is lacking.
            missing.append((entry.path, max(1, Self.lines(of: lost, missingFrom: there))))
        }
        return missing
    }

    /// How many lines of `bytes` are nowhere in `other`.
    static func lines(of bytes: [UInt8], missingFrom other: [UInt8]) -> Int {
        let theirs = Set(other.split(separator: 10))
        return bytes.split(separator: 10).count(where: { !theirs.contains($0) })
    }

    /// The entries of the tree of `ref`: its top level, or every file and folder under it.
    private func tree(_ ref: String, recursive: Bool) throws(FocusError) -> [TreeEntry] {
        let listed = try git(
            ["ls-tree", "-z", "--full-tree"] + (recursive ? ["-r", "-t"] : []) + [ref],
            failure: "cannot list the files of \(ref)")
        return listed.output.split(separator: 0).compactMap { row in
            // `<mode> <type> <object>\t<path>`: the path may hold any byte but NUL.
            guard let tab = row.firstIndex(of: 9) else { return nil }
            let fields = row[..<tab].split(separator: 32).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 3 else { return nil }
            return TreeEntry(
                mode: fields[0], type: fields[1], object: fields[2],
                path: String(decoding: row[row.index(after: tab)...], as: UTF8.self))
        }
    }

    /// The bytes of the blob `object`.
    private func blob(_ object: String) throws(FocusError) -> [UInt8] {
        try git(["cat-file", "blob", object], failure: "cannot read \(object)").output
    }
}
