import FocusCore

/// `focus sound --list` as text.
enum SoundListView {
    static func text(_ model: SoundListViewModel, style: Style) -> String {
        let rows = model.rows
        let nameWidth = (rows.map(\.name.count).max() ?? 0) + 2
        let titleWidth = (rows.map(\.title.count).max() ?? 0) + 2
        var out = "Sounds: \(model.unlockedCount) of \(rows.count) unlocked · play one with `focus sound NAME`\n"
        for row in rows {
            if let city = row.lockedUntil {
                out +=
                    style.dim(
                        "  " + row.name.padded(to: nameWidth) + row.title.padded(to: titleWidth)
                            + "locked: stamp \(city)") + "\n"
            } else {
                out += "  " + row.name.padded(to: nameWidth) + row.title + "\n"
            }
        }
        return out
    }
}
