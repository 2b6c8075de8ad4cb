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
    /// file focus or git reads (focus must never follow it), one that lacks journal lines this repository holds (a
    /// force-push, a buggy machine, someone with push access: a sync never passes on a removal), one whose
    /// `.gitattributes` or `.gitignore` is not HEAD's, or one holding records under this device's name that it
    /// never sent (`focus undo` would take them for its own).
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
        guard try run(["rev-parse", "-q", "--verify", "HEAD"]).status == 0 else { return }
        let top = Dictionary(theirs.filter { !$0.path.contains("/") }.map { ($0.path, $0) }) { first, _ in first }
        let ours = try tree("HEAD", recursive: false)
        let missing = try linesMissing(from: top, here: ours, tip)
        guard missing.isEmpty else {
            let counts = missing.map { file, lines -> Message in "\(lines) of \(file)" }
            throw FocusError(
                .data,
                """
                \(name) lacks or changes lines this journal holds (\(Message.list(counts))); nothing here changed: \
                inspect the remote with git
                """)
        }
        // git reads these from the tree it writes: an attribute can re-encode journal files, a pattern can stop
        // `git add` of a new batch. HEAD's were committed here (focus's own on a first sync), so a remote that
        // holds other ones is someone else's change.
        let rules = ours.filter {
            [".gitattributes", ".gitignore"].contains($0.path) && top[$0.path]?.object != $0.object
        }
        guard rules.isEmpty else {
            throw FocusError(
                .data,
                """
                \(name) changes \(Message.list(rules.map(\.path))), which git reads to write and add files; nothing \
                here changed: inspect the remote with git
                """)
        }
        let known = Set(ours.map(\.path))
        let planted = top.values.filter { isOwn($0.path) && !known.contains($0.path) }
        guard planted.isEmpty else {
            throw FocusError(
                .data,
                """
                \(name) holds \(Message.list(planted.map(\.path).sorted())) under this machine's name, which it never \
                sent; nothing here changed: inspect the remote with git
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

    /// The journal files of HEAD (`ours`) whose lines `theirs` (the top of the tree of `tip`) lacks or changes,
    /// with how many lines.
    ///
    /// Another device's file must be in `tip` as it is here, or longer. This device is the only writer of its own
    /// files: the remote's copy must be the one last sent (at the merge base), or hold more of this device's lines
    /// than that and nothing else.
    private func linesMissing(from theirs: [String: TreeEntry], here ours: [TreeEntry], _ tip: String)
        throws(FocusError) -> [(String, Int)]
    {
        let base = try run(["merge-base", "HEAD", tip])
        let sent = base.status == 0 ? try tree(base.stdout.trimmingWhitespace(), recursive: false) : []
        var missing: [(String, Int)] = []
        for entry in ours where entry.type == "blob" && JournalFileName(entry.path) != nil {
            let there = theirs[entry.path]?.object
            guard there != entry.object else { continue }
            if isOwn(entry.path) {
                let lost = try ownLinesChanged(entry.object, there: there, sent: sent.first { $0.path == entry.path })
                if let lost { missing.append((entry.path, lost)) }
                continue
            }
            // The usual case, another device's file grown, told without holding either copy; the rest from bytes.
            if let there, try blob(there, startsWith: entry.object) { continue }
            let here = try blob(entry.object)
            let bytes = if let there { try blob(there) } else { [UInt8]() }
            // A line moved or put in between is a change too, though no line is lacking.
            if !bytes.starts(with: here) {
                missing.append((entry.path, max(1, Self.lines(of: here, missingFrom: bytes))))
            }
        }
        return missing
    }

    /// How many lines of this device's file (`here`, last sent as `sent`) the remote's copy `there` lacks or
    /// changes, or `nil` when it holds what was sent, or more of `here` than that.
    ///
    /// Decided from object ids in the normal case (the remote holds what was sent), so that a sync reads none of a
    /// file that only grows; sizes come before bytes otherwise, so that no two copies are read to be told apart.
    private func ownLinesChanged(_ here: String, there: String?, sent: TreeEntry?) throws(FocusError) -> Int? {
        guard there != sent?.object else { return nil }
        let sentSize = if let sent { try size(sent.object) } else { 0 }
        if let there, case let thereSize = try size(there), sentSize <= thereSize,
            case let hereSize = try size(here), thereSize <= hereSize
        {
            // A longer copy than was sent may only hold more of this device's lines.
            let holdsSent = try sent.map { sent throws(FocusError) in
                try blob(there, sized: thereSize, startsWith: sent.object, sized: sentSize)
            }
            if holdsSent ?? true, try blob(here, sized: hereSize, startsWith: there, sized: thereSize) { return nil }
        }
        let bytes = if let there { try blob(there) } else { [UInt8]() }
        let wasSent = if let sent { try blob(sent.object) } else { [UInt8]() }
        let lost = bytes.starts(with: wasSent) ? try blob(here) : wasSent
        return max(1, Self.lines(of: lost, missingFrom: bytes))
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

    /// The size in bytes of the blob `object`.
    private func size(_ object: String) throws(FocusError) -> Int {
        let told = try git(["cat-file", "-s", object], failure: "cannot read \(object)").stdout.trimmingWhitespace()
        guard let size = Int(told) else { throw FocusError(.io, "cannot read \(object)") }
        return size
    }

    /// Whether the blob `object` begins with the blob `prefix`, told without reading either into memory: git hashes
    /// as a blob the first bytes of `object`, as many as `prefix` has, through pipes, and the id must be `prefix`'s.
    /// (`hash-object --stdin` applies no attribute or filter.) `false` also when it cannot be told that way.
    func blob(_ object: String, startsWith prefix: String) throws(FocusError) -> Bool {
        try blob(object, sized: size(object), startsWith: prefix, sized: size(prefix))
    }

    /// ``blob(_:startsWith:)`` with both sizes already known, so that git is not asked for them again.
    private func blob(_ object: String, sized objectSize: Int, startsWith prefix: String, sized length: Int)
        throws(FocusError) -> Bool
    {
        guard objectSize >= length else { return false }
        let script = #"git -C "$1" cat-file blob "$2" | head -c "$3" | git -C "$1" hash-object --stdin"#
        // Without a shell the caller reads the bytes.
        guard
            let hashed = try? Subprocess.run(
                ["sh", "-c", script, "sh", directory, object, String(length)], environment: environment, path: path)
        else { return false }
        return hashed.status == 0 && hashed.stdout.trimmingWhitespace() == prefix
    }

    /// The bytes of the blob `object`.
    private func blob(_ object: String) throws(FocusError) -> [UInt8] {
        try git(["cat-file", "blob", object], failure: "cannot read \(object)").output
    }
}
