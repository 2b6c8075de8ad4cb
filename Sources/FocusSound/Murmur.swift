/// The murmur of a room of people: speech-band pink noise with the rise and fall of syllables.
struct Murmur: NoiseVoice {
    private var source: PinkNoise
    private var voice = BandPass(hertz: 550, q: 1.2)
    private var syllables: Drift
    private var phrases: Drift

    init(_ random: SoundRandom) {
        source = PinkNoise(SoundRandom(seed: random.seedBits, salt: 41))
        syllables = Drift(SoundRandom(seed: random.seedBits, salt: 42), seconds: 0.18)
        phrases = Drift(SoundRandom(seed: random.seedBits, salt: 43), seconds: 2.5)
    }

    mutating func next() -> Float {
        let s = syllables.next()
        return voice.next(source.next()) * (0.4 + s * s + 0.6 * phrases.next()) * 2.24
    }
}
