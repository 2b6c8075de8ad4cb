/// A reading room: a page turned now and then, and a pencil writing a line in short strokes.
struct PageTurns: Score {
    private var random: SoundRandom
    private var strokes = 0
    private var pan = Pan(0.5)

    init(_ random: SoundRandom) { self.random = random }

    mutating func next() -> (voice: Voice?, wait: Double) {
        if strokes > 0 {
            strokes -= 1
            let pencil = NoiseBurst(
                from: 4200, to: 3600, seconds: 0.08, q: 2.5, envelope: Envelope(attack: 0.01, hold: 0.04, decay: 0.02),
                pan: pan, random: random.fork())
            return (.noise(pencil), strokes == 0 ? random.interval(perSecond: 0.12) : random.double(in: 0.11...0.2))
        }
        pan = random.pan(0.4)
        if random.chance(0.35) {
            strokes = Int(random.double(in: 6...14.99))
            return (nil, 0.5)
        }
        let page = NoiseBurst(
            from: 1400, to: 4800, seconds: 0.35, q: 0.7, envelope: Envelope(attack: 0.12, hold: 0.08, decay: 0.09),
            pan: pan, random: random.fork())
        return (.noise(page), random.interval(perSecond: 0.1))
    }
}
