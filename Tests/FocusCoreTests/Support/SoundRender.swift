import FocusCore
import SoundAnalysis

extension Recording {
    /// `seconds` of `recipe` at full level from its first sample (no fade-in), as the tests hear it.
    static func render(_ recipe: SoundRecipe, seconds: Double, seed: UInt64 = 7, volume: Int = 70) -> Recording {
        listen(recipe, seconds: seconds, seed: seed, volume: volume, keeping: seconds).sound
    }

    /// The integrated loudness (ITU-R BS.1770) of `seconds` of `recipe`, measured as it is made (minutes of
    /// sound are never held), and its first `keeping` seconds.
    static func listen(_ recipe: SoundRecipe, seconds: Double, seed: UInt64, volume: Int = 70, keeping: Double = 0)
        -> (sound: Recording, loudness: Double)
    {
        var stream = SoundStream(recipe: recipe, seed: seed, volume: volume)
        stream.fade(to: 1, seconds: 0)
        var meter = LoudnessMeter()
        var left: [Double] = []
        var right: [Double] = []
        let frames = Int(seconds * rate)
        let kept = Int(keeping * rate)
        var done = 0
        while done < frames {
            let samples = stream.render(frames: min(4096, frames - done))
            let l = stride(from: 0, to: samples.count, by: 2).map { Double(samples[$0]) / 32768 }
            let r = stride(from: 1, to: samples.count, by: 2).map { Double(samples[$0]) / 32768 }
            meter.add(left: l, right: r)
            if done < kept {
                left += l.prefix(kept - done)
                right += r.prefix(kept - done)
            }
            done += l.count
        }
        return (Recording(left: left, right: right), meter.integrated)
    }

    /// The two channels' mean.
    var mid: [Double] { zip(left, right).map { ($0 + $1) / 2 } }
}
