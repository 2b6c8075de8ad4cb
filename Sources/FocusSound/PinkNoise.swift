/// Pink noise: power falls 3 dB per octave, like rain on leaves.
///
/// Paul Kellet's refined filter of white noise (within 0.05 dB of 1/f above
/// 9 Hz at 44.1 kHz), scaled to RMS 1 by the energy of its impulse response.
struct PinkNoise: NoiseVoice {
    private var white: WhiteNoise
    private var b: (Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0)

    init(_ random: SoundRandom) { white = WhiteNoise(random) }

    mutating func next() -> Float { filter(white.next()) * Self.scale }

    private mutating func filter(_ w: Float) -> Float {
        b.0 = 0.99886 * b.0 + w * 0.055_517_9
        b.1 = 0.99332 * b.1 + w * 0.075_075_9
        b.2 = 0.96900 * b.2 + w * 0.153_852
        b.3 = 0.86650 * b.3 + w * 0.310_485_6
        b.4 = 0.55000 * b.4 + w * 0.532_952_2
        b.5 = -0.7616 * b.5 - w * 0.016_898
        let out = b.0 + b.1 + b.2 + b.3 + b.4 + b.5 + b.6 + w * 0.5362
        b.6 = w * 0.115_926
        return out
    }

    /// 1 / RMS of the filter for unit-RMS input: 1 / sqrt(sum of its squared impulse response).
    private static let scale: Float = {
        var probe = PinkNoise(SoundRandom(seed: 0))
        var energy: Double = 0
        for n in 0..<60_000 {
            let h = Double(probe.filter(n == 0 ? 1 : 0))
            energy += h * h
        }
        return Float(1 / energy.squareRoot())
    }()
}
