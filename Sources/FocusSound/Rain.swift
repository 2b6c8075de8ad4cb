/// The hiss of rain further off: pink noise above 500 Hz, for the drops of ``RainPatter`` to fall on.
struct RainBed: NoiseVoice {
    private var source: PinkNoise
    private var highPass = OnePole(hertz: 500)

    init(_ random: SoundRandom) { source = PinkNoise(SoundRandom(seed: random.seedBits, salt: 11)) }

    mutating func next() -> Float { highPass.highPass(source.next()) }
}
