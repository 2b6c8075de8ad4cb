/// Gulls over the water: a rising then falling, nasal cry, alone or in a laughing run, from near or far.
struct Gulls: Score {
    private var random: SoundRandom
    private var calls = 0
    private var pitch = 0.0
    private var pan = Pan(0.5)
    private var loudness: Float = 1

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        guard calls > 0 else {
            calls = random.chance(0.4) ? Int(random.double(in: 3...7.99)) : Int(random.double(in: 1...2.99))
            pitch = random.double(in: 1050...1500)
            pan = random.pan(0.45)
            loudness = random.uniform(0.3...1)
            return (nil, random.interval(perSecond: 0.18))
        }
        calls -= 1
        let length = random.double(in: 0.16...0.34)
        // A far gull loses its upper harmonics first.
        let far = 1 - loudness
        let cry = ToneVoice(
            contour: [(pitch, 0.04), (pitch * random.double(in: 1.3...1.6), length), (pitch * 0.8, 0)],
            harmonics: [0.35, 0.3, 0.22 * (1 - far), 0.12 * (1 - far)].map { $0 * loudness },
            envelope: Envelope(attack: 0.02, hold: length * 0.7, decay: 0.06), pan: pan, rasp: 0.35,
            random: random.fork())
        return (.tone(cry), length + random.double(in: 0.08...0.2))
    }
}
