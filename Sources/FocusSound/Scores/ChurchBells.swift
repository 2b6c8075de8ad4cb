/// A church bell across the roofs: it tolls three to six strokes, then is quiet for half a minute or so.
struct ChurchBells: Score {
    private var random: SoundRandom
    private var strokesLeft = 0
    private var hertz = 0.0
    private var pan = Pan(0.5)
    /// The first toll comes soon, so a listener hears the bell early.
    private var rest: ClosedRange<Double> = 3...10

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        guard strokesLeft > 0 else {
            strokesLeft = Int(random.double(in: 3...6.99))
            hertz = random.double(in: 290...400)
            pan = random.pan(0.3)
            defer { rest = 20...45 }
            return (nil, random.double(in: rest))
        }
        strokesLeft -= 1
        let bell = RingVoice(
            hertz: hertz, partials: Bell.partials(brightness: 0.6, decay: 2.4),
            loudness: random.uniform(0.85...1), pan: pan, attack: 0.002)
        return (.ring(bell), random.double(in: 2.3...2.6))
    }
}
