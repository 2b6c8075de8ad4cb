/// A ferry's horn on the Bosphorus: a long, low, brassy blast, its echo off the far shore a moment later.
struct FerryHorn: Score {
    private enum Next { case rest, blast, echo }

    private var random: SoundRandom
    private var coming = Next.rest
    private var pitch = 0.0
    private var length = 0.0
    /// The first blast comes soon, so a listener hears it early.
    private var rest: ClosedRange<Double> = 4...10

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        switch coming {
        case .rest:
            coming = .blast
            defer { rest = 35...70 }
            return (nil, random.double(in: rest))
        case .blast:
            coming = .echo
            pitch = random.double(in: 105...135)
            length = random.double(in: 1.8...3)
            return (.tone(horn(loudness: 1, pan: Pan(0.62))), 0.7)
        case .echo:
            coming = .rest
            return (.tone(horn(loudness: 0.25, pan: Pan(0.3))), 0)
        }
    }

    private mutating func horn(loudness: Float, pan: Pan) -> ToneVoice {
        ToneVoice(
            contour: [(pitch * 0.97, 0.25), (pitch, 0)],
            harmonics: [0.5, 0.42, 0.34, 0.28, 0.2, 0.15, 0.1, 0.07].map { $0 * loudness },
            envelope: Envelope(attack: 0.3, hold: length, decay: 0.35), pan: pan, vibrato: (4.5, 0.002),
            random: random.fork())
    }
}
