import Testing

@testable import FocusModels

/// ``DaySummary/remove(focused:completed:hour:tags:)`` gives the summary of the other sessions, or says it cannot.
@Suite struct DaySummaryTests {
    private struct Session {
        var focused: Int
        var completed: Bool
        var hour: Int
        var tags: [String]
    }

    private static func summary(_ sessions: [Session]) -> DaySummary {
        var summary = DaySummary(day: 20_000)
        for s in sessions { summary.add(focused: s.focused, completed: s.completed, hour: s.hour, tags: s.tags) }
        return summary
    }

    /// Random days (seeded): taking any one session away is the summary of the others, except the one longest.
    @Test(arguments: 0..<40)
    func removingASessionIsTheSummaryOfTheOthers(_ seed: Int) {
        var random = TestRandom(seed: UInt64(seed))
        let tags = ["code", "read", "深度工作", "cafe\u{301}", "café"]
        let sessions = (0..<random.next(in: 1...9)).map { _ in
            Session(
                focused: [0, 60, 1500, 1500, 3000][random.next(in: 0...4)], completed: random.next(in: 0...3) > 0,
                hour: random.next(in: 0...23),
                tags: (0..<random.next(in: 0...3)).map { _ in tags[random.next(in: 0...4)] })
        }
        let whole = Self.summary(sessions)
        for (i, s) in sessions.enumerated() {
            var others = sessions
            others.remove(at: i)
            var removed = whole
            let told = removed.remove(focused: s.focused, completed: s.completed, hour: s.hour, tags: s.tags)
            let alone = s.focused == whole.longest && whole.longestCount == 1 && sessions.count > 1
            #expect(told == !alone)
            #expect(removed == (told ? Self.summary(others) : whole))
        }
    }

    /// A session that cannot have been added is refused, the summary left as it was.
    @Test(arguments: [
        (1500, true, 9, ["code"]),  // no such tag
        (1500, true, 9, []),  // no untagged session
        (1500, true, 10, ["read"]),  // nothing in that hour
        (3000, false, 9, ["read"]),  // longer than the longest
        (1500, false, 9, ["read"]),  // then no session left that was not completed (counts below zero)
    ])
    func aSessionThatWasNotAddedIsRefused(_ focused: Int, _ completed: Bool, _ hour: Int, _ tags: [String]) {
        let whole = Self.summary([Session(focused: 1500, completed: true, hour: 9, tags: ["read"])])
        var removed = whole
        let told = removed.remove(focused: focused, completed: completed, hour: hour, tags: tags)
        #expect(!told)
        #expect(removed == whole)
    }
}
