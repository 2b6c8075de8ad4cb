import FocusCore
import Foundation
import Testing

/// The dashboard's finish animation as a real terminal (tmux, 80×24) shows it. The home has a route of its own
/// (`expeditions.json`) on which sessions of any length count, so that short sessions started from the Timer tab
/// complete a mission (the first) and stamp the city (the second). Each animation appears on the screen over the
/// tab and then gives way to the tab's summary; with `FOCUS_NO_ANIMATION=1` nothing of it is ever written.
@Suite(.serialized) struct DashboardAnimationEndToEndTests {
    /// What the screen shows in one language.
    struct Words: Sendable {
        let locale: String
        /// The Timer tab with nothing running, and the start prompt.
        let idle, prompt: String
        /// The title of each animation, and the line of the tab's summary that says the same after it.
        let missionFrame, missionSummary, stampFrame, stampSummary: String
    }

    static let english = Words(
        locale: "C.UTF-8", idle: "No session is running.", prompt: "Start a focus session",
        missionFrame: "Mission complete · +40 miles", missionSummary: "Mission complete: One short session (40 miles)",
        stampFrame: "City stamped · +100 miles", stampSummary: "Passport stamped: Harbour, Testland, +100 miles.")

    static let chinese = Words(
        locale: "zh_CN.UTF-8", idle: "没有正在进行的专注。", prompt: "开始一次专注",
        missionFrame: "任务完成 · +40 英里", missionSummary: "任务完成：一次短专注（40 英里）",
        stampFrame: "城市盖章 · +100 英里", stampSummary: "护照盖章：测试国港口，+100 英里。")

    /// One chapter of two missions: one session completes the first, a second the other and stamps the city.
    static let route = """
        {"deepFocusMinutes": 50, "minimumSessionMinutes": 0, "chapters": [{"id": "harbour", "title": "Harbour",
        "country": "Testland", "story": "The quay.", "soundscape": "Gulls",
        "i18n": {"zh-Hans": {"title": "港口", "country": "测试国", "story": "码头。", "soundscape": "海鸥"}},
        "missions": [
        {"id": "one", "title": "One short session", "kind": "sessionCount", "targetValue": 1, "rewardMiles": 40,
        "i18n": {"zh-Hans": {"title": "一次短专注"}}},
        {"id": "two", "title": "Two short sessions", "kind": "sessionCount", "targetValue": 2, "rewardMiles": 60,
        "i18n": {"zh-Hans": {"title": "两次短专注"}}}]}]}
        """

    @Test(arguments: [(english, true), (chinese, true), (english, false)])
    func aFinishedSessionPlaysTheAnimationThenTheTabReturns(words: Words, motion: Bool) throws {
        guard Tmux.path != nil else {
            Issue.record("tmux is needed for the dashboard tests (.ci/run installs it)")
            return
        }
        let home = try TempHome()
        try Self.route.write(toFile: home.path + "/expeditions.json", atomically: false, encoding: .utf8)
        let tmux = try Tmux(
            command: try DashboardEndToEndTests.script(home, locale: words.locale, motion: motion), width: 80,
            height: 24)
        let written = home.path + "/pane.bytes"
        try tmux.record(to: written)
        #expect(try eventually { try DashboardEndToEndTests.text(tmux).contains(words.idle) })
        for (frame, summary) in [(words.missionFrame, words.missionSummary), (words.stampFrame, words.stampSummary)] {
            try Self.startOneSecond(tmux, words)
            let screens = try Self.screens(tmux) { $0.contains(summary) && !$0.contains(frame) }
            let last = try #require(screens.last)
            #expect(last.contains(summary) && last.contains(words.idle), "the tab after the session: \(last)")
            // The animation covers the tab: its frames show its title, not the tab's summary.
            let frames = screens.filter { $0.contains(frame) }
            if motion {
                // It moves: a bar filling up, a stamp coming down (12 frames in 0.9 s; a loaded machine shows fewer).
                #expect(frames.count >= 2, "\(frames.count) frames of '\(frame)' in \(screens.count) screens: \(last)")
                #expect(frames.allSatisfy { !$0.contains(summary) && !$0.contains(words.idle) }, "\(frames)")
            } else {
                #expect(frames.isEmpty, "\(frames)")
            }
        }
        // What the terminal was sent, up to the last summary (`pipe-pane` passes it on a moment after the screen).
        func bytes() -> String { (try? String(contentsOfFile: written, encoding: .utf8)) ?? "" }
        #expect(eventually { bytes().contains(words.stampSummary) })
        #expect(bytes().contains(words.missionFrame) == motion && bytes().contains(words.stampFrame) == motion)
    }

    /// `s`, a duration of one second in the prompt, Enter.
    static func startOneSecond(_ tmux: Tmux, _ words: Words) throws {
        try tmux.send("s")
        #expect(try eventually { try DashboardEndToEndTests.text(tmux).contains(words.prompt) })
        try tmux.send("C-u")
        try tmux.type("1s")
        try tmux.send("Enter")
    }

    /// Every different screen in turn, captured as fast as tmux answers (an animation lasts under a second), until
    /// one satisfies `done` or `timeout` passes.
    static func screens(_ tmux: Tmux, timeout: Double = 30, until done: (String) -> Bool) throws -> [String] {
        var seen: [String] = []
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let screen = try DashboardEndToEndTests.text(tmux)
            if screen != seen.last { seen.append(screen) }
            if done(screen) { break }
        } while Date() < deadline
        return seen
    }
}
