import FocusCore

/// `focus passport` output: stamps drawn as boxes, three to a row at 80 columns,
/// then the soundscapes and the chapters still ahead.
///
/// ```
///  ╭──────────────────────╮  ╭──────────────────────╮
///  │ 01 LISBON            │  │ 02 SEVILLE           │
///  │ Portugal             │  │ Spain                │
///  │ 2026-11-16 · 180 mi  │  │ 2026-11-18 · 240 mi  │
///  ╰──────────────────────╯  ╰──────────────────────╯
/// ```
enum PassportView {
    /// Cells inside a stamp's border.
    static let inner = 22

    static func text(_ model: PassportViewModel, columns: Int, style: Style) -> String {
        var lines: [String] = []
        if model.isDemo { lines += DemoBanner.lines(width: max(40, columns - 1), style: style) }
        let stamps = model.stamps
        lines.append(
            style.bold(
                "Passport · \(stamps.count) \(stamps.count == 1 ? "stamp" : "stamps") · \(model.totalMiles) miles"))
        lines.append("")
        if stamps.isEmpty {
            lines.append("No stamps yet: complete every mission of a chapter to earn one (`focus expedition`).")
        } else {
            let perRow = max(1, (columns - 1 + 2) / (inner + 4))
            var index = 0
            while index < stamps.count {
                let row = stamps[index..<min(stamps.count, index + perRow)].map { box($0, style: style) }
                for line in 0..<5 { lines.append(row.map { $0[line] }.joined(separator: "  ")) }
                index += perRow
            }
        }
        lines.append("")
        let soundscapes = model.soundscapes
        lines.append(style.bold("Soundscapes") + (soundscapes.isEmpty ? ": none unlocked yet" : ""))
        lines += soundscapes.map { "  ♪ " + $0 }
        let ahead = model.ahead
        if !ahead.isEmpty {
            lines.append("")
            lines.append(style.bold("Ahead"))
            lines += ahead.map {
                "  " + number($0.number) + " " + $0.title + ", " + $0.country
                    + ($0.open ? style.cyan("  (in progress)") : "")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ model: PassportViewModel) -> String {
        JSONText.encode(
            Report(
                isDemo: model.isDemo, totalMiles: model.totalMiles, stamps: model.stamps,
                soundscapes: model.soundscapes, ahead: model.ahead))
    }

    private struct Report: Encodable {
        let isDemo: Bool
        let totalMiles: Int
        let stamps: [PassportStamp]
        let soundscapes: [String]
        let ahead: [PassportChapterAhead]
    }

    private static func box(_ stamp: PassportStamp, style: Style) -> [String] {
        func row(_ text: String) -> String {
            style.red("│") + " " + text.truncated(to: inner - 2).padded(to: inner - 2) + " " + style.red("│")
        }
        let rule = String(repeating: "─", count: inner)
        return [
            style.red("╭" + rule + "╮"),
            row(number(stamp.number) + " " + stamp.title.uppercased()),
            row(stamp.country),
            row(stamp.stampedOn.isoString + " · \(stamp.miles) mi"),
            style.red("╰" + rule + "╯"),
        ]
    }

    private static func number(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
