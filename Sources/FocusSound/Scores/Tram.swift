/// Tram 28 climbing past: two strokes of its bell, the rumble of it drawing near and going by, its wheels
/// squealing in the curve; then the street is quiet until the next one.
struct Tram: Score {
    private var random: SoundRandom
    private var step = 0
    private var pan = Pan(0.5)
    /// The first tram comes soon, so a listener hears one early.
    private var rest: ClosedRange<Double> = 2...6

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        defer { step = (step + 1) % 5 }
        switch step {
        case 0:
            pan = random.pan(0.3)
            defer { rest = 30...55 }
            return (nil, random.double(in: rest))
        case 1, 2:
            let bell = RingVoice(
                hertz: 1480,
                partials: [
                    .init(ratio: 1, amplitude: 0.5, decay: 0.9), .init(ratio: 2.42, amplitude: 0.25, decay: 0.5),
                    .init(ratio: 3.9, amplitude: 0.12, decay: 0.25),
                ], loudness: 0.8, pan: pan, attack: 0.0015)
            return (.ring(bell), step == 1 ? 0.24 : 0.6)
        case 3:
            let rumble = NoiseBurst(
                from: 90, to: 160, seconds: 7, q: 0.8, lowPass: true,
                envelope: Envelope(attack: 6, hold: 2, decay: 2.5), pan: pan, random: random.fork())
            return (.noise(rumble), random.double(in: 5...6.5))
        default:
            let squeal = ToneVoice(
                contour: [(2900, 1.2), (3350, 1.5), (2750, 0)], harmonics: [0.12, 0.05],
                envelope: Envelope(attack: 0.5, hold: 1.8, decay: 0.5), pan: pan, vibrato: (6.5, 0.012), rasp: 0.5,
                random: random.fork())
            return (.tone(squeal), 1)
        }
    }
}
