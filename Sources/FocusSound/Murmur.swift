/// The murmur of a room of people: two talkers an ear, each a breath of noise through two formants that move with
/// the vowels, rising and falling with syllables and pausing between phrases.
struct Murmur: NoiseVoice {
    private struct Talker {
        var source: WhiteNoise
        var first = BandPass(hertz: 550, q: 2)
        var second = BandPass(hertz: 1600, q: 3)
        var vowel: Drift
        var syllable: Drift
        var phrase: Drift
        var level: Float = 0

        init(_ random: SoundRandom, salt: UInt64) {
            source = WhiteNoise(SoundRandom(seed: random.seedBits, salt: salt))
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
            let speaking = max(0, phrase.next(frames: Murmur.retune) * 1.6 - 0.4)
            level = (0.15 + s * s) * speaking
        }

        mutating func next() -> Float {
            let x = source.next()
            return (first.next(x) + 0.5 * second.next(x)) * level
        }
    }

    private var talkers: [Talker]
    private var countdown = 0
    fileprivate static let retune = 32

    init(_ random: SoundRandom) { talkers = [Talker(random, salt: 41), Talker(random, salt: 45)] }

    mutating func next() -> Float {
        if countdown == 0 {
            countdown = Self.retune
            talkers[0].retune()
            talkers[1].retune()
        }
        countdown -= 1
        return talkers[0].next() + talkers[1].next()
    }
}
