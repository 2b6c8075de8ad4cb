import Foundation
import Testing

/// A user who syncs more than the journal folder: the whole `~/.local/share/focus`, or (by mistake) a whole
/// `FOCUS_HOME` with its state and cache folders, copied both ways by a dumb copier that never deletes.
@Suite(.serialized) struct WholeFolderSyncEndToEndTests {
    /// `rsync -a --update` of every new or changed file, one way and then the other, every half second, until told
    /// to stop (or five minutes passed): what a naive sync script, or an engine set to never delete, does.
    final class Copier {
        private let process: Spawned
        private let control: String

        init(_ one: String, _ other: String, rsync: String) throws {
            control =
                FileManager.default.temporaryDirectory.appendingPathComponent("copier-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: control, withIntermediateDirectories: true)
            let script = """
                i=0
                while [ ! -e "$CONTROL/stop" ] && [ $i -lt 600 ]; do
                  "$RSYNC" -a --update "$ONE/" "$OTHER/" 2>/dev/null
                  "$RSYNC" -a --update "$OTHER/" "$ONE/" 2>/dev/null
                  i=$((i + 1))
                  echo $i > "$CONTROL/rounds.tmp" && mv "$CONTROL/rounds.tmp" "$CONTROL/rounds"
                  sleep 0.5
                done
                """
            process = try Spawned(
                executable: "/bin/sh", arguments: ["-c", script],
                environment: [
                    "PATH": "/usr/bin:/bin", "CONTROL": control, "RSYNC": rsync, "ONE": one, "OTHER": other,
                ])
        }

        deinit {
            stop()
            try? FileManager.default.removeItem(atPath: control)
        }

        /// Rounds completed so far.
        var rounds: Int {
            (try? String(contentsOfFile: control + "/rounds", encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        }

        /// Waits until `count` more rounds have completed.
        func waitRounds(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            let target = rounds + count
            #expect(eventually(timeout: 30) { rounds >= target }, "the copier stalled", sourceLocation: sourceLocation)
        }

        /// Lets the current round finish and ends the loop.
        func stop() {
            FileManager.default.createFile(atPath: control + "/stop", contents: nil)
            if !eventually(timeout: 20, { !process.isRunning }) { kill(process.pid, SIGKILL) }
            _ = process.wait()
        }
    }

    @Test(arguments: [Machine.Layout.xdg, .focusHome])
    func aSessionRunningOnOneMachineIsRecordedOnceAndOnlyByIt(layout: Machine.Layout) throws {
        let rsync = try requireTool("rsync", package: "rsync")
        let laptop = try Machine("laptop", layout: layout)
        let desktop = try Machine("desktop", layout: layout)
        // Each machine has recorded before, so each has its device (and, with FOCUS_HOME, its state folder).
        try laptop.expectSuccess(["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "a"])
        try desktop.expectSuccess(["log", "add", "--start", "2026-11-21 09:00", "--duration", "25m", "--tag", "b"])
        let copier = try Copier(laptop.dataFolder, desktop.dataFolder, rsync: rsync)
        copier.waitRounds(2)

        let timer = try laptop.start(["start", "5s", "--tag", "deep"])
        var statuses: [String] = []
        var desktopErrors: [String] = []
        while timer.isRunning {
            for args in [["status"], ["stats"]] {
                let result = try desktop.focus(args)
                #expect(result.status == 0, "desktop: focus \(args): \(result.stderr)")
                if args == ["status"] { statuses.append(result.stdout) }
                if !result.stderr.isEmpty { desktopErrors.append(result.stderr) }
            }
        }
        let ran = timer.wait()
        #expect(ran.status == 0 && ran.stdout.contains("Done: 5s focused #deep."), "\(ran.stdout)\(ran.stderr)")
        // Whatever the session left behind has been copied both ways, twice, and the desktop keeps asking.
        copier.waitRounds(2)
        for args in [["status"], ["stats"], ["log"]] {
            let result = try desktop.focus(args)
            if !result.stderr.isEmpty { desktopErrors.append(result.stderr) }
            if args == ["status"] { statuses.append(result.stdout) }
        }
        copier.waitRounds(1)
        copier.stop()

        // The desktop never took the session for its own, never recovered it, never recorded it.
        #expect(statuses.count >= 3)
        #expect(statuses.allSatisfy { $0 == "idle\n" || $0.contains("running on laptop") }, "\(statuses)")
        #expect(desktopErrors.isEmpty, "\(desktopErrors)")
        let session = try #require(
            try laptop.sessions(now: Self.readAt).first { $0["tag"] as? String == "deep" }?["id"] as? String)
        for machine in [laptop, desktop] {
            #expect(machine.recordIDs().filter { $0 == session }.count == 1, "\(machine.name)")
            #expect(machine.recordIDs { $0.hasPrefix("desktop-") }.contains(session) == false, "\(machine.name)")
        }
        // The laptop, too, is not told afterwards that a session ended without its timer.
        for args in [["status"], ["stats"]] {
            let result = try laptop.focus(args)
            #expect(result.stderr.isEmpty, "laptop: focus \(args): \(result.stderr)")
        }
        let written = SameHistory.written(by: [laptop, desktop])
        try SameHistory.expect([laptop, desktop], sessions: 3, written: written, now: Self.readAt)
    }

    /// After the real-time session above (today, on the real clock).
    static let readAt: String = {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date().addingTimeInterval(3600))
    }()
}
