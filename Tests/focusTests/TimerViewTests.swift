import FocusCore
import Foundation
import Testing

@testable import focus

/// The live frame's lines for states of the machine, without a terminal.
@Suite struct TimerViewTests {
    static let utc = Zone(identifier: "UTC")!
    static func at(_ t: Double) -> ClockReading {
        ClockReading(active: t, elapsed: t, wall: Date(timeIntervalSince1970: 1_795_942_800 + t))
    }

    static func machine(planned: Int) -> TimerMachine {
        var machine = TimerMachine(
            setup: .init(steps: [CyclePlan.Step(phase: .focus, seconds: planned, cycle: 1)], ids: ["x"], tags: ["w"]))
        _ = machine.handle(.start(at(0)))
        return machine
    }

    @Test func theFooterIsTheKeyTableAndSaysWhenPlusCanAddNoMore() throws {
        var machine = Self.machine(planned: JournalCodec.maximumSeconds - 60)
        let before = try #require(TimerViewModel(machine: machine, now: Self.at(1), timeZone: Self.utc))
        #expect(TimerView.lines(before, columns: 80).last?.text == " space pause · + 5 min · q stop")
        _ = machine.handle(.key(UInt8(ascii: "+"), Self.at(2)))
        let after = try #require(TimerViewModel(machine: machine, now: Self.at(3), timeZone: Self.utc))
        let footer = try #require(TimerView.lines(after, columns: 80).last?.text)
        #expect(footer == " space pause · + 5 min · q stop · at most 168h00m can be planned", "\(footer)")
        #expect(footer.displayWidth <= 79)
    }
}
