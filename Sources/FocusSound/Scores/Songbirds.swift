/// A park at dawn: blackbirds and robins singing phrases of fluting, gliding notes, near and far.
struct Songbirds: Score {
    private var random: SoundRandom
    private var notes = 0
    private var centre = 0.0
    private var pan = Pan(0.5)
    private var loudness: Float = 1

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        guard notes > 0 else {
            notes = Int(random.double(in: 4...10.99))
            centre = random.double(in: 1700...3200)
            pan = random.pan(0.45)
            loudness = random.uniform(0.25...1)
            return (nil, random.interval(perSecond: 0.45))
        }
        notes -= 1
        let length = random.double(in: 0.06...0.26)
        let from = centre * random.double(in: 0.75...1.3)
        let to = from * random.double(in: 0.7...1.45)
        let trill = random.chance(0.3)
        let note = ToneVoice(
            contour: [(from, length), (to, 0)], harmonics: [0.5 * loudness, 0.06 * loudness],
            envelope: Envelope(attack: 0.012, hold: length * 0.6, decay: length * 0.25), pan: pan,
            vibrato: trill ? (random.double(in: 18...32), 0.06) : (random.double(in: 4...7), 0.01),
            random: random.fork())
        return (.tone(note), length + random.double(in: 0.03...0.12))
    }
}
