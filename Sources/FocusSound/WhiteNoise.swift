/// White noise: equal power at every frequency (uniform samples, RMS 1).
struct WhiteNoise: NoiseVoice {
    private var random: SoundRandom

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> Float { random.signed() * 1.732_050_8 }
}
