/// Foam on a sandy beach: the bright fizz of bubbles bursting in the wash, crackling and thinning as each wave
/// sinks into the sand.
struct Foam: NoiseVoice {
    private var source: WhiteNoise
    private var band = BandPass(hertz: 4200, q: 1.1)
    private var low = OnePole(hertz: 7000)
    private var crackle: Drift
    private var wash: Drift

    init(_ random: SoundRandom) {
        source = WhiteNoise(SoundRandom(seed: random.seedBits, salt: 111))
        crackle = Drift(SoundRandom(seed: random.seedBits, salt: 112), seconds: 0.03)
        wash = Drift(SoundRandom(seed: random.seedBits, salt: 113), seconds: 3)
    }

    mutating func next() -> Float {
        let c = crackle.next()
        return low.lowPass(band.next(source.next())) * (0.3 + 1.4 * c * c) * (0.3 + wash.next())
    }
}
