/// Brown (red) noise: power falls 6 dB per octave, a deep rumble.
///
/// White noise through a leaky integrator with its corner near 28 Hz, so it
/// cannot wander off; the input gain makes the RMS exactly 1.
struct BrownNoise: NoiseVoice {
    private var white: WhiteNoise
    private var level: Float = 0
    private static let leak: Float = 0.996
    private static let inputGain = (1 - leak * leak).squareRoot()

    init(_ random: SoundRandom) { white = WhiteNoise(random) }

    mutating func next() -> Float {
        level = Self.leak * level + Self.inputGain * white.next()
        return level
    }
}
