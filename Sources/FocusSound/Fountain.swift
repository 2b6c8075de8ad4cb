/// A fountain's jet falling into its basin: splashing noise that churns many times a second, for ``Drops`` of
/// ``FountainBubbles`` to burble on.
struct FountainSplash: NoiseVoice {
    private var source: WhiteNoise
    private var band = BandPass(hertz: 1600, q: 0.7)
    private var churn: Drift

    init(_ random: SoundRandom) {
        source = WhiteNoise(SoundRandom(seed: random.seedBits, salt: 71))
        churn = Drift(SoundRandom(seed: random.seedBits, salt: 72), seconds: 0.05)
    }

    mutating func next() -> Float {
        let c = churn.next()
        return band.next(source.next()) * (0.35 + 1.3 * c * c)
    }
}
