import FocusCore

/// `focus sound --list` as lines.
enum SoundListView {
    static func lines(_ model: SoundListViewModel) -> [TerminalLine] {
        let rows = model.rows
        let nameWidth = (rows.map(\.name.displayWidth).max() ?? 0) + 2
        let titleWidth = (rows.map(\.title.displayWidth).max() ?? 0) + 2
        var lines = [
            TerminalLine("Sounds: \(model.unlockedCount) of \(rows.count) unlocked · play one with `focus sound NAME`")
        ]
        for row in rows {
            if let city = row.lockedUntil {
                lines.append(
                    TerminalLine(
                        "  " + row.name.padded(toWidth: nameWidth) + row.title.padded(toWidth: titleWidth)
                            + "locked: stamp \(city)", .dim))
            } else {
                lines.append(TerminalLine("  " + row.name.padded(toWidth: nameWidth) + row.title))
            }
        }
        return lines
    }
}
