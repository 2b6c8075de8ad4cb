import FocusCore
import Foundation
import Testing

/// `focus status --format`: each placeholder, escapes, idle, and bad templates.
@Suite struct StatusFormatTests {
    static let zone = Zone(identifier: "UTC")!
    // 2026-11-29 09:00:00 UTC; 766 s counted as of 09:12:46, 1500 planned.
    static let started = UTCTimestamp.parse("2026-11-29T09:00:00Z")!
    static let now = UTCTimestamp.parse("2026-11-29T09:12:46Z")!

    static func state(paused: Bool = false, tags: [String] = ["thesis"], phase: TimerPhase = .focus) -> RunningState {
        RunningState(
            id: "5F0C2A1E-1111-2222-3333-444455556666", phase: phase, startedAt: started, planned: 1500, counted: 766,
            updatedAt: now, paused: paused, tags: tags, note: "chapter 3", tz: "UTC", pid: 1, cycle: 2, cycles: 4)
    }

    @Test(arguments: [
        ("{state}", "running"), ("{phase}", "focus"), ("{remaining}", "12:14"), ("{minutes}", "13"),
        ("{elapsed}", "12:46"),
        ("{planned}", "25:00"), ("{tag}", "thesis"), ("{note}", "chapter 3"), ("{id}", "5F0C2A1E"), ("{paused}", ""),
        ("{cycle}/{cycles}", "2/4"), ("{started}", "09:00"), ("{ends}", "09:25"),
        ("{remaining} #{tag}", "12:14 #thesis"),
        ("{{{phase}}}", "{focus}"), ("}} no placeholders {{", "} no placeholders {"), ("", ""),
    ])
    func placeholdersWhileRunning(_ template: String, _ expected: String) throws {
        #expect(try StatusFormat(template).render(Self.state(), now: Self.now, timeZone: Self.zone) == expected)
    }

    @Test(arguments: [("{state}", "paused"), ("{paused}", "paused"), ("{remaining}", "12:14"), ("{ends}", "09:35")])
    func placeholdersWhilePausedTenMinutes(_ template: String, _ expected: String) throws {
        // Paused since 09:12:46: nothing more is counted, so the end moves with the clock (09:22:46 + 12:14).
        let later = Self.now.addingTimeInterval(600)
        #expect(
            try StatusFormat(template).render(Self.state(paused: true), now: later, timeZone: Self.zone) == expected)
    }

    @Test func aBreakAndNoTag() throws {
        let text = try StatusFormat("{phase}:{tag}:").render(
            Self.state(tags: [], phase: .longBreak), now: Self.now, timeZone: Self.zone)
        #expect(text == "long-break::")
    }

    @Test(arguments: [
        ("{state}", "idle"), ("{remaining} {tag}", " "), ("focus: {state}{phase}", "focus: idle"), ("", ""),
    ])
    func idleLeavesEveryPlaceholderButStateEmpty(_ template: String, _ expected: String) throws {
        #expect(try StatusFormat(template).render(nil, now: Self.now, timeZone: Self.zone) == expected)
    }

    @Test func localTimesUseTheReadersZone() throws {
        let shanghai = Zone(identifier: "Asia/Shanghai")!
        #expect(
            try StatusFormat("{started}-{ends}").render(Self.state(), now: Self.now, timeZone: shanghai)
                == "17:00-17:25")
    }

    @Test(arguments: [
        ("{remainder}", "unknown placeholder {remainder}"), ("{Tag}", "unknown placeholder {Tag}"),
        ("{}", "unknown placeholder {}"),
        ("{remaining", "a '{' without a '}'"), ("tag}", "a '}' without a '{'"),
    ])
    func badTemplatesAreUsageErrors(_ template: String, _ reason: String) {
        #expect {
            try StatusFormat(template)
        } throws: { error in
            let e = error as? FocusError
            return e?.kind == .usage && e?.message.description.hasPrefix("--format has ") == true
                && e?.message.description.contains(reason) == true
        }
    }
}
