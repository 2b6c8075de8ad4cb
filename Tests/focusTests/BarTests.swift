import Testing

@testable import focus

/// ``Bar`` writes its blocks as bytes: the same text as a bar built character by character.
@Suite struct BarTests {
    /// The bar as the eighths' characters make it, one cell at a time.
    private func reference(_ fraction: Double, width: Int, track: Character) -> String {
        guard width > 0 else { return "" }
        let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let units = Int((min(1, max(0, fraction.isFinite ? fraction : 0)) * Double(width * 8)).rounded())
        var bar = String(repeating: "█", count: units / 8)
        if units % 8 > 0, units / 8 < width { bar += eighths[units % 8] }
        return bar + String(repeating: String(track), count: width - bar.count)
    }

    @Test(arguments: [0, 0.01, 0.0625, 0.1, 0.3, 0.5, 0.51, 0.99, 0.999, 1, 1.5, -0.2, .nan, .infinity])
    func aBarIsItsEighthsCellByCell(_ fraction: Double) {
        for width in [0, 1, 2, 7, 20, 64] {
            for track: Character in ["░", " ", "·", "e\u{301}", "🏔"] {
                let bar = Bar.render(fraction, width: width, track: track)
                #expect(bar == reference(fraction, width: width, track: track), "\(fraction) \(width) \(track)")
                #expect(bar.count == width)
            }
        }
    }
}
