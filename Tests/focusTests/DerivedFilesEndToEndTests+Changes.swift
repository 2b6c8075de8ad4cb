import FocusCore
import Foundation
import Testing

/// After an edit, a deletion, a move, a split or an undo anywhere in the history (and a `log add` with an edit
/// before any other command), the end of a `focus start` session prints what it prints without the derived files,
/// and so does every command after it.
extension DerivedFilesEndToEndTests {
    /// A route that ``history()``'s 45 sessions complete after 20 (one chapter of 10 sessions, one of 250 minutes),
    /// whose sessions earn from the first second (so `focus start 1s` does).
    static let shortRoute = """
        {"deepFocusMinutes":50,"minimumSessionMinutes":0,"chapters":[\
        {"id":"a","title":"A","country":"C","story":"S","soundscape":"rain","missions":[\
        {"id":"a1","title":"T","kind":"sessionCount","targetValue":10,"rewardMiles":5}]},\
        {"id":"b","title":"B","country":"C","story":"S","soundscape":"wind","missions":[\
        {"id":"b1","title":"T","kind":"focusMinutes","targetValue":250,"rewardMiles":7}]}]}
        """

    /// The commands run before the session, each a change somewhere in the history.
    static let changeScripts: [[[String]]] = [
        [["log", "edit", id(1), "--shorten", "5m"]],
        [["log", "edit", id(15), "--shorten", "5m"]],
        [["log", "edit", id(30), "--shorten", "5m"]],
        [["log", "edit", id(45), "--shorten", "5m"]],
        [["log", "edit", id(30), "--tag", "edited"]],
        [["log", "delete", id(5)]],
        [["log", "delete", id(40)]],
        [["log", "delete", id(40)], ["stats"], ["undo"]],
        [["log", "move", id(35), "--start", "2026-11-01 07:00"]],
        [["log", "split", id(33), "2026-11-17 13:10"]],
        [["log", "split", id(8), "2026-10-23 11:10"]],
        [["log", "add", "--start", "2026-11-29 20:00", "--duration", "25m"], ["log", "edit", id(38), "--tag", "x"]],
        [["log", "edit", id(30), "--shorten", "5m"], ["log", "edit", id(40), "--shorten", "5m"]],
        [["log", "edit", id(30), "--shorten", "5m"], ["undo"]],
    ]

    /// The route: the built-in one (a one-second session earns nothing), ``shortRoute`` (complete before the
    /// session), or one the session makes progress in.
    enum Route: CaseIterable {
        case builtIn, completes, open

        var file: String? {
            switch self {
            case .builtIn: nil
            case .completes: DerivedFilesEndToEndTests.shortRoute
            case .open:
                DerivedFilesEndToEndTests.shortRoute.replacingOccurrences(
                    of: #""kind":"focusMinutes","targetValue":250"#, with: #""kind":"sessionCount","targetValue":100"#)
            }
        }
    }

    @Test(arguments: changeScripts.indices, Route.allCases)
    func aSessionEndsAfterAChangeAsWithoutDerivedFiles(_ script: Int, route: Route) throws {
        let home = try TempHome()
        try home.writeJournal(Self.history())
        if let file = route.file {
            try Data(file.utf8).write(to: URL(fileURLWithPath: home.path + "/expeditions.json"))
        }
        #expect(try FocusBinary.run(["expedition"], home: home.path, now: Self.now).status == 0)
        for command in Self.changeScripts[script] {
            let r = try FocusBinary.run(command, home: home.path, now: Self.now)
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
        let cold = try TempHome(device: nil)
        try FileManager.default.removeItem(atPath: cold.path)
        try FileManager.default.copyItem(atPath: home.path, toPath: cold.path)
        try FileManager.default.removeItem(atPath: cold.path + "/state/cache")
        // The first line names the clock's minute; the others: the summary, today, the expedition's events.
        let got = try FocusBinary.run(["start", "1s"], home: home.path)
        let reference = try FocusBinary.run(["start", "1s"], home: cold.path)
        #expect(got.status == 0 && reference.status == 0)
        #expect(got.stdout.split(separator: "\n").dropFirst() == reference.stdout.split(separator: "\n").dropFirst())
        #expect(got.stderr == reference.stderr)
        if route == .open { #expect(got.stdout.contains("/100 sessions")) }
        try Self.expectSameOutputs(home, after: "\(Self.changeScripts[script]) and a session")
    }
}
