/// A ferry's diesel below deck: a deep rumble that throbs with the engine's beat, over its low hum.
struct Engine: NoiseVoice {
    private var source: BrownNoise
    private var low = OnePole(hertz: 220)
    private var beat: Float
    private var hum: Float = 0
    private let table = SineTable.values
    private static let beatStep = Float(6.2 / Double(SoundFormat.sampleRate))
    private static let humStep = Float(47.0 / Double(SoundFormat.sampleRate))

    init(_ random: SoundRandom) {
        var random = random
        source = BrownNoise(SoundRandom(seed: random.seedBits, salt: 91))
        beat = random.unit()
    }

    mutating func next() -> Float {
        beat += Self.beatStep
        if beat >= 1 { beat -= 1 }
        hum += Self.humStep
        if hum >= 1 { hum -= 1 }
        let throb = 1 + 0.5 * table[Int(beat * Float(SineTable.size)) & SineTable.mask]
        let tone = table[Int(hum * Float(SineTable.size)) & SineTable.mask]
        let overtone = table[(Int(hum * Float(SineTable.size)) &* 2) & SineTable.mask]
        return (low.lowPass(source.next()) * 1.6 + 0.22 * tone + 0.12 * overtone) * throb
    }
}
