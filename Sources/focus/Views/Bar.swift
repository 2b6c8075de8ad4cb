/// Horizontal bars drawn with Unicode eighth blocks.
enum Bar {
    /// A bar `width` cells wide filled to `fraction` (0…1); the rest is `track`.
    static func render(_ fraction: Double, width: Int, track: Character = "░") -> String {
        guard width > 0 else { return "" }
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        let units = Int((clamped * Double(width * 8)).rounded())
        let full = units / 8
        let part = full < width ? units % 8 : 0
        let cells = full + (part > 0 ? 1 : 0)
        let trackBytes = track.utf8
        // Written as UTF-8 into the string's own storage: appending a character that is not ASCII to a string, cell by
        // cell, costs a few hundred instructions a cell, most of a report's bars.
        return String(unsafeUninitializedCapacity: cells * 3 + (width - cells) * trackBytes.count) { buffer in
            var i = 0
            // █ is E2 96 88; the eighths ▉ (7/8) to ▏ (1/8) follow it, U+2589 to U+258F.
            func block(_ last: UInt8) {
                buffer[i] = 0xE2
                buffer[i + 1] = 0x96
                buffer[i + 2] = last
                i += 3
            }
            for _ in 0..<full { block(0x88) }
            if part > 0 { block(0x90 - UInt8(part)) }
            for _ in cells..<width {
                for byte in trackBytes {
                    buffer[i] = byte
                    i += 1
                }
            }
            return i
        }
    }
}
