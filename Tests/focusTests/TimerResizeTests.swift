import FocusCore
import Foundation
import Testing

/// Issue 17 as a new user meets it: `focus start 10m --tag 专注` typed into a shell in a Chinese locale, in a
/// real terminal (tmux) 40 columns wide, and one resized 80 → 40 → 60 while the timer runs. The screen always
/// shows one frame with one header line, the scrollback holds no stale copy of it, and the command line the
/// user typed above it is intact. The locale speaks Chinese, so the frame does too (`专注 · #专注 … 10:10 结束`,
/// `空格 暂停 · + 5 分钟 · q 停止`), and every one of its messages has its Chinese (a debug build would say).
@Suite(.serialized) struct TimerResizeTests {
    /// The locale of the issue; `.ci/run` generates it (`localedef`) where it is missing.
    static let locale = "zh_CN.UTF-8"

    func requirements() -> Bool {
        if Tmux.path == nil { Issue.record("tmux is needed for the live-display tests (.ci/run installs it)") }
        let locales = (try? Spawned(executable: "/usr/bin/locale", arguments: ["-a"], environment: [:]).wait().stdout)
        let hasLocale = locales?.lowercased().split(separator: "\n").contains("zh_cn.utf8") == true
        if !hasLocale { Issue.record("the \(Self.locale) locale is needed (.ci/run generates it with localedef)") }
        return Tmux.path != nil && hasLocale
    }

    /// An interactive bash in the issue's locale, with `focus` on its PATH and a data folder of its own.
    static func shell(_ home: TempHome, width: Int) throws -> Tmux {
        let bin = URL(fileURLWithPath: FocusBinary.path).deletingLastPathComponent().path
        let environment = [
            "PATH=\(bin):/usr/bin:/bin", "TERM=xterm-256color", "LANG=\(locale)", "LC_ALL=\(locale)",
            "FOCUS_HOME=\(home.path)", "TZ=Asia/Shanghai", "PS1='$ '", "HOME=\(home.path)",
        ]
        return try Tmux(
            command: "env -i " + environment.joined(separator: " ") + " " + LiveTimerTests.interactiveBash,
            width: width, height: 12)
    }

    static let command = "focus start 10m --tag 专注"

    /// What must hold after every redraw: one header on the screen and in the whole scrollback, one bar, one
    /// key line, each row within the width, and the command line just above the frame.
    static func expectOneFrame(_ tmux: Tmux, width: Int, _ when: String, command: String? = command) throws {
        let screen = try tmux.screen()
        let history = try tmux.scrollback()
        #expect(!history.contains { $0.contains("调试构建") }, "\(when): a message without its Chinese")
        for rows in [screen, history] {
            #expect(rows.filter { $0.contains("专注 · #专注") }.count == 1, "\(when): \(rows.joined(separator: "\n"))")
            #expect(rows.filter { $0.contains(" 结束") }.count == 1, "\(when): \(rows.joined(separator: "\n"))")
            #expect(rows.filter { $0.contains("q 停止") }.count == 1, "\(when): \(rows.joined(separator: "\n"))")
            #expect(rows.filter { $0.contains("░") }.count == 1, "\(when): \(rows.joined(separator: "\n"))")
        }
        let header = try #require(screen.firstIndex { $0.contains("专注 · #专注") })
        #expect(screen[header].hasPrefix(" 专注 · #专注"), "\(when): \(screen[header])")
        #expect(screen[header].displayWidth <= width - 1, "\(when): \(screen[header])")
        #expect(screen[header + 1].contains("░") && screen[header + 1].displayWidth <= width - 1, "\(when)")
        // The user's command line, rewrapped by the terminal if it must, stays whole just above the frame.
        guard let command else { return }
        let joined = try tmux.scrollback(joined: true)
        let prompt = try #require(joined.firstIndex { $0.hasPrefix("$ focus start") }, "\(when)")
        #expect(joined[prompt] == "$ " + command, "\(when)")
        #expect(joined[prompt + 1].hasPrefix(" 专注 · #专注"), "\(when): \(joined.joined(separator: "\n"))")
    }

    /// Waits until the frame shows `seconds` or fewer left, so a redraw has happened since.
    static func redrawn(_ tmux: Tmux, below seconds: Int) throws -> Bool {
        try eventually(timeout: 15) { try shownTime(tmux).map { $0 < seconds } ?? false }
    }

    /// The time left the frame shows, waiting for a screen that has it: a capture between a resize and the
    /// redraw it causes may show no bar, and 0 there would make ``redrawn(_:below:)`` wait for ever.
    static func remaining(_ tmux: Tmux) throws -> Int {
        var seconds: Int?
        _ = try eventually(timeout: 15) {
            seconds = try shownTime(tmux)
            return seconds != nil
        }
        let screen = try tmux.screen().joined(separator: "\n")
        return try #require(seconds, "no time left on the screen: \(screen)")
    }

    /// `mm:ss` at the end of the bar's row, in seconds, or `nil` when no bar with a time is on the screen.
    static func shownTime(_ tmux: Tmux) throws -> Int? {
        guard let bar = try tmux.screen().first(where: { $0.contains("░") }),
            let time = bar.split(separator: " ").last, time.count == 5, time.dropFirst(2).first == ":",
            let minutes = Int(time.prefix(2)), let secs = Int(time.suffix(2))
        else { return nil }
        return minutes * 60 + secs
    }

    @Test func at40ColumnsTheFrameRedrawsInPlace() throws {
        guard requirements() else { return }
        let home = try TempHome()
        let tmux = try Self.shell(home, width: 40)
        #expect(try eventually { try tmux.screen().contains { $0.hasPrefix("$") } })
        try tmux.type(Self.command + "\r")
        #expect(try eventually { try tmux.screen().contains { $0.contains("专注 · #专注") } })
        for _ in 0..<3 {
            let left = try Self.remaining(tmux)
            #expect(try Self.redrawn(tmux, below: left))
            try Self.expectOneFrame(tmux, width: 40, "at 40 columns")
        }
        try tmux.send("q")
        #expect(try eventually { try tmux.screen().contains { $0.contains("后停止") } })
        let history = try tmux.scrollback()
        #expect(!history.contains { $0.contains("专注 · #专注") }, "\(history.joined(separator: "\n"))")
    }

    /// After `clear` the frame is on the screen's first row, where erasing below the cursor clears the whole
    /// screen: tmux would move it into the history at every redraw.
    @Test func onAClearedScreenTheFrameRedrawsInPlace() throws {
        guard requirements() else { return }
        let home = try TempHome()
        let tmux = try Self.shell(home, width: 40)
        #expect(try eventually { try tmux.screen().contains { $0.hasPrefix("$") } })
        try tmux.type("clear; " + Self.command + "\r")
        #expect(try eventually { try tmux.screen().first?.hasPrefix(" 专注 · #专注") == true })
        for _ in 0..<3 {
            #expect(try Self.redrawn(tmux, below: try Self.remaining(tmux)))
            try Self.expectOneFrame(tmux, width: 40, "on a cleared screen", command: nil)
        }
        try tmux.send("q")
        #expect(try eventually { try tmux.screen().contains { $0.contains("后停止") } })
    }

    /// A terminal in use: earlier output above the prompt, as a person's has. (On a screen with nothing above
    /// the command line, tmux moves the screen's first rows into its history when a narrower window makes it
    /// rewrap lines, the frame's first row among them: README, "Text on the terminal".)
    @Test func resizing80To40To60LeavesOneFrameAndTheCommandLine() throws {
        guard requirements() else { return }
        let home = try TempHome()
        let tmux = try Self.shell(home, width: 80)
        #expect(try eventually { try tmux.screen().contains { $0.hasPrefix("$") } })
        try tmux.type("seq 1 20\r")
        #expect(try eventually { try tmux.screen().contains("20") })
        try tmux.type(Self.command + "\r")
        #expect(try eventually { try tmux.screen().contains { $0.contains("专注 · #专注") } })
        #expect(try Self.redrawn(tmux, below: try Self.remaining(tmux)))
        try Self.expectOneFrame(tmux, width: 80, "at 80 columns")
        for width in [40, 60, 40, 80] {
            try tmux.resize(width: width)
            // A resize redraws at once; wait for the frame to fit the new width, then for a tick after it.
            #expect(
                try eventually {
                    try tmux.screen().contains {
                        $0.contains("░") && $0.displayWidth >= width - 3 && $0.displayWidth < width
                    }
                }, "no frame fitted to \(width)")
            #expect(try Self.redrawn(tmux, below: try Self.remaining(tmux)))
            try Self.expectOneFrame(tmux, width: width, "after resizing to \(width)")
        }
        try tmux.send("q")
        #expect(try eventually { try tmux.screen().contains { $0.contains("后停止") } })
    }
}
