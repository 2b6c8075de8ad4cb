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
            id: "m", start: Self.nine, seconds: 1500, tz: "UTC", tag: "t", note: nil,
            now: Self.nine.addingTimeInterval(1500), zone: Self.utc)
        #expect(log.completed && log.planned == 1500 && log.focused == 1500 && log.source == .manual)
        #expect(throws: FocusError.self) {
            try SessionEditor.manualSession(
                id: "m", start: Self.nine, seconds: 1500, tz: nil, tag: nil, note: nil,
                now: Self.nine.addingTimeInterval(1499), zone: Self.utc)
        }
    }

    @Test(arguments: [(FocusLog.Source.timer, 1500), (.manual, 2400), (.import, 2400)])
    func durationEditKeepsATimersPlan(_ source: FocusLog.Source, _ planned: Int) throws {
        let old = Self.log(source)
        let patch = try SessionEditor.patch(
            old, start: nil, seconds: 2400, tag: nil, note: nil, now: Self.nine.addingTimeInterval(86_400),
            zone: Self.utc)
        let new = patch.applied(to: old)
        #expect(new.focused == 2400 && new.planned == planned && new.end == Self.nine.addingTimeInterval(2400))
    }

    @Test func movingKeepsTheLengthAndTagEditsCanClear() throws {
        var old = Self.log(.manual)
        old.tag = "x"
        let later = Self.nine.addingTimeInterval(3600)
        let new = try SessionEditor.patch(
            old, start: later, seconds: nil, tag: .some(nil), note: .some("n"), now: later.addingTimeInterval(86_400),
            zone: Self.utc
        ).applied(to: old)
        #expect(new.start == later && new.end == later.addingTimeInterval(1500) && new.tag == nil && new.note == "n")
    }

    @Test(arguments: [(0, 25, true), (25, 25, false), (-25, 25, false), (10, 5, true), (-10, 11, true)])
    func overlaps(_ offsetMinutes: Int, _ minutes: Int, _ expected: Bool) {
        let a = Self.log(.timer)
        var b = Self.log(.timer, start: Self.nine.addingTimeInterval(Double(offsetMinutes * 60)), minutes: minutes)
        b.id = "b"
        #expect(a.overlaps(b) == expected && b.overlaps(a) == expected)
        #expect((SessionEditor.overlap(of: a, in: [a, b]) != nil) == expected)
    }
}
