/// Rain: a hiss of high-passed pink noise with single drops pattering on top.
struct Rain: NoiseVoice {
    private var bed: PinkNoise
    private var splash: WhiteNoise
    private var random: SoundRandom
    private var highPass = OnePole(hertz: 500)
    private var drop: Float = 0
    private static let dropDecay = Float(SoundMath.exp(-1 / (0.004 * Double(SoundFormat.sampleRate))))

    init(_ random: SoundRandom) {
        bed = PinkNoise(SoundRandom(seed: random.seedBits, salt: 11))
        splash = WhiteNoise(SoundRandom(seed: random.seedBits, salt: 12))
        self.random = random
    }

    mutating func next() -> Float {
        if random.chance(perSecond: 60) { drop = random.unit() }
        drop *= Self.dropDecay
        return (highPass.highPass(bed.next()) * 1.15 + splash.next() * drop * 1.2) * 1.35
    }
}
