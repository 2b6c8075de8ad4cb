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
        _ = try requireTool("curl", package: "curl")
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
