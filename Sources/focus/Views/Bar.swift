/// Horizontal bars drawn with Unicode eighth blocks.
enum Bar {
    private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar `width` cells wide filled to `fraction` (0…1); the rest is `track`.
    static func render(_ fraction: Double, width: Int, track: Character = "░") -> String {
        guard width > 0 else { return "" }
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        let units = Int((clamped * Double(width * 8)).rounded())
        let full = units / 8
        let part = units % 8
        var out = String(repeating: "█", count: full)
        var used = full
        if part > 0, used < width {
            out += eighths[part]
            used += 1
        }
        return out + String(repeating: track, count: max(0, width - used))
    }
}

extension String {
    /// Width in terminal cells, counting each scalar as one (ASCII and box drawing).
    var cellWidth: Int { unicodeScalars.count }

    /// Without the spaces a padded table row ends with.
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }

    /// Pads with spaces on the right to `width` cells.
    func padded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - cellWidth)) }

    /// Cut to `width` cells, with `…` when something was cut.
    func truncated(to width: Int) -> String {
        guard cellWidth > width else { return self }
        guard width > 1 else { return width == 1 ? "…" : "" }
        return String(String.UnicodeScalarView(unicodeScalars.prefix(width - 1))) + "…"
    }
}
