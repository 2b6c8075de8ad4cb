/// Sparrows in the orange trees: bouts of short, bright cheeps from a few birds around the courtyard.
struct Sparrows: Score {
    private var random: SoundRandom
    private var cheeps = 0
    private var pitch = 0.0
    private var pan = Pan(0.5)

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        guard cheeps > 0 else {
            cheeps = Int(random.double(in: 2...7.99))
            pitch = random.double(in: 3200...4400)
            pan = random.pan(0.45)
            return (nil, random.interval(perSecond: 0.5))
        }
        cheeps -= 1
        let top = pitch * random.double(in: 1.15...1.35)
        let cheep = ToneVoice(
            contour: [
                (pitch * random.double(in: 0.9...1), 0.015), (top, random.double(in: 0.025...0.05)),
                (pitch * random.double(in: 0.85...0.95), 0),
            ], harmonics: [0.6, 0.1], envelope: Envelope(attack: 0.006, hold: 0.025, decay: 0.012), pan: pan,
            random: random.fork())
        return (.tone(cheep), random.double(in: 0.09...0.22))
    }
}
