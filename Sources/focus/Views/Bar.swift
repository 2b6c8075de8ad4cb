/// Horizontal bars drawn with Unicode eighth blocks.
enum Bar {
    private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    private static let full = Array("█".utf8)

    /// A bar `width` cells wide filled to `fraction` (0…1); the rest is `track`.
    static func render(_ fraction: Double, width: Int, track: Character = "░") -> String {
        guard width > 0 else { return "" }
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        let units = Int((clamped * Double(width * 8)).rounded())
        let full = units / 8
        let part = units % 8
        // Built as UTF-8 bytes and made a string once: appending a character that is not ASCII to a string, cell by
        // cell, costs a few hundred instructions a cell, most of a report's bars.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * 4)
        for _ in 0..<full { bytes.append(contentsOf: Self.full) }
        var used = full
        if part > 0, used < width {
            bytes.append(contentsOf: eighths[part].utf8)
            used += 1
        }
        let trackBytes = Array(String(track).utf8)
        for _ in used..<max(used, width) { bytes.append(contentsOf: trackBytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
