/// A low rumble, like an engine or a tram on its rails: low-passed brown noise that slowly swells.
struct Rumble: NoiseVoice {
    private var source: BrownNoise
    private var low = OnePole(hertz: 150)
    private var swell: Drift

    init(_ random: SoundRandom) {
        source = BrownNoise(SoundRandom(seed: random.seedBits, salt: 51))
        swell = Drift(SoundRandom(seed: random.seedBits, salt: 52), seconds: 4)
    }

    mutating func next() -> Float { low.lowPass(source.next()) * (0.6 + 0.6 * swell.next()) * 1.5 }
}
