/// Canal water lapping at the quay: low sloshes of noise, one every second or so, each with its own pitch.
struct Lapping: NoiseVoice {
    private var source: WhiteNoise
    private var band = BandPass(hertz: 320, q: 1.4)
    private var slosh: Drift
    private var pitch: Drift
    private var countdown = 0

    init(_ random: SoundRandom) {
        source = WhiteNoise(SoundRandom(seed: random.seedBits, salt: 81))
        slosh = Drift(SoundRandom(seed: random.seedBits, salt: 82), seconds: 0.45)
        pitch = Drift(SoundRandom(seed: random.seedBits, salt: 83), seconds: 0.9)
    }

    mutating func next() -> Float {
        if countdown == 0 {
            countdown = 64
            band.tune(Double(180 + 420 * pitch.next(frames: 64)))
        }
        countdown -= 1
        let s = slosh.next()
        return band.next(source.next()) * s * s * s
    }
}
