/// Something struck that rings: a bell, a glass, a drop, a clock's tick, a piano string.
///
/// Each partial is a decaying sine: a phasor `z` that turns and shrinks by
/// `w` every sample. Four samples come at once from `z` times `w`, `w²`,
/// `w³`, `w⁴`, so a partial costs a few operations per four samples. Higher
/// partials decay faster, as in metal and glass, and each is dropped once
/// 54 dB under the strike. An S-shaped rise over `attack` seconds, never
/// shorter than a millisecond, keeps the strike from clicking: it starts
/// with neither a step nor a corner.
struct RingVoice: Sounding {
    /// One partial: its frequency as a ratio of the strike's, its amplitude, and the seconds it takes to fall
    /// by 1/e.
    struct Partial {
        var ratio: Double
        var amplitude: Float
        var decay: Double
    }

    private struct Phasor {
        var re: Float
        var im: Float
        /// The real and imaginary parts of `w`, `w²`, `w³`, `w⁴`.
        let powersRe: SIMD4<Float>
        let powersIm: SIMD4<Float>

        init(amplitude: Float, turn: Double, shrink: Double) {
            // Sine phase: the output (the imaginary part) starts at zero.
            re = amplitude
            im = 0
            let k = SIMD4<Double>(1, 2, 3, 4)
            powersRe = SIMD4((0..<4).map { Float(SoundMath.exp(k[$0] * shrink) * SoundMath.cos(k[$0] * turn)) })
            powersIm = SIMD4((0..<4).map { Float(SoundMath.exp(k[$0] * shrink) * SoundMath.sin(k[$0] * turn)) })
        }

        /// The next four samples, and the phasor moved past them.
        @inline(__always)
        mutating func nextFour() -> SIMD4<Float> {
            let out = re * powersIm + im * powersRe
            let (r, i) = (re * powersRe[3] - im * powersIm[3], re * powersIm[3] + im * powersRe[3])
            re = r
            im = i
            return out
        }

        /// The next sample.
        @inline(__always)
        mutating func next() -> Float {
            let (r, i) = (re * powersRe[0] - im * powersIm[0], re * powersIm[0] + im * powersRe[0])
            re = r
            im = i
            return i
        }

        var magnitude: Float { re * re + im * im }
    }

    private var partials: [Phasor]
    /// 54 dB under the strike, squared: a partial below it is lost under any bed.
    private let floor: Float
    private var rise: Float = 0
    private let riseStep: Float
    private let pan: Pan

    init(hertz: Double, partials: [Partial], loudness: Float, pan: Pan, attack: Double = 0.0015) {
        let rate = Double(SoundFormat.sampleRate)
        self.partials = partials.map {
            Phasor(
                amplitude: $0.amplitude * loudness, turn: SoundMath.twoPi * hertz * $0.ratio / rate,
                shrink: -1 / ($0.decay * rate))
        }
        let loudest = 0.002 * loudness * (partials.map(\.amplitude).max() ?? 0)
        floor = loudest * loudest
        riseStep = 1 / Float(max(0.001, attack) * rate)
        self.pan = pan
    }

    mutating func add(
        to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, from start: Int, gain: Float
    ) -> Bool {
        let left = pan.left * gain
        let right = pan.right * gain
        let end = l.count
        let fours = start + (end - start) / 4 * 4
        let (riseFrom, step) = (rise, riseStep)
        partials.withUnsafeMutableBufferPointer { partials in
            for k in partials.indices {
                var z = partials[k]
                var risen = riseFrom
                var i = start
                while i < fours {
                    var x = z.nextFour()
                    if risen < 1 {
                        let t = pointwiseMin(SIMD4(repeating: 1), SIMD4(repeating: risen) + SIMD4(1, 2, 3, 4) * step)
                        x *= t * t * (3 - 2 * t)
                        risen = t[3]
                    }
                    for j in 0..<4 {
                        l[i + j] += x[j] * left
                        r[i + j] += x[j] * right
                    }
                    i += 4
                }
                while i < end {
                    var x = z.next()
                    if risen < 1 {
                        risen = min(1, risen + step)
                        x *= risen * risen * (3 - 2 * risen)
                    }
                    l[i] += x * left
                    r[i] += x * right
                    i += 1
                }
                partials[k] = z
                if k == partials.count - 1 { rise = risen }
            }
        }
        partials.removeAll { $0.magnitude < floor }
        return !partials.isEmpty
    }
}
