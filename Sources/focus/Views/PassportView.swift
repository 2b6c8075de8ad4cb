import FocusCore

/// `focus passport` output: stamps drawn as boxes, three to a row at 80 columns,
/// then the sounds that play now and the chapters still ahead.
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

    static func lines(_ model: PassportViewModel, columns: Int) -> [TerminalLine] {
        let width = max(40, columns - 1)
        var lines: [TerminalLine] = []
        if model.isDemo { lines += DemoBanner.lines(width: width) }
        let stamps = model.stamps
        lines += TerminalLine(
            stamps.count == 1
                ? "Passport · 1 stamp · \(model.totalMiles) miles"
                : "Passport · \(stamps.count) stamps · \(model.totalMiles) miles" as Message, .bold
        ).folded(toWidth: width)
        lines.append(TerminalLine())
        if stamps.isEmpty {
            lines += TerminalLine(
                "No stamps yet: complete every mission of a chapter to earn one (`focus expedition`)."
            )
            .folded(toWidth: width)
        } else {
            let perRow = max(1, (width + 2) / (inner + 4))
            var index = 0
            while index < stamps.count {
                let row = stamps[index..<min(stamps.count, index + perRow)].map(box)
                for line in 0..<5 {
                    var joined = row[0][line]
                    for stamp in row.dropFirst() {
                        joined.append(gap)
                        joined.append(stamp[line])
                    }
                    lines.append(joined)
                }
                index += perRow
            }
        }
        lines.append(TerminalLine())
        let sounds = model.sounds
        lines += (TerminalLine("Sounds", .bold) + TerminalLine(" · \(sounds.count) of \(model.soundCount) unlocked"))
            .folded(toWidth: width)
        let nameWidth = sounds.map { TerminalLine(verbatim: $0.name).width }.max() ?? 0
        lines += sounds.flatMap { sound in
            TerminalLine.hanging(
                note + TerminalLine(verbatim: sound.name).padded(toWidth: nameWidth + 2),
                TerminalLine(sound.title),
                toWidth: width)
        }
        let ahead = model.ahead
        if !ahead.isEmpty {
            lines.append(TerminalLine())
            lines.append(TerminalLine("Ahead", .bold))
            lines += ahead.flatMap { chapter in
                var item = TerminalLine(chapter.place)
                if chapter.open { item.append("  (in progress)", .cyan) }
                return TerminalLine.hanging(
                    TerminalLine(verbatim: "  " + number(chapter.number) + " "), item, toWidth: width)
            }
        }
        return lines
    }

    static func json(_ model: PassportViewModel) -> String {
        JSONText.encode(
            Report(
                isDemo: model.isDemo, totalMiles: model.totalMiles, stamps: model.stamps,
                sounds: model.sounds, ahead: model.ahead))
    }

    private struct Report: Encodable {
        let isDemo: Bool
        let totalMiles: Int
        let stamps: [PassportStamp]
        let sounds: [PassportSound]
        let ahead: [PassportChapterAhead]
    }

    /// What goes before each sound's name.
    private static let note = TerminalLine(verbatim: "  ♪ ")

    /// The two spaces between stamps in a row.
    private static let gap = TerminalLine(verbatim: "  ")

    // A stamp's border, the same in every box and every language: made once, not for each stamp (a line of box
    // drawing measured and a string of 22 rules repeated cost more than the rest of a box).
    private static let top = TerminalLine(verbatim: "╭" + String(repeating: "─", count: inner) + "╮", .red)
    private static let bottom = TerminalLine(verbatim: "╰" + String(repeating: "─", count: inner) + "╯", .red)
    private static let left = TerminalLine(verbatim: "│", .red) + TerminalLine(verbatim: " ")
    private static let right = TerminalLine(verbatim: " ") + TerminalLine(verbatim: "│", .red)

    /// One stamp, five rows of `inner` + 2 columns.
    static func box(_ stamp: PassportStamp) -> [TerminalLine] {
        func row(_ text: String) -> TerminalLine {
            var line = left
            line.append(TerminalLine(verbatim: text).fitted(toWidth: inner - 2))
            line.append(right)
            return line
        }
        return [
            top,
            row(number(stamp.number) + " " + stamp.title.localized.uppercased()),
            row(stamp.country.localized),
            row(stamp.stampedOn.isoString + " · \(stamp.miles) mi"),
            bottom,
        ]
    }

    private static func number(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
