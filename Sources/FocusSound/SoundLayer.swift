/// One stereo part of a soundscape, generated block by block without end.
///
/// A layer keeps its own state between blocks, so consecutive blocks join
/// without a seam. How loud it is at a gain of 1 is measured once and kept
/// in ``SoundLayerKind/loudness``, which the stream divides out.
protocol SoundLayer {
    /// Adds the next `left.count` frames, times `gain`, to `left` and `right`.
    mutating func add(
        to left: UnsafeMutableBufferPointer<Float>, _ right: UnsafeMutableBufferPointer<Float>, gain: Float)
}

/// One channel of a noise, sample by sample.
protocol NoiseVoice {
    init(_ random: SoundRandom)
    mutating func next() -> Float
}

/// A noise colour in stereo: two independent voices, one per ear.
struct NoiseLayer<Voice: NoiseVoice>: SoundLayer {
    private var left: Voice
    private var right: Voice

    init(seed: UInt64) {
        left = Voice(SoundRandom(seed: seed, salt: 1))
        right = Voice(SoundRandom(seed: seed, salt: 2))
    }

    mutating func add(to l: UnsafeMutableBufferPointer<Float>, _ r: UnsafeMutableBufferPointer<Float>, gain: Float) {
        for i in 0..<l.count {
            l[i] += left.next() * gain
            r[i] += right.next() * gain
        }
    }
}
