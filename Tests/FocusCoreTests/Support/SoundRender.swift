import FocusCore
import SoundAnalysis

extension Recording {
    /// `seconds` of `recipe` at full level from its first sample (no fade-in), as the tests hear it.
    static func render(_ recipe: SoundRecipe, seconds: Double, seed: UInt64 = 7, volume: Int = 70) -> Recording {
        var stream = SoundStream(recipe: recipe, seed: seed, volume: volume)
        stream.fade(to: 1, seconds: 0)
        var samples: [Int16] = []
        let frames = Int(seconds * rate)
        while samples.count < 2 * frames { samples += stream.render(frames: min(4096, frames - samples.count / 2)) }
        return Recording(
            left: stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) / 32768 },
            right: stride(from: 1, to: samples.count, by: 2).map { Double(samples[$0]) / 32768 })
    }

    /// The two channels' mean.
    var mid: [Double] { zip(left, right).map { ($0 + $1) / 2 } }
}
