import FocusCore
import Foundation
import Testing

@testable import FocusStore

/// A visitor that cannot start over (`focus export`) is visited in the stream's first pass only when a look at the
/// journal (``AppStore/visitsInOnePass(_:names:)``) is sure that pass goes to its end; either way it sees what a load
/// holds, and every format exports the same bytes.
@Suite struct OnePassStreamTests {
    static let now = StreamedJournalTests.now
    static let own = StreamedJournalTests.own
    static let other = StreamedJournalTests.other

    static func line(
        _ id: String, hour: Int, tags: [String] = [], note: String? = nil, at base: Date = now
    ) -> String {
        let start = base.addingTimeInterval(Double(hour - 48) * 3600)
        return JournalCodec.encode(
            FocusLog(
                id: id, start: start, end: start.addingTimeInterval(1500), planned: 1500, focused: 1500,
                completed: hour % 2 == 0, tags: tags, note: note)) + "\n"
    }

    static let old = Date(timeIntervalSince1970: -86_400 * 400)
    static let far = Date(timeIntervalSince1970: 4_350_000_000)

    static func change(_ id: String, _ kind: JournalChange.Kind, _ target: String, patch: SessionPatch = .init())
        -> String
    { StreamedJournalTests.change(id, kind, target, patch: patch) }

    /// Journals, and whether the export's first pass visits them (`false`: the look says no, two passes).
    static let journals: [(name: String, files: [String: String], onePass: Bool)] = [
        ("empty", [:], true),
        (
            "in order, CR LF and blank lines",
            [
                own: line("a", hour: 1) + "\r\n" + line("b", hour: 2).dropLast() + "\r\n"
                    + line("c", hour: 2)
            ], true
        ),
        ("equal starts, ids out of order", [own: line("z", hour: 1) + line("m", hour: 1) + line("a", hour: 1)], true),
        (
            "wide, emoji, combining and bidi tags and notes",
            [
                own: line("a", hour: 1, tags: ["深度工作", "🍅👩‍💻"], note: "写作 ✍️ e\u{301}")
                    + line("b", hour: 2, tags: ["e\u{301}", "\u{202E}evil\u{202C}", "ｗｉｄｅ"], note: "\u{200F}שלום")
                    + line("c", hour: 3, tags: ["=1+2", "-x", "@y", "a,b"], note: "; DROP, TABLE")
            ], true
        ),
        (
            "control characters, quotes, backslashes and newlines in tags and notes",
            [
                own: line("a", hour: 1, tags: ["bell\u{7}", "esc\u{1B}[31m"], note: "two\nlines \"quoted\" \\ back")
                    + line("b", hour: 2, tags: ["tab\there"], note: "del \u{7F} cr\r end")
            ], false
        ),
        ("a tag named kind", [own: line("a", hour: 1, tags: ["kind"]) + line("b", hour: 2)], false),
        ("out of order", [own: line("a", hour: 5) + line("b", hour: 2)], false),
        ("two devices", [own: line("a", hour: 1) + line("c", hour: 3), other: line("b", hour: 2)], false),
        ("two devices in order", [own: line("a", hour: 1) + line("b", hour: 2), other: line("c", hour: 3)], true),
        (
            "two devices, the other's first start equal to the own's last",
            [own: line("z", hour: 1) + line("y", hour: 2), other: line("b", hour: 2) + line("a", hour: 3)], true
        ),
        (
            "a line that begins as focus writes it but does not parse",
            [own: line("a", hour: 1) + #"{"id":"b","start":"2026-11-28T02:00:00Z","end":"soon"}"# + "\n"], true
        ),
        ("before 1970", [own: line("a", hour: 1, at: old) + line("b", hour: 2)], false),
        ("after 2105", [own: line("a", hour: 1) + line("b", hour: 2, at: far)], false),
        ("an id read twice", [own: line("a", hour: 1) + line("a", hour: 1)], false),
        (
            "a key read twice",
            [
                own: line("a", hour: 1)
                    + #"{"id":"b","start":"2026-11-28T02:00:00Z","end":"2026-11-28T02:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true,"id":"a"}"# + "\n"
                    + #"{"id":"c","start":"2026-11-28T03:00:00Z","end":"2026-11-28T03:25:00Z","planned":1500,"#
                    + #""focused":1500,"completed":true,"start":"2026-11-27T03:00:00Z"}"# + "\n"
            ], false
        ),
        (
            "a change record",
            [own: line("a", hour: 1) + line("b", hour: 2) + StreamedJournalTests.change("d1", .delete, "a")], true
        ),
        (
            "an edit, an undone edit and an undone session, each after its session",
            [
                own: line("a", hour: 1) + line("b", hour: 2) + line("c", hour: 3) + line("d", hour: 3)
                    + change("e1", .edit, "b", patch: SessionPatch(end: now, focused: 60, tags: ["x"], note: "n"))
                    + change("e2", .edit, "c", patch: SessionPatch(completed: false)) + change("u1", .undo, "e2")
                    + change("u2", .undo, "d") + change("u3", .undo, "u1")
            ], true
        ),
        (
            "changes before their sessions, in another device's file, and to no session",
            [
                own: line("a", hour: 1) + change("e1", .edit, "b", patch: SessionPatch(focused: 1))
                    + line("b", hour: 2),
                other: line("c", hour: 3) + change("d1", .delete, "a") + change("d2", .delete, "zz")
                    + change("e3", .edit, "b", patch: SessionPatch(focused: 2)),
            ], true
        ),
        (
            "an edit that moves a session",
            [
                own: line("a", hour: 1) + line("b", hour: 2)
                    + change("e1", .edit, "b", patch: StreamedJournalTests.moved)
            ],
            false
        ),
        (
            "a change record that shares its id with a session",
            [own: line("a", hour: 1) + line("b", hour: 2) + change("a", .delete, "b")], false
        ),
        (
            "a torn tail and a bad line",
            [own: line("a", hour: 1) + "not json\n" + line("b", hour: 2) + #"{"id":"t","sta"#], false
        ),
    ]

    @Test(arguments: journals.indices)
    func anExportVisitsInOnePassOnlyWhenSure(_ index: Int) throws {
        let journal = Self.journals[index]
        let paths = try Sessions.temporaryPaths()
        try StreamedJournalTests.write(journal.files, to: paths)
        let loaded = AppStore(paths: paths)
        try loaded.load()
        var sessions: [FocusLog] = []
        var lines: [String?] = []
        var titles = Set<String>()
        let store = AppStore(paths: paths)
        let scan = try store.streamSessions(
            progress: { titles.insert($0.title.description) },
            withLines: { log, _, line in
                sessions.append(log)
                lines.append(line.map { String(decoding: $0, as: UTF8.self) })
            })
        #expect(sessions == loaded.focusLogs, "\(journal.name)")
        #expect(scan.issues == loaded.issues && scan.tornTails == loaded.tornTails, "\(journal.name)")
        #expect(scan.sessions == sessions.count && scan.sessionRecords == loaded.history.sessions.count)
        // A line given is the one the writer writes for its session.
        for (log, line) in zip(sessions, lines) where line != nil { #expect(line == JournalCodec.encode(log)) }
        let twoPasses = titles.contains("Going through the sessions") || store.isLoaded
        #expect(twoPasses != journal.onePass || sessions.isEmpty, "\(journal.name): \(titles)")
        #expect(try StreamedJournalTests.streamed(paths).reading == StreamedJournalTests.loaded(paths))
        try ExportDifferentialTests.expectSameExports(paths, journal.name)
    }
}
