import FocusCore

/// `focus sound --list` as lines.
enum SoundListView {
    static func lines(_ model: SoundListViewModel) -> [TerminalLine] {
        let rows = model.rows
        let nameWidth = (rows.map(\.name.displayWidth).max() ?? 0) + 2
        let titleWidth = (rows.map(\.title.localized.displayWidth).max() ?? 0) + 2
        var lines = [
            TerminalLine(
                "Sounds: \(model.unlockedCount) of \(rows.count) unlocked · play one with `focus sound NAME`" as Message
            )
        ]
        for row in rows {
            let head = "  " + row.name.padded(toWidth: nameWidth)
            if let city = row.lockedUntil {
                let locked = Message("locked: stamp \(city)").localized
                lines.append(
                    TerminalLine(verbatim: head + row.title.localized.padded(toWidth: titleWidth) + locked, .dim))
            } else {
                lines.append(TerminalLine(verbatim: head + row.title.localized))
            }
        }
        return lines
    }
}
