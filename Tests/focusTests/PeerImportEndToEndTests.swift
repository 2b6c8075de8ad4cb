import Foundation
import Testing

/// Imports that follow the source, against the real Watson and Timewarrior (`scripts/test-tools` installs them),
/// driven by their own commands: import, change there, import again, prune, undo, import again. After every step
/// focus's per-tag totals (`focus stats --range all --json`) equal what the peer itself reports.
@Suite(.serialized) struct PeerImportEndToEndTests {
    /// One peer's data folder in a temporary home, and its program run there.
    struct Peer {
        let home: TempHome
        let program: String
        let environment: [String: String]

        init(_ name: String, folder variable: String) throws {
            home = try TempHome()
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            program = try #require(
                path.split(separator: ":").map { "\($0)/\(name)" }.first {
                    FileManager.default.isExecutableFile(atPath: $0)
                },
                "\(name) is needed: sudo scripts/test-tools install")
            environment = [
                "PATH": path, "HOME": home.path, "TZ": "UTC", "LC_ALL": "C.UTF-8", variable: home.path + "/peer",
                // Watson asks the editor named here to change a frame (`watson edit`).
                "EDITOR": home.path + "/editor",
            ].merging(ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("PYENV") }) { a, _ in a }
            try FileManager.default.createDirectory(atPath: home.path + "/peer", withIntermediateDirectories: true)
        }

        var folder: String { home.path + "/peer" }

        /// Runs the peer; it must succeed.
        @discardableResult
        func run(_ args: [String], stdin: String? = nil) throws -> String {
            let r = try Spawned(executable: program, arguments: args, environment: environment, stdin: stdin).wait()
            try #require(r.status == 0, "\(program) \(args.joined(separator: " ")): \(r.stderr)")
            return r.stdout
        }

        /// `focus import` of the peer's data; it must succeed.
        @discardableResult
        func focusImport(_ from: String, _ extra: [String] = []) throws -> String {
            let r = try FocusBinary.run(["import", importPath(from), "--from", from] + extra, home: home.path)
            try #require(r.status == 0, "import: \(r.stderr)")
            return r.stdout
        }

        private func importPath(_ from: String) -> String { from == "watson" ? folder + "/frames" : folder }

        /// focus's per-tag totals over its whole history, and how many sessions are interrupted.
        func focusTotals() throws -> (tags: [String: Int], interrupted: Int) {
            let r = try FocusBinary.run(["stats", "--range", "all", "--json"], home: home.path)
            try #require(r.status == 0, "stats: \(r.stderr)")
            let stats = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            return (stats["byTag"] as? [String: Int] ?? [:], stats["interruptedSessions"] as? Int ?? -1)
        }

        func focusUndo() throws -> String {
            let r = try FocusBinary.run(["undo"], home: home.path)
            try #require(r.status == 0, "undo: \(r.stderr)")
            return r.stdout
        }
    }

    /// A frame changed within the second it was written would keep its `updated_at`: wait for the next second.
    static func nextSecond() {
        let now = Int(Date().timeIntervalSince1970)
        _ = eventually(timeout: 3) { Int(Date().timeIntervalSince1970) > now }
    }

    // MARK: Watson

    /// Per project and per tag, from `watson report --json --all`: the project is focus's first tag, its tags after.
    static func watsonTotals(_ peer: Peer) throws -> [String: Int] {
        let report = try peer.run(["report", "--json", "--all", "--no-pager"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        var totals: [String: Int] = [:]
        for project in json["projects"] as? [[String: Any]] ?? [] {
            let name = try #require(project["name"] as? String)
            totals[name, default: 0] += Int((project["time"] as? Double ?? 0).rounded())
            for tag in project["tags"] as? [[String: Any]] ?? [] {
                totals[tag["name"] as! String, default: 0] += Int((tag["time"] as? Double ?? 0).rounded())
            }
        }
        return totals.filter { $0.value > 0 }
    }

    static func frameIDs(_ peer: Peer) throws -> [String] {
        let frames = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: peer.folder + "/frames")))
                as? [[Any]])
        return frames.map { $0[3] as! String }
    }

    @Test func followsWatsonThroughEditsRemovalsAndUndo() throws {
        let peer = try Peer("watson", folder: "WATSON_DIR")
        try peer.run(["add", "-f", "2026-11-20 09:00", "-t", "2026-11-20 10:30", "coding", "+bugfix", "+review"])
        try peer.run(["add", "-f", "2026-11-21 09:00", "-t", "2026-11-21 10:00", "writing", "+book"])
        try peer.run(["add", "-f", "2026-11-22 14:00", "-t", "2026-11-22 14:45", "coding", "+bugfix"])
        try peer.run(["start", "reading", "+paper"])
        try peer.run(["stop"])
        func same(_ step: String) throws {
            let totals = try peer.focusTotals().tags.filter { $0.value > 0 }
            #expect(totals == (try Self.watsonTotals(peer)), "\(step)")
        }

        #expect(try peer.focusImport("watson").contains("Added 4 sessions"))
        try same("first import")
        let first = try peer.focusTotals().tags

        // `watson edit` with an editor that ends the first frame at 10:00 and drops its tag review.
        let id = try Self.frameIDs(peer)[0]
        try """
        #!/bin/sh
        exec python3 - "$1" <<'EOF'
        import json, sys
        frame = json.load(open(sys.argv[1]))
        frame["stop"] = frame["stop"].replace("10:30", "10:00")
        frame["tags"] = ["bugfix"]
        json.dump(frame, open(sys.argv[1], "w"))
        EOF
        """.write(toFile: peer.home.path + "/editor", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: peer.home.path + "/editor")
        Self.nextSecond()
        try peer.run(["edit", id])
        let updated = try peer.focusImport("watson")
        #expect(updated.contains("Updated 1 ") && updated.contains("Duplicates: 3"), "\(updated)")
        try same("after watson edit")
        #expect(try peer.focusImport("watson").contains("Updated 0 "))  // nothing new the second time
        let edited = try peer.focusTotals().tags

        try peer.run(["remove", "--force", try Self.frameIDs(peer)[1]])
        // Without --prune nothing is deleted, and the frame gone is counted.
        let kept = try peer.focusImport("watson")
        #expect(kept.contains("Duplicates: 3") && kept.contains("1 session Watson no longer has; --prune deletes it."))
        #expect(try peer.focusTotals().tags == edited)
        #expect(try peer.focusImport("watson", ["--prune"]).contains("Deleted 1 "))
        try same("after watson remove and --prune")

        // Undo takes back a whole import in one step; the undone imports can be imported again.
        #expect(try peer.focusUndo().contains("1 deletion: the whole import, in one step"))
        #expect(try peer.focusTotals().tags == edited)
        #expect(try peer.focusUndo().contains("1 update"))
        #expect(try peer.focusTotals().tags == first)
        #expect(try peer.focusUndo().contains("Undid importing 4 sessions"))
        #expect(try peer.focusTotals().tags.isEmpty)
        #expect(try peer.focusImport("watson", ["--prune"]).contains("Added 3 sessions"))
        try same("imported again after undo")
        #expect(try peer.focusImport("watson", ["--prune"]).contains("Duplicates: 3"))
    }

    // MARK: Timewarrior

    /// Per tag, summed from `timew export` (`abandoned` marks an interrupted session, it is not a tag in focus).
    static func timewarriorTotals(_ peer: Peer) throws -> (tags: [String: Int], abandoned: Int) {
        let export = try peer.run(["export"])
        let intervals = try #require(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [[String: Any]])
        let parse = ISO8601DateFormatter()
        parse.formatOptions = [.withYear, .withMonth, .withDay, .withTime, .withTimeZone]
        var totals: [String: Int] = [:]
        var abandoned = 0
        for interval in intervals {
            let start = try #require(parse.date(from: interval["start"] as! String))
            let end = try #require(parse.date(from: interval["end"] as! String))
            let tags = interval["tags"] as? [String] ?? []
            if tags.contains("abandoned") { abandoned += 1 }
            for tag in tags where tag != "abandoned" { totals[tag, default: 0] += Int(end.timeIntervalSince(start)) }
        }
        return (totals, abandoned)
    }

    @Test func followsTimewarriorThroughShortenTagDeleteAndUndo() throws {
        let peer = try Peer("timew", folder: "TIMEWARRIORDB")
        // The first command asks whether to create the database.
        try peer.run(
            ["track", "2026-11-20T09:00:00Z", "-", "2026-11-20T10:15:00Z", "coding", "bugfix"], stdin: "yes\n")
        try peer.run(["track", "2026-11-21T09:00:00Z", "-", "2026-11-21T10:00:00Z", "writing", "book"])
        try peer.run(["track", "2026-11-22T13:00:00Z", "-", "2026-11-22T14:15:00Z", "coding", "review"])
        try peer.run(["track", "2026-11-23T08:00:00Z", "-", "2026-11-23T08:20:00Z", "reading", "abandoned"])
        func same(_ step: String) throws {
            let peerTotals = try Self.timewarriorTotals(peer)
            let focus = try peer.focusTotals()
            #expect(focus.tags == peerTotals.tags, "\(step)")
            #expect(focus.interrupted == peerTotals.abandoned, "\(step)")
        }

        #expect(try peer.focusImport("timewarrior").contains("Added 4 sessions"))
        try same("first import")
        let first = try peer.focusTotals().tags

        // @2 is 13:00–14:15 (the newest is @1): 14:00 now, the same interval to focus.
        try peer.run(["shorten", "@2", "15min"])
        let shortened = try peer.focusImport("timewarrior")
        #expect(shortened.contains("Added 0 sessions") && shortened.contains("Updated 1 "), "\(shortened)")
        try same("after timew shorten")
        try peer.run(["tag", "@3", "urgent"])
        #expect(try peer.focusImport("timewarrior").contains("Updated 1 "))
        try same("after timew tag")
        let tagged = try peer.focusTotals().tags

        try peer.run(["delete", "@4", ":yes"])
        #expect(try peer.focusImport("timewarrior", ["--prune"]).contains("Deleted 1 "))
        try same("after timew delete and --prune")

        #expect(try peer.focusUndo().contains("the whole import, in one step"))
        #expect(try peer.focusTotals().tags == tagged)
        #expect(try peer.focusImport("timewarrior", ["--prune"]).contains("Deleted 1 "))
        try same("pruned again after undo")
        for _ in 0..<3 { _ = try peer.focusUndo() }  // the second prune, the tag, the shorten
        #expect(try peer.focusTotals().tags == first)
        _ = try peer.focusUndo()
        #expect(try peer.focusTotals().tags.isEmpty)
        #expect(try peer.focusImport("timewarrior").contains("Added 3 sessions"))
        try same("imported again after undo")
    }

    /// `timew move` and `timew modify start` give an interval another start: importing again follows it (an edit),
    /// never counts its hours twice, and says what Timewarrior no longer has; `--prune` of a filtered `timew export`
    /// deletes only within the time it covers.
    @Test func followsMovedTimewarriorIntervalsAndPrunesOnlyWhatAnExportCovers() throws {
        let peer = try Peer("timew", folder: "TIMEWARRIORDB")
        try peer.run(["track", "2026-11-20T09:00:00Z", "-", "2026-11-20T10:15:00Z", "coding"], stdin: "yes\n")
        try peer.run(["track", "2026-11-21T09:00:00Z", "-", "2026-11-21T10:00:00Z", "writing"])
        try peer.run(["track", "2026-11-22T09:00:00Z", "-", "2026-11-22T10:00:00Z", "reading"])
        try peer.run(["track", "2026-11-23T09:00:00Z", "-", "2026-11-23T10:00:00Z", "coding", "review"])
        func same(_ step: String) throws {
            #expect(try peer.focusTotals().tags == (try Self.timewarriorTotals(peer).tags), "\(step)")
        }
        #expect(try peer.focusImport("timewarrior").contains("Added 4 sessions"))
        let first = try peer.focusTotals().tags

        try peer.run(["move", "@4", "2026-11-20T08:30:00Z"])  // the oldest
        try peer.run(["modify", "start", "@3", "2026-11-21T08:45:00Z"])
        let dryRun = try peer.focusImport("timewarrior", ["--dry-run"])
        #expect(dryRun.contains("Would add 0 sessions") && dryRun.contains("Would update 2 "), "\(dryRun)")
        #expect(dryRun.contains("Of those, 2 moved") && !dryRun.contains("no longer has"), "\(dryRun)")
        #expect(try peer.focusTotals().tags == first)
        let moved = try peer.focusImport("timewarrior")
        #expect(moved.contains("Added 0 sessions") && moved.contains("Updated 2 "), "\(moved)")
        #expect(moved.contains("Of those, 2 moved"), "\(moved)")
        try same("after timew move and modify start")
        #expect(try peer.focusImport("timewarrior").contains("Duplicates: 4"))
        #expect(try peer.focusUndo().contains("2 updates: the whole import, in one step"))
        #expect(try peer.focusTotals().tags == first)
        #expect(try peer.focusImport("timewarrior").contains("Of those, 2 moved"))
        try same("followed again after undo")

        // 2026-11-22 deleted there; the export covers the 21st to the 23rd, not the 20th.
        try peer.run(["delete", "@2", ":yes"])
        let gone = try peer.focusImport("timewarrior")
        #expect(gone.contains("1 session Timewarrior no longer has; --prune deletes it."), "\(gone)")
        let export = peer.folder + "/week.json"
        try peer.run(["export", "2026-11-21", "-", "2026-11-24"]).write(
            toFile: export, atomically: true, encoding: .utf8)
        let r = try FocusBinary.run(["import", export, "--from", "timewarrior", "--prune"], home: peer.home.path)
        #expect(r.status == 0 && r.stdout.contains("Deleted 1 ") && r.stdout.contains("Duplicates: 2"), "\(r.stdout)")
        try same("after --prune of a filtered export")
    }

    /// `timew export work` has the `work` intervals only: another tag's session in its span is not gone (neither
    /// reported nor pruned), and a new `work` interval over time Timewarrior freed from it is added, not that
    /// session moved.
    @Test func aTagFilteredExportLeavesOtherTagsAlone() throws {
        let peer = try Peer("timew", folder: "TIMEWARRIORDB")
        try peer.run(["track", "2026-11-02T09:00:00Z", "-", "2026-11-02T10:00:00Z", "work"], stdin: "yes\n")
        try peer.run(["track", "2026-11-02T11:00:00Z", "-", "2026-11-02T12:00:00Z", "study"])
        try peer.run(["track", "2026-11-02T13:00:00Z", "-", "2026-11-02T14:00:00Z", "work"])
        #expect(try peer.focusImport("timewarrior").contains("Added 3 sessions"))
        let export = peer.folder + "/work.json"
        func importWork(_ extra: [String]) throws -> String {
            try peer.run(["export", "work"]).write(toFile: export, atomically: true, encoding: .utf8)
            let r = try FocusBinary.run(["import", export, "--from", "timewarrior"] + extra, home: peer.home.path)
            try #require(r.status == 0, "import: \(r.stderr)")
            return r.stdout
        }
        let dryRun = try importWork(["--dry-run", "--prune"])
        #expect(dryRun.contains("Duplicates: 2") && !dryRun.contains("delete"), "\(dryRun)")
        #expect(!(try importWork([])).contains("no longer has"))

        try peer.run(["shorten", "@2", "30min"])
        try peer.run(["track", "2026-11-02T11:30:00Z", "-", "2026-11-02T12:00:00Z", "work"])
        let after = try importWork(["--prune"])
        #expect(after.contains("Added 1 session") && !after.contains("moved") && !after.contains("Deleted"), "\(after)")
        #expect(try peer.focusTotals().tags == ["work": 9000, "study": 3600])
        // The whole data folder then brings the study session to what Timewarrior has.
        #expect(try peer.focusImport("timewarrior").contains("Updated 1 "))
        #expect(try peer.focusTotals().tags == (try Self.timewarriorTotals(peer).tags))
    }

    /// Timewarrior deletes a month file once its last interval goes, or moves to another month: an import of the
    /// data folder follows that move (an edit, not a second session), and says what it no longer has in that month.
    @Test func aDataFolderFollowsMovesAcrossMonthsAndMonthsDeletedWhole() throws {
        let peer = try Peer("timew", folder: "TIMEWARRIORDB")
        try peer.run(["track", "2026-10-31T23:30:00Z", "-", "2026-11-01T00:30:00Z", "coding"], stdin: "yes\n")
        #expect(try peer.focusImport("timewarrior").contains("Added 1 session"))
        try peer.run(["move", "@1", "2026-11-01T00:00:00Z"])
        #expect(!FileManager.default.fileExists(atPath: peer.folder + "/data/2026-10.data"))
        let moved = try peer.focusImport("timewarrior")
        #expect(moved.contains("Added 0 sessions") && moved.contains("Of those, 1 moved"), "\(moved)")
        #expect(try peer.focusTotals().tags == (try Self.timewarriorTotals(peer).tags))

        try peer.run(["track", "2026-10-05T09:00:00Z", "-", "2026-10-05T10:00:00Z", "reading"])
        #expect(try peer.focusImport("timewarrior").contains("Added 1 session"))
        try peer.run(["delete", "@2", ":yes"])
        #expect(!FileManager.default.fileExists(atPath: peer.folder + "/data/2026-10.data"))
        let gone = try peer.focusImport("timewarrior")
        #expect(gone.contains("1 session Timewarrior no longer has; --prune deletes it."), "\(gone)")
        #expect(try peer.focusImport("timewarrior", ["--prune"]).contains("Deleted 1 "))
        #expect(try peer.focusTotals().tags == (try Self.timewarriorTotals(peer).tags))
    }
}
