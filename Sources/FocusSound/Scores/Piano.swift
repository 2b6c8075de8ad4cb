/// A piano in the corner of the coffee house, played softly: phrases of a slow waltz in D major, now and then a chord.
struct Piano: Score {
    private var random: SoundRandom
    private var notes = 0
    private var degree = 7
    /// D major over two octaves and a bit, from D3.
    private static let scale = [
        146.83, 164.81, 185.0, 196.0, 220.0, 246.94, 277.18, 293.66, 329.63, 369.99, 392.0,
        440.0, 493.88, 554.37, 587.33, 659.26, 739.99,
    ]

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        guard notes > 0 else {
            notes = Int(random.double(in: 6...14.99))
            degree = Int(random.double(in: 4...12.99))
            return (nil, random.double(in: 2...6))
        }
        notes -= 1
        degree = min(Self.scale.count - 1, max(0, degree + Int(random.double(in: -3...3.99))))
        let chord = random.chance(0.2)
        let note = Self.note(
            Self.scale[degree], loudness: random.uniform(0.5...0.8) * (chord ? 0.7 : 1), random: &random)
        if chord, degree >= 4 {
            // The bass of the chord a sixth below, on the same sample.
            degree -= 4
            return (.ring(note), 0)
        }
        return (.ring(note), random.chance(0.15) ? 0.9 : random.double(in: 0.36...0.44))
    }

    /// A soft piano note: slightly stretched harmonics, the upper ones dying away first, the felt damping it
    /// within a few seconds.
    private static func note(_ hertz: Double, loudness: Float, random: inout SoundRandom) -> RingVoice {
        let partials = (1...4).map { k -> RingVoice.Partial in
            let n = Double(k)
            return .init(ratio: n * (1 + 0.0004 * n * n), amplitude: 0.5 / Float(k * k), decay: 0.9 / n)
        }
        return RingVoice(hertz: hertz, partials: partials, loudness: loudness, pan: random.pan(0.15), attack: 0.003)
    }
}
