/// Steam over a thermal pool: a soft, high hiss that swells and settles over seconds.
struct Steam: NoiseVoice {
    private var source: WhiteNoise
    private var band = BandPass(hertz: 4300, q: 0.6)
    private var swell: Drift

    init(_ random: SoundRandom) {
        source = WhiteNoise(SoundRandom(seed: random.seedBits, salt: 101))
        swell = Drift(SoundRandom(seed: random.seedBits, salt: 102), seconds: 4)
    }

    mutating func next() -> Float { band.next(source.next()) * (0.4 + 1.2 * swell.next()) }
}
