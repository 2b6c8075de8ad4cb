import FocusCore
import FoundationEssentials
import Testing

@Suite struct SessionEditorTests {
    // 2026-11-29 09:00:00 UTC
    static let nine = Date(timeIntervalSince1970: 1_795_942_800)
    static let utc = Zone(identifier: "UTC")!

    static func log(_ source: FocusLog.Source, start: Date = nine, minutes: Int = 25, planned: Int = 1500) -> FocusLog {
        FocusLog(
            id: "a", start: start, end: start.addingTimeInterval(Double(minutes * 60)), planned: planned,
            focused: minutes * 60, completed: true, source: source)
    }

    @Test func manualSessionsAreCompleteAndCannotEndInTheFuture() throws {
        let log = try SessionEditor.manualSession(
            id: "m", start: Self.nine, seconds: 1500, tz: "UTC", tags: ["t"], note: nil,
            now: Self.nine.addingTimeInterval(1500), zone: Self.utc)
        #expect(log.completed && log.planned == 1500 && log.focused == 1500 && log.source == .manual)
        #expect(throws: FocusError.self) {
            try SessionEditor.manualSession(
                id: "m", start: Self.nine, seconds: 1500, tz: nil, tags: [], note: nil,
                now: Self.nine.addingTimeInterval(1499), zone: Self.utc)
        }
    }

    @Test(arguments: [(FocusLog.Source.timer, 1500), (.manual, 2400), (.import, 2400)])
    func durationEditKeepsATimersPlan(_ source: FocusLog.Source, _ planned: Int) throws {
        let old = Self.log(source)
        let patch = try SessionEditor.patch(
            old, start: nil, seconds: 2400, tags: [], note: nil, now: Self.nine.addingTimeInterval(86_400),
            zone: Self.utc)
        let new = patch.applied(to: old)
        #expect(new.focused == 2400 && new.planned == planned && new.end == Self.nine.addingTimeInterval(2400))
    }

    @Test func movingKeepsTheLengthAndTagEditsCanClear() throws {
        var old = Self.log(.manual)
        old.tags = ["x"]
        let later = Self.nine.addingTimeInterval(3600)
        let new = try SessionEditor.patch(
            old, start: later, seconds: nil, tags: [], note: .some("n"), now: later.addingTimeInterval(86_400),
            zone: Self.utc
        ).applied(to: old)
        #expect(
            new.start == later && new.end == later.addingTimeInterval(1500) && new.tags.first == nil && new.note == "n")
    }

    @Test(arguments: [(0, 25, true), (25, 25, false), (-25, 25, false), (10, 5, true), (-10, 11, true)])
    func overlaps(_ offsetMinutes: Int, _ minutes: Int, _ expected: Bool) {
        let a = Self.log(.timer)
        var b = Self.log(.timer, start: Self.nine.addingTimeInterval(Double(offsetMinutes * 60)), minutes: minutes)
        b.id = "b"
        #expect(a.overlaps(b) == expected && b.overlaps(a) == expected)
        #expect((SessionEditor.overlap(of: a, in: [a, b]) != nil) == expected)
    }

    /// `--shorten` and `--lengthen` move the end and the focus together, so a pause inside stays a pause.
    @Test(arguments: [
        (FocusLog.Source.timer, -600, 900, 1500), (.manual, -600, 900, 900), (.timer, 600, 2100, 1500),
        (.import, 600, 2100, 2100),
    ])
    func resizingMovesTheEndAndTheFocusTogether(_ source: FocusLog.Source, _ by: Int, _ focused: Int, _ planned: Int)
        throws
    {
        var old = Self.log(source, minutes: 30)
        old.focused = 1500  // five minutes of it were paused
        let patch = try SessionEditor.resize(old, by: by, now: Self.nine.addingTimeInterval(7200), zone: Self.utc)
        let new = patch.applied(to: old)
        #expect(new.focused == focused && new.end == old.end.addingTimeInterval(Double(by)))
        #expect(new.planned == planned)
        #expect(throws: FocusError.self) {
            try SessionEditor.resize(old, by: -1500, now: Self.nine.addingTimeInterval(7200), zone: Self.utc)
        }
        #expect(throws: FocusError.self) { try SessionEditor.resize(old, by: 600, now: old.end, zone: Self.utc) }
    }

    @Test func splittingSharesTheFocusInProportionAndKeepsWhatTheSessionWas() throws {
        var old = Self.log(.timer, minutes: 60, planned: 3600)
        old.focused = 3000
        old.tags = ["t"]
        old.note = "n"
        old.tz = "Asia/Shanghai"
        let cut = Self.nine.addingTimeInterval(1200)
        let parts = try SessionEditor.split(old, at: cut, newID: "b", zone: Self.utc)
        let first = parts.patch.applied(to: old)
        #expect(first.end == cut && first.focused == 1000 && first.planned == 1000 && first.completed)
        #expect(parts.second.start == cut && parts.second.end == old.end && parts.second.focused == 2000)
        #expect(parts.second.tags.first == "t" && parts.second.note == "n" && parts.second.tz == "Asia/Shanghai")
        #expect(parts.second.source == .timer && parts.second.id == "b" && first.focused + parts.second.focused == 3000)
        for outside in [old.start, old.end, old.end.addingTimeInterval(60)] {
            #expect(throws: FocusError.self) { try SessionEditor.split(old, at: outside, newID: "b", zone: Self.utc) }
        }
    }
}
