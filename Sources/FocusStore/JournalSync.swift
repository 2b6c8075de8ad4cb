import FocusJournal
import FocusModels

/// `focus sync`: the journal folder as a git repository, shared through a remote.
///
/// focus does not speak a sync protocol; git moves the files. Because each device only ever appends to its own
/// journal file, a sync is: commit this device's file, rebase onto what the remote has, push. The rebase never
/// conflicts (no two devices change one file), and `.gitattributes` asks for a union merge of `*.jsonl` as a
/// second guard. A failed step never loses a record: the journal file is only appended to by focus, and a commit
/// that could not be pushed is pushed by the next sync.
public struct JournalSync {
    /// What a sync did.
    public struct Report: Equatable, Sendable {
        /// Lines of this device's files the remote did not have: committed now, or by an earlier sync that could
        /// not push them (0: nothing new).
        public let sent: Int
        /// Lines of other devices' files that arrived.
        public let received: Int
        /// The remote, by name, and its address.
        public let remote: String
        public let url: String
        public let branch: String
    }

    let directory: String
    let device: Device
    private(set) var environment: [String: String]
    let path: String

    /// A sync of the journal folder `directory` for `device`; git is found on `path` and runs with `environment`
    /// (plus settings that keep it from ever prompting).
    public init(directory: String, device: Device, environment: [String: String]) {
        self.directory = directory
        self.device = device
        path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        env["LC_ALL"] = "C"
        self.environment = env
    }

    /// What `.gitattributes` holds: union merges for journal files.
    static let attributes = "*.jsonl merge=union\n"
    /// What `.git/info/attributes` holds, written at every sync: git reads it over any `.gitattributes`, so that
    /// none can have git re-encode, convert line ends of, filter or expand `$Id$` in journal files as it writes or
    /// adds them, nor call them binary (`--numstat` counts the lines sent).
    static let gitAttributes = "*.jsonl merge=union -text -eol -working-tree-encoding -filter -ident diff\n"
    /// What `.gitignore` holds: live markers and sync engines' files are not history.
    static let ignored = "*\(RunningMarker.fileSuffix)\n.stfolder\n*.tmp\n"

    /// Commits this device's journal file, rebases onto the remote and pushes.
    public func sync() throws(FocusError) -> Report {
        try requireGit()
        guard try isRepository() else {
            throw FocusError(
                .config, "\(directory) is not a git repository; `focus sync --init REMOTE` sets it up")
        }
        return try syncRepository()
    }

    /// Makes the journal folder a git repository with `remote` as `origin` (creating what is missing: the
    /// repository, `.gitattributes`, `.gitignore`), then syncs.
    public func initialise(remote: String) throws(FocusError) -> Report {
        try requireGit()
        if !(try isRepository()) {
            try FileIO.makeDirectories(directory)
            try git(["init", "-q", "-b", "main"], failure: "cannot make \(directory) a git repository")
        }
        for (name, text) in [(".gitattributes", Self.attributes), (".gitignore", Self.ignored)]
        where !FileIO.exists(directory + "/" + name) {
            try FileIO.replace(directory + "/" + name, with: Array(text.utf8))
        }
        let remotes = try git(["remote"], failure: "cannot list the remotes").stdout.split(separator: "\n")
        let verb = remotes.contains("origin") ? "set-url" : "add"
        try git(["remote", verb, "origin", remote], failure: "cannot set the remote")
        return try syncRepository()
    }

    private func syncRepository() throws(FocusError) -> Report {
        var sync = self
        if try run(["config", "user.email"]).stdout.trimmingWhitespace().isEmpty {
            // No git identity here: commits (and the rebase's) are signed as focus on this device.
            for role in ["AUTHOR", "COMMITTER"] {
                sync.environment["GIT_\(role)_NAME"] = "focus on \(device.name)"
                sync.environment["GIT_\(role)_EMAIL"] = "focus@\(device.name).invalid"
            }
        }
        return try sync.syncWithIdentity()
    }

    private func syncWithIdentity() throws(FocusError) -> Report {
        let remote = try remoteName()
        let url = try git(["remote", "get-url", remote], failure: "cannot read the remote's address").stdout
            .trimmingWhitespace()
        let branch = try currentBranch()
        try writeGitAttributes()
        try holdingFolder { () throws(FocusError) in try commitOwnFiles() }
        let fetched = try run(["fetch", "-q", remote])
        if fetched.status != 0 { throw unreachable(remote, url, fetched) }
        let hasBranch = try run(["rev-parse", "-q", "--verify", "refs/remotes/\(remote)/\(branch)"]).status == 0
        // No append from the last commit to the end of the rebase, which checks out (replaces) this device's files;
        // the fetch, which may wait on the network, is outside.
        let before = try holdingFolder { () throws(FocusError) in
            try commitOwnFiles()
            // What HEAD was before the remote's commits came in: the lines they add to other devices' files arrived.
            let before = try run(["rev-parse", "-q", "--verify", "HEAD"]).stdout.trimmingWhitespace()
            if hasBranch {
                try checkRemote("refs/remotes/\(remote)/\(branch)", named: "\(remote)/\(branch)")
                try rebase(onto: "\(remote)/\(branch)")
            }
            return before
        }
        let sent = try addedLines(hasBranch ? "\(remote)/\(branch)..HEAD" : "HEAD") { _ in true }
        let pushed = try run(["push", "-q", remote, "HEAD:refs/heads/\(branch)"])
        if pushed.status != 0 {
            let reason = pushed.lastLine
            if reason.contains("rejected") || reason.contains("non-fast-forward") {
                throw FocusError(
                    .temporary,
                    "\(remote) moved on while syncing (\(reason)); run focus sync again, nothing was lost")
            }
            throw unreachable(remote, url, pushed)
        }
        _ = try? run(["branch", "-q", "--set-upstream-to=\(remote)/\(branch)"])
        return Report(
            sent: sent, received: try addedLines(before.isEmpty ? "HEAD" : "\(before)..HEAD") { !isOwn($0) },
            remote: remote, url: url, branch: branch)
    }

    /// Rebases onto `upstream` (`origin/main`), or aborts and says so.
    private func rebase(onto upstream: String) throws(FocusError) {
        let rebased = try run(["-c", "rebase.autoStash=true", "rebase", "-q", upstream])
        guard rebased.status != 0 else { return }
        _ = try? run(["rebase", "--abort"])
        throw FocusError(
            .io,
            """
            cannot rebase onto \(upstream): \(rebased.lastLine); nothing was lost, and your records are committed \
            here for the next sync
            """)
    }

    /// `body` run holding the journal folder's lock, which every append shares (``FileIO/appendLines(_:to:)``):
    /// none lands while git replaces the files. A holder that keeps it for 30 seconds is an error (exit 75).
    private func holdingFolder<T>(_ body: () throws(FocusError) -> T) throws(FocusError) -> T {
        guard let lock = try FileLock.lock(folder: directory, waiting: 30) else {
            throw FocusError(.temporary, "\(directory) has been locked for 30 seconds; run focus sync again")
        }
        defer { lock.release() }
        return try body()
    }

    /// Adds and commits this device's journal files, and focus's `.gitattributes` and `.gitignore` while HEAD lacks
    /// them. An edit of those made here later stays here (the rebase stashes it and puts it back): every other
    /// machine refuses a remote that changes them, so committing it would stop their syncs.
    private func commitOwnFiles() throws(FocusError) {
        let head = try run(["ls-tree", "-z", "--name-only", "HEAD", "--", ".gitattributes", ".gitignore"])
        let committed = head.status == 0 ? Set(head.stdout.split(separator: "\0").map(String.init)) : []
        let names = try FileIO.list(directory).filter { name in
            isOwn(name) || ((name == ".gitattributes" || name == ".gitignore") && !committed.contains(name))
        }
        guard !names.isEmpty else { return }
        // By name and forced: a `.gitignore` pattern (the remote's, before the check refused it) stops nothing.
        try git(["add", "--force", "--"] + names, failure: "cannot stage \(names.joined(separator: ", "))")
        let staged = try git(["diff", "--cached", "--numstat"], failure: "cannot read what is staged").stdout
        guard !staged.isEmpty else { return }
        try git(
            ["commit", "-q", "-m", "focus: \(Self.journalLines(numstat: staged)) journal line(s) from \(device.name)"],
            failure: "cannot commit this device's journal")
    }

    /// Writes ``gitAttributes`` to the repository's `info/attributes` unless it holds them already.
    private func writeGitAttributes() throws(FocusError) {
        var file = try git(
            ["rev-parse", "--git-path", "info/attributes"], failure: "cannot find the repository's files"
        )
        .stdout.trimmingWhitespace()
        if !file.hasPrefix("/") { file = directory + "/" + file }
        let wanted = Array(Self.gitAttributes.utf8)
        guard (try? FileIO.read(file)) != wanted else { return }
        try FileIO.makeDirectories(FileIO.parentDirectory(of: file))
        try FileIO.replace(file, with: wanted)
    }

    /// Journal lines the commits in `range` added to the files `counted` keeps. After the rebase only this
    /// device's commits are ahead of the remote: what the push sends, whether committed now or by a sync that
    /// could not push. Counted from git's objects, never from the folder, where a file may be a link.
    private func addedLines(_ range: String, counted: (String) -> Bool) throws(FocusError) -> Int {
        let log = try run(["log", "--numstat", "--format=", range])
        return log.status == 0 ? Self.journalLines(numstat: log.stdout, counted: counted) : 0
    }

    /// The lines added to `*.jsonl` files that `counted` keeps in `git … --numstat` output.
    private static func journalLines(numstat: String, counted: (String) -> Bool = { _ in true }) -> Int {
        numstat.split(separator: "\n").reduce(0) { total, row in
            let fields = row.split(separator: "\t")
            guard fields.count == 3, fields[2].hasSuffix(".jsonl"), counted(String(fields[2])) else { return total }
            return total + (Int(fields[0]) ?? 0)
        }
    }

    /// Whether `name` is a file this device wrote: its journal file or one of its batches.
    func isOwn(_ name: String) -> Bool {
        switch JournalFileName(name) {
        case .device(let writer)?: writer.id == device.id
        case .batch(let batch)?: batch.device.id == device.id
        default: false
        }
    }

    private func requireGit() throws(FocusError) {
        guard Subprocess.find("git", path: path) != nil else {
            throw FocusError(.unavailable, "focus sync needs git, which is not on PATH (apt-get install git)")
        }
    }

    private func isRepository() throws(FocusError) -> Bool {
        guard FileIO.exists(directory + "/.") else { return false }
        let top = try run(["rev-parse", "--show-toplevel"])
        return top.status == 0 && FileIO.sameFile(top.stdout.trimmingWhitespace(), directory)
    }

    private func remoteName() throws(FocusError) -> String {
        let remotes = try git(["remote"], failure: "cannot list the remotes").stdout.split(separator: "\n").map(
            String.init)
        guard let remote = remotes.contains("origin") ? "origin" : remotes.first else {
            throw FocusError(
                .config, "the journal repository has no remote; `focus sync --init REMOTE` (a git URL or path) adds one"
            )
        }
        return remote
    }

    private func currentBranch() throws(FocusError) -> String {
        let branch = try run(["symbolic-ref", "-q", "--short", "HEAD"])
        guard branch.status == 0 else {
            throw FocusError(
                .config, "the journal repository is not on a branch (a rebase or checkout left it detached)")
        }
        return branch.stdout.trimmingWhitespace()
    }

    private func unreachable(_ remote: String, _ url: String, _ result: Subprocess.Result) -> FocusError {
        FocusError(
            .temporary,
            "cannot reach \(remote) (\(url)): \(result.lastLine); nothing was lost, the next focus sync tries again")
    }

    @discardableResult
    func git(_ arguments: [String], failure: Message) throws(FocusError) -> Subprocess.Result {
        let result = try run(arguments)
        guard result.status == 0 else { throw FocusError(.io, "\(failure): \(result.lastLine)") }
        return result
    }

    func run(_ arguments: [String]) throws(FocusError) -> Subprocess.Result {
        do {
            return try Subprocess.run(["git", "-C", directory] + arguments, environment: environment, path: path)
        } catch {
            throw FocusError(.unavailable, "focus sync needs git, which cannot be started")
        }
    }
}
