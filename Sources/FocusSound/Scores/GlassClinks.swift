/// Glasses in a busy café: set down, touched in a toast (two at once), a spoon against one.
struct GlassClinks: Score {
    private var random: SoundRandom

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        let hertz = random.double(in: 1900...3400)
        let glass = RingVoice(
            hertz: hertz,
            partials: [
                .init(ratio: 1, amplitude: 0.5, decay: random.double(in: 0.12...0.35)),
                .init(ratio: 2.32, amplitude: 0.22, decay: 0.08),
            ], loudness: random.uniform(0.3...1), pan: random.pan(), attack: 0.001)
        // A toast: the second glass rings a few milliseconds later.
        let wait = random.chance(0.2) ? random.double(in: 0.004...0.02) : random.interval(perSecond: 0.7)
        return (.ring(glass), wait)
    }
}
