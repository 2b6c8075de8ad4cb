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
        // Appended as strings, one by one: `String(repeating:count:)` and appending a `Character` that is not ASCII
        // take the general path, many times the cost.
        var out = ""
        for _ in 0..<full { out += "█" }
        var used = full
        if part > 0, used < width {
            out += eighths[part]
            used += 1
        }
        let trackText = String(track)
        for _ in used..<max(used, width) { out += trackText }
        return out
    }
}
