import Foundation

/// Loudness as ITU-R BS.1770-4 and EBU R128 define it: K-weighted, in 400 ms blocks overlapping by 75 %,
/// gated at -70 LUFS and then 10 LU below the ungated mean.
public enum Loudness {
    /// The integrated loudness of a stereo signal, in LUFS.
    public static func integrated(left: [Double], right: [Double], rate: Double = 44_100) -> Double {
        integrated(blocks: blockPowers(left: left, right: right, rate: rate))
    }

    /// The integrated loudness of gating blocks' powers (from ``LoudnessMeter/blockPowers``, or a stretch of them).
    public static func integrated(blocks: some Collection<Double>) -> Double {
        let absolute = blocks.filter { lufs($0) > -70 }
        guard !absolute.isEmpty else { return -.infinity }
        let relative = lufs(absolute.reduce(0, +) / Double(absolute.count)) - 10
        let gated = absolute.filter { lufs($0) > relative }
        return lufs(gated.reduce(0, +) / Double(gated.count))
    }

    /// The loudness range (EBU Tech 3342), in LU: how far the short-term loudness (3 s windows, 10 a second)
    /// moves, from its 10th to its 95th percentile, after gating at -70 LUFS and 20 LU under the mean. Steady
    /// noise has almost none; waves that swell and recede have several.
    public static func range(left: [Double], right: [Double], rate: Double = 44_100) -> Double {
        let blocks = blockPowers(left: left, right: right, rate: rate)
        // Thirty 100 ms steps make 3 s: blockPowers are 400 ms blocks 100 ms apart, so average those 400 ms
        // blocks that tile each 3 s window (the shape of the window barely matters for a range).
        let windows = stride(from: 0, through: blocks.count - 27, by: 1).map { start in
            stride(from: start, to: start + 28, by: 4).reduce(0) { $0 + blocks[$1] } / 7
        }
        let absolute = windows.filter { lufs($0) > -70 }
        guard !absolute.isEmpty else { return 0 }
        let relative = lufs(absolute.reduce(0, +) / Double(absolute.count)) - 20
        let sorted = absolute.map(lufs).filter { $0 > relative }.sorted()
        return sorted[Int(0.95 * Double(sorted.count - 1))] - sorted[Int(0.1 * Double(sorted.count - 1))]
    }

    /// The loudness of the 400 ms blocks, 100 ms apart, as K-weighted powers summed over the channels.
    public static func blockPowers(left: [Double], right: [Double], rate: Double = 44_100) -> [Double] {
        var meter = LoudnessMeter(rate: rate)
        meter.add(left: left, right: right)
        return meter.blockPowers
    }

    static func lufs(_ power: Double) -> Double { -0.691 + 10 * log10(power) }
}
