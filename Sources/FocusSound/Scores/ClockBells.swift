/// The astronomical clock striking: the small bell Death rings, quick and high, then the deep hour bell, slowly.
struct ClockBells: Score {
    private var random: SoundRandom
    private var small = 0
    private var hours = 0
    /// The first chime comes soon, so a listener hears the clock early.
    private var rest: ClosedRange<Double> = 2...6

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        if small > 0 {
            small -= 1
            let bell = RingVoice(
                hertz: 1046 * random.double(in: 0.997...1.003), partials: Bell.partials(brightness: 0.8, decay: 0.9),
                loudness: random.uniform(0.35...0.45), pan: Pan(0.38), attack: 0.0015)
            return (.ring(bell), small == 0 ? 1.5 : random.double(in: 0.3...0.36))
        }
        if hours > 0 {
            hours -= 1
            let bell = RingVoice(
                hertz: 196, partials: Bell.partials(brightness: 0.9, decay: 2.6), loudness: random.uniform(0.9...1),
                pan: Pan(0.55), attack: 0.003)
            return (.ring(bell), 2.8)
        }
        small = Int(random.double(in: 6...10.99))
        hours = Int(random.double(in: 3...6.99))
        defer { rest = 12...22 }
        return (nil, random.double(in: rest))
    }
}
