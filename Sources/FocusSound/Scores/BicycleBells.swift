/// Bicycles along the canal: a thumb flicks the bell's lever, a quick trill of strokes, twice: "brring-brring".
struct BicycleBells: Score {
    private var random: SoundRandom
    private var strokes = 0
    private var pitch = 0.0
    private var pan = Pan(0.5)
    private var loudness: Float = 1

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        guard strokes > 0 else {
            strokes = 12
            pitch = random.double(in: 2900...3500)
            pan = random.pan(0.45)
            loudness = random.uniform(0.4...1)
            return (nil, random.double(in: 6...18))
        }
        strokes -= 1
        let bell = RingVoice(
            hertz: pitch,
            partials: [
                .init(ratio: 1, amplitude: 0.4, decay: 0.45), .init(ratio: 1.47, amplitude: 0.25, decay: 0.3),
                .init(ratio: 2.09, amplitude: 0.12, decay: 0.15),
            ], loudness: loudness * random.uniform(0.6...1), pan: pan, attack: 0.001)
        // Six strokes a ring, 18 a second, and a breath between the two rings.
        return (.ring(bell), strokes == 6 ? 0.28 : random.double(in: 0.05...0.06))
    }
}
