/// The murmur of a room of people: two talkers an ear, each a breath of noise through two formants that move with
/// the vowels, rising and falling with syllables and pausing between phrases. The two share one noise: their
/// formants and syllables, not the noise, tell them apart.
struct Murmur: NoiseVoice {
    private struct Talker {
        var first = BandPass(hertz: 550, q: 2)
        var second = BandPass(hertz: 1600, q: 3)
        var vowel: Drift
        var syllable: Drift
        var phrase: Drift
        var level: Float = 0

        init(_ random: SoundRandom, salt: UInt64) {
            vowel = Drift(SoundRandom(seed: random.seedBits, salt: salt + 1), seconds: 0.16)
            syllable = Drift(SoundRandom(seed: random.seedBits, salt: salt + 2), seconds: 0.12)
            phrase = Drift(SoundRandom(seed: random.seedBits, salt: salt + 3), seconds: 1.8)
        }

        /// Moves the formants and the level, once every ``Murmur/retune`` samples.
        mutating func retune() {
            let v = vowel.next(frames: Murmur.retune)
            first.tune(Double(350 + 500 * v))
            second.tune(Double(2300 - 1100 * v))
            let s = syllable.next(frames: Murmur.retune)
            let speaking = max(0.2, phrase.next(frames: Murmur.retune) * 1.4 - 0.2)
            level = (0.15 + s * s) * speaking
        }

        mutating func next(_ x: Float) -> Float { (first.next(x) + 0.5 * second.next(x)) * level }
    }

    private var source: WhiteNoise
    private var one: Talker
    private var other: Talker
    private var countdown = 0
    fileprivate static let retune = 32

    init(_ random: SoundRandom) {
        source = WhiteNoise(SoundRandom(seed: random.seedBits, salt: 41))
        one = Talker(random, salt: 42)
        other = Talker(random, salt: 46)
    }

    mutating func next() -> Float {
        if countdown == 0 {
            countdown = Self.retune
            one.retune()
            other.retune()
        }
        countdown -= 1
        let x = source.next()
        return one.next(x) + other.next(x)
    }
}
