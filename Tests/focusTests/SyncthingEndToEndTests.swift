import Foundation
import Testing

/// Two machines sharing only their journal folders through two real Syncthing instances on 127.0.0.1 (Debian's
/// `syncthing`; `.ci/run` installs it).
@Suite(.serialized, .timeLimit(.minutes(3))) struct SyncthingEndToEndTests {
    /// The moment both machines read the history at: after every record and change.
    static let readAt = "2026-11-30T12:00:00Z"

    static func id(tagged tag: String, on machine: Machine) throws -> String {
        let row = try #require(try machine.sessions(now: readAt).first { $0["tag"] as? String == tag }, "#\(tag)")
        return String(try #require(row["id"] as? String).prefix(8))
    }

    @Test func sessionsOnBothWhileSyncingAndWhileBothAreOfflineEndAsOneHistory() throws {
        let syncthing = try requireTool("syncthing", package: "syncthing")
        let laptop = try Machine("laptop")
        let desktop = try Machine("desktop")
        let pair = try SyncthingPair((laptop, desktop), binary: syncthing)
        defer { pair.stop() }
        var written = Set<String>()
        func note() { written.formUnion(SameHistory.written(by: [laptop, desktop])) }

        // Online: sessions, a timer, an edit and a deletion of the other machine's sessions, each synced as made.
        try laptop.expectSuccess(
            ["log", "add", "--start", "2026-11-20 09:00", "--duration", "25m", "--tag", "thesis"],
            now: "2026-11-30T08:01:00Z")
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-21 09:00", "--duration", "50m", "--tag", "reading"],
            now: "2026-11-30T08:02:00Z")
        try laptop.expectSuccess(["start", "2s", "--tag", "code"], now: "2026-11-22T09:00:00Z")
        try pair.waitInSync()
        try desktop.expectSuccess(
            ["log", "edit", try Self.id(tagged: "thesis", on: desktop), "--tag", "writing"], now: "2026-11-30T08:03:00Z"
        )
        try laptop.expectSuccess(
            ["log", "delete", try Self.id(tagged: "reading", on: laptop)], now: "2026-11-30T08:04:00Z")
        try desktop.expectSuccess(["start", "2s", "--tag", "maths"], now: "2026-11-22T10:00:00Z")
        try pair.waitInSync()
        note()
        try SameHistory.expect([laptop, desktop], sessions: 3, written: Array(written), now: Self.readAt)

        // Both offline: each records and changes things the other cannot see yet.
        try pair.setOffline(true)
        let code = try Self.id(tagged: "code", on: desktop)
        try laptop.expectSuccess(["start", "2s", "--tag", "offline-laptop"], now: "2026-11-23T09:00:00Z")
        try laptop.expectSuccess(
            ["log", "edit", try Self.id(tagged: "maths", on: laptop), "--note", "proofs"], now: "2026-11-30T08:05:00Z")
        try desktop.expectSuccess(["start", "2s", "--tag", "offline-desktop"], now: "2026-11-23T10:00:00Z")
        try desktop.expectSuccess(["log", "delete", code], now: "2026-11-30T08:06:00Z")
        #expect(try desktop.expectSuccess(["undo"], now: "2026-11-30T08:07:00Z").hasPrefix("Undid a deletion"))
        try desktop.expectSuccess(
            ["log", "add", "--start", "2026-11-24 09:00", "--duration", "30m", "--tag", "piano"],
            now: "2026-11-30T08:08:00Z")
        note()
        #expect(try laptop.sessions(now: Self.readAt).count == 4 && desktop.sessions(now: Self.readAt).count == 5)

        // Back online: everything arrives, nothing conflicts, and both show the same history.
        try pair.setOffline(false)
        try pair.waitInSync()
        try SameHistory.expect([laptop, desktop], sessions: 6, written: Array(written), now: Self.readAt)
        let rows = try desktop.sessions(now: Self.readAt)
        #expect(
            rows.compactMap { $0["tag"] as? String }
                == ["piano", "offline-desktop", "offline-laptop", "maths", "code", "writing"])
        #expect(rows.first { $0["tag"] as? String == "maths" }?["note"] as? String == "proofs")
        // Syncthing's marker folder is in the journal folder, and focus read past it.
        for machine in [laptop, desktop] {
            #expect(FileManager.default.fileExists(atPath: machine.journalFolder + "/.stfolder"))
            #expect(machine.ownJournalFiles().count == 1)
        }
        #expect(written.count == 12)
    }
}

/// What another machine says about a session running on the laptop, carried by Syncthing as it runs (README,
/// "Several machines": `focus status` says `running on laptop, ends 10:25`; `focus start` warns but still starts).
@Suite(.serialized, .timeLimit(.minutes(3))) struct SessionElsewhereEndToEndTests {
    /// `HH:MM` in `tz` of the end the marker announces, give or take a second of rounding.
    static func announcedEnds(_ marker: Data, tz: String) throws -> Set<String> {
        let object = try #require(try JSONSerialization.jsonObject(with: marker) as? [String: Any])
        let updated = try #require((object["updatedAt"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
        let remaining = try #require(object["remaining"] as? Int)
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        formatter.timeZone = TimeZone(identifier: tz)
        return Set([-1.0, 0, 1].map { formatter.string(from: updated.addingTimeInterval(Double(remaining) + $0)) })
    }

    @Test func anotherMachineSaysWhereTheSessionRunsAndStillStarts() throws {
        let syncthing = try requireTool("syncthing", package: "syncthing")
        let tz = "Asia/Shanghai"
        let laptop = try Machine("laptop")
        let desktop = try Machine("desktop")
        let pair = try SyncthingPair((laptop, desktop), binary: syncthing)
        defer { pair.stop() }
        let timer = try laptop.start(["start", "2m", "--tag", "deep"], tz: tz)
        defer { _ = try? laptop.focus(["stop"]) }
        func marker() -> (String, Data)? {
            desktop.journalFiles().first { $0.key.hasPrefix("laptop-") && $0.key.hasSuffix(".running") }
                .map { ($0.key, $0.value) }
        }
        #expect(eventually(timeout: 40) { marker() != nil }, "the laptop's marker never reached the desktop")
        let (_, bytes) = try #require(marker())
        let ends = try Self.announcedEnds(bytes, tz: tz)

        let status = try desktop.expectSuccess(["status"], tz: tz)
        #expect(ends.contains { status.contains("running on laptop, ends \($0)") }, "\(status)")
        #expect(!status.hasPrefix("Focus"), "the desktop took the laptop's session for its own: \(status)")

        let here = try desktop.focus(["start", "1s", "--tag", "here"], tz: tz)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(here.stderr.contains("running on laptop"), "no warning: \(here.stderr)")
        #expect(here.stdout.contains("Done: 1s focused #here."))

        #expect(try laptop.focus(["stop"], tz: tz).status == 0)
        _ = timer.wait()
        #expect(eventually(timeout: 40) { marker() == nil }, "the ended session's marker stayed on the desktop")
        #expect(try desktop.expectSuccess(["status"], tz: tz) == "idle\n")
    }
}
